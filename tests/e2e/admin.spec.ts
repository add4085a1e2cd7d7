// The staff screens as staff use them: sign-in at /admin, then the dashboard at /admin/dashboard. Every test
// makes its own rows (tagged with a unique last name and found through the search box), so tests running in
// parallel against the one e2e server never see each other's data. The staff account comes from ADMIN_USERNAME and
// ADMIN_PASSWORD in the web server's environment (playwright.config.ts).
import { readFile } from "node:fs/promises";
import { SYNC_FAILED } from "../../shared/admin";
import { formatCalendarDate } from "../../shared/calendar-dates";
import { expect, expectAxeClean, jumpTo, open, test } from "./fixtures";
import {
  createEnrollment,
  createIntake,
  daysFromToday,
  enrollmentCard,
  openDashboard,
  STAFF,
  searchEnrollments,
  signIn,
  submitPublicForm,
  uniqueTag,
} from "./staff-helpers";

test.describe("enrollments", () => {
  test("the tabs count each course and each enrollment shows its details", async ({
    page,
    request,
    baseURL,
  }, testInfo) => {
    const tag = uniqueTag(testInfo);
    const origin = baseURL ?? "";
    await createEnrollment(request, origin, "basic", { lastName: tag, email: `basic.${tag}@example.com` });
    await createEnrollment(request, origin, "advanced", {
      firstName: "Jone",
      lastName: tag,
      email: `advanced.${tag}@example.com`,
    });
    await createEnrollment(request, origin, "instructor", {
      firstName: "Salote",
      lastName: tag,
      email: `instructor.${tag}@example.com`,
    });
    await signIn(page, origin);
    await openDashboard(page);

    await searchEnrollments(page, tag, 3);
    for (const name of ["Pending (3)", "Basic (1)", "Advanced (1)", "Instructor (1)"]) {
      await expect(page.getByRole("tab", { name })).toBeVisible();
    }
    await expect(page.getByText("Showing 1-3 of 3")).toBeVisible();

    await page.getByRole("tab", { name: "Advanced (1)" }).click();
    const card = enrollmentCard(page, `Jone ${tag}`);
    await expect(card).toBeVisible();
    await expect(page.getByRole("article")).toHaveCount(1);
    await expect(card.getByRole("link", { name: `advanced.${tag}@example.com` })).toHaveAttribute(
      "href",
      `mailto:advanced.${tag}@example.com`,
    );
    await expect(card).toContainText("Advanced RPAS Pilot");
    await expect(card).toContainText("Bachelor's Degree");
    await expect(card).toContainText("62.5 hours");
    await expect(card).toContainText("(Fiji time)");
    await expect(card.getByRole("button", { name: "Mark as Processed" })).toBeVisible();
    await card.getByText("More details").click();
    await expect(card).toContainText("DJI Mavic 3");
    await expect(card).toContainText("Available on weekdays.");
  });

  test("Mark as Processed takes notes in a dialog and moves the enrollment out of Pending", async ({
    page,
    request,
    baseURL,
  }, testInfo) => {
    const tag = uniqueTag(testInfo);
    const id = await createEnrollment(request, baseURL ?? "", "basic", {
      firstName: "Litia",
      lastName: tag,
      email: `litia.${tag}@example.com`,
    });
    await signIn(page, baseURL ?? "");
    await openDashboard(page);
    await searchEnrollments(page, tag, 1);
    await page.getByRole("tab", { name: "Pending (1)" }).click();

    const card = enrollmentCard(page, `Litia ${tag}`);
    await card.getByRole("button", { name: "Mark as Processed" }).click();
    const dialog = page.getByRole("dialog", { name: "Mark as Processed" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Cancel" })).toBeVisible();
    await expectAxeClean(page, "the page with the dialog open");

    await dialog.getByLabel(/^Notes/).fill("Called on Monday; paid the deposit.");
    await dialog.getByRole("button", { name: "Confirm" }).click();
    await expect(page.getByText("Enrollment marked as processed", { exact: true })).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("tab", { name: "Pending (0)" })).toBeVisible();
    await expect(card).toHaveCount(0);

    await page.getByRole("tab", { name: "All (1)" }).click();
    await expect(card).toContainText(`Processed by ${STAFF.username}`);
    await expect(card).toContainText("Called on Monday; paid the deposit.");
    await expect(card.getByRole("button", { name: "Mark as Processed" })).toHaveCount(0);

    // The activity log records who did it.
    await page.getByRole("tab", { name: "Activity" }).click();
    await expect(
      page
        .getByRole("row")
        .filter({ hasText: `enrollment ${id}` })
        .filter({ hasText: STAFF.username }),
    ).toContainText("Marked enrollment as processed");
    await expectAxeClean(page, "the activity view");
  });

  test("Export CSV downloads a dated file with the spec's columns, then the training ones, and the new rows", async ({
    page,
    request,
    baseURL,
  }, testInfo) => {
    const tag = uniqueTag(testInfo);
    const email = `csv.${tag}@example.com`;
    const id = await createEnrollment(request, baseURL ?? "", "basic", {
      firstName: "Sione",
      lastName: tag,
      email,
    });
    const location = `Nadi ${tag}`;
    const startDate = daysFromToday(60);
    const intakeId = await createIntake(request, baseURL ?? "", { courseType: "basic", location, startDate });
    const heldId = await createEnrollment(request, baseURL ?? "", "basic", {
      firstName: "Litia",
      lastName: tag,
      email: `held.${tag}@example.com`,
      intakeId,
    });
    await signIn(page, baseURL ?? "");
    await openDashboard(page);

    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "Export CSV" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^enrollments-\d{4}-\d{2}-\d{2}\.csv$/);
    const path = await file.path();
    const lines = (await readFile(path, "utf8")).replace(/^\uFEFF/, "").split(/\r?\n/);
    // The spec's columns first and unchanged, then the intake and payment ones.
    expect(lines[0]).toBe(
      "ID,Course Type,First Name,Last Name,Email,Phone,Education,Flying Hours,PIC Hours,Drone Experience," +
        "Submitted Date,Processed,Processing Notes,Intake,Place,Fee,Paid,Due",
    );
    const row = lines.find((line) => line.startsWith(`${id},`));
    expect(row, "the new enrollment's row").toBeDefined();
    expect(row).toContain(`Basic RPAS Pilot,Sione,${tag},${email}`);
    expect(row).toMatch(/,No,,Any upcoming date,,,,$/);
    const held = lines.find((line) => line.startsWith(`${heldId},`));
    expect(held).toContain(`Basic RPAS Pilot,Litia,${tag},held.${tag}@example.com`);
    expect(held).toContain(`,No,,"${formatCalendarDate(startDate)} to `);
    expect(held).toMatch(new RegExp(`, ${location}",Held,"?FJD [\\d,]+\\.00"?,FJD 0\\.00,FJD 0\\.00$`));
  });

  test.describe("when Google Sheets is not configured", () => {
    test.use({ allowedConsoleErrors: [/status of 503/] });

    test("Sync to Google Sheets shows the Sync Failed toast", async ({ page, baseURL }) => {
      await signIn(page, baseURL ?? "");
      await openDashboard(page);
      await page.getByRole("button", { name: "Sync to Google Sheets" }).click();
      await expect(page.getByText(SYNC_FAILED.title, { exact: true })).toBeVisible();
      await expect(page.getByText(SYNC_FAILED.description, { exact: true })).toBeVisible();
      await expect(page.getByRole("button", { name: "Sync to Google Sheets" })).toBeEnabled();
    });
  });

  test("a stored script shows as plain text and never runs", async ({ page, request, baseURL }, testInfo) => {
    const tag = uniqueTag(testInfo);
    const script = `<img src=x onerror="window.__xss=1">`;
    await createEnrollment(request, baseURL ?? "", "basic", {
      firstName: script,
      lastName: tag,
      email: `xss.${tag}@example.com`,
    });
    await signIn(page, baseURL ?? "");
    await openDashboard(page);
    await searchEnrollments(page, tag, 1);
    await expect(page.getByRole("heading", { level: 3, name: `${script} ${tag}` })).toBeVisible();
    expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined();
    expect(await page.evaluate(() => document.querySelectorAll('img[src="x"]').length)).toBe(0);
  });
});

test.describe("messages and reviews", () => {
  test("an approved review appears on the landing page", async ({ page, request, baseURL }, testInfo) => {
    const tag = uniqueTag(testInfo);
    const name = `Reviewer ${tag}`;
    const text = `Clear briefings and safe flying, ${tag}.`;
    const posted = await submitPublicForm(request, baseURL ?? "", "/api/reviews", {
      name,
      position: "Survey Lead",
      rating: 5,
      text,
    });
    expect(posted.status(), await posted.text()).toBe(201);

    await signIn(page, baseURL ?? "");
    await openDashboard(page);
    await page.getByRole("tab", { name: "Reviews" }).click();
    const card = page.getByRole("article", { name });
    await expect(card).toContainText(text);
    await expect(card.getByRole("img", { name: "Rated 5 out of 5" })).toBeVisible();
    await card.getByRole("button", { name: "Approve" }).click();
    await expect(page.getByText("Review approved", { exact: true })).toBeVisible();
    // The list shows pending reviews, so the approved one leaves it.
    await expect(card).toHaveCount(0);

    await open(page, "/");
    await jumpTo(page, "client-reviews");
    const reviews = page.locator("section#client-reviews");
    await expect(reviews.getByText(text)).toBeVisible();
    await expect(reviews.getByText(name)).toBeVisible();
  });

  test("a contact message can be marked as handled", async ({ page, request, baseURL }, testInfo) => {
    const tag = uniqueTag(testInfo);
    const posted = await submitPublicForm(request, baseURL ?? "", "/api/contacts", {
      firstName: "Akosita",
      lastName: tag,
      email: `akosita.${tag}@example.com`,
      serviceInterest: "Consultancy Services",
      message: `Please call me about a survey, ${tag}.`,
    });
    expect(posted.status(), await posted.text()).toBeLessThan(300);

    await signIn(page, baseURL ?? "");
    await openDashboard(page);
    await page.getByRole("tab", { name: "Messages" }).click();
    const card = page.getByRole("article", { name: `Akosita ${tag}` });
    await expect(card).toContainText(`Please call me about a survey, ${tag}.`);
    await card.getByRole("button", { name: "Mark as handled" }).click();
    await expect(page.getByText("Message marked as handled", { exact: true })).toBeVisible();
    await expect(card).toHaveCount(0);

    await page.getByLabel("Show").selectOption("handled");
    await expect(card).toContainText(`Handled by ${STAFF.username}`);
  });
});

// The staff screens as staff use them: sign-in at /admin, then the dashboard at /admin/dashboard. Every test
// makes its own rows (tagged with a unique last name and found through the search box), so tests running in
// parallel against the one e2e server never see each other's data. The staff account comes from ADMIN_USERNAME and
// ADMIN_PASSWORD in the web server's environment (playwright.config.ts).
import { readFile } from "node:fs/promises";
import type { APIRequestContext, Page, TestInfo } from "@playwright/test";
import { CSV_COLUMNS, INVALID_CREDENTIALS, MISSING_CREDENTIALS, SYNC_FAILED } from "../../shared/admin";
import { axeViolations, expect, jumpTo, open, test } from "./fixtures";

const STAFF = { username: "staff", password: "correct-horse-battery-staple" };

/** The browser's own console line for a refused request: expected where a test meets a 401 or a 503 on purpose. */
const STATUS_401 = /status of 401/;

/**
 * Lower-case letters and digits (e-mails are stored lower-cased), so the tag is a valid name part, an e-mail part and
 * a search term that matches only this test's rows.
 */
function uniqueTag(testInfo: TestInfo): string {
  return `qa${Date.now().toString(36)}${testInfo.workerIndex}${Math.random().toString(36).slice(2, 7)}`;
}

type Course = "basic" | "advanced" | "instructor";

/** Submits an enrollment through the public API, as the enrollment form would, well past the anti-spam minimum. */
async function createEnrollment(
  request: APIRequestContext,
  baseURL: string,
  course: Course,
  fields: { firstName?: string; lastName: string; email: string },
): Promise<number> {
  const experienced =
    course === "basic"
      ? { hasDroneExperience: true, droneExperienceDetails: "Hobby flying on weekends." }
      : { dronesFlown: "DJI Mavic 3", totalFlyingHours: 62.5, totalPICHours: 40 };
  const response = await request.post(`/api/enrollment/${course}`, {
    headers: { Origin: baseURL },
    data: {
      firstName: "Mere",
      phone: "+679 999 0000",
      highestEducation: "bachelor",
      additionalInfo: "Available on weekdays.",
      ...experienced,
      ...fields,
      website: "",
      formStartedAt: Date.now() - 60_000,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

/** Signs the page's browser context in without the form (the form has a test of its own). */
async function signIn(page: Page, baseURL: string): Promise<void> {
  const response = await page.request.post("/api/admin/login", { headers: { Origin: baseURL }, data: STAFF });
  expect(response.status(), await response.text()).toBe(200);
}

async function openDashboard(page: Page): Promise<void> {
  await open(page, "/admin/dashboard");
  await expect(page.getByRole("button", { name: "Log out" })).toBeVisible();
}

/** Narrows the enrollment list to one test's rows and waits until the tabs count them. */
async function searchEnrollments(page: Page, tag: string, expectedTotal: number): Promise<void> {
  await page.getByLabel("Search enrollments").fill(tag);
  await expect(page.getByRole("tab", { name: `All (${expectedTotal})` })).toBeVisible();
}

function enrollmentCard(page: Page, name: string) {
  return page.getByRole("article", { name });
}

test.describe("sign-in", () => {
  test("an empty form is refused with the validation message, and /admin passes axe", async ({ page }) => {
    const posts: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST") posts.push(request.url());
    });
    await open(page, "/admin");
    await page.getByLabel("Username").fill("   ");
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page.getByRole("alert")).toHaveText(MISSING_CREDENTIALS);
    await expect(page.getByText("Missing Information", { exact: true })).toBeVisible();
    await expect(page.getByLabel("Username")).toHaveAttribute("aria-invalid", "true");
    expect(posts).toEqual([]);

    const violations = await axeViolations(page);
    expect(violations, `axe on /admin:\n${violations.join("\n")}`).toEqual([]);
  });

  test("the reveal toggle switches the password field and its own name", async ({ page }) => {
    await open(page, "/admin");
    const password = page.getByLabel("Password", { exact: true });
    await password.fill("s3cret value");
    await expect(password).toHaveAttribute("type", "password");
    await page.getByRole("button", { name: "Show password" }).click();
    await expect(password).toHaveAttribute("type", "text");
    await expect(password).toHaveValue("s3cret value");
    await page.getByRole("button", { name: "Hide password" }).click();
    await expect(password).toHaveAttribute("type", "password");
    await expect(page.getByRole("button", { name: "Show password" })).toBeVisible();
  });

  test.describe("with a refused request", () => {
    test.use({ allowedConsoleErrors: [STATUS_401] });

    test("the dashboard without a session sends the visitor to /admin", async ({ page }) => {
      await page.goto("/admin/dashboard");
      await expect(page).toHaveURL(/\/admin$/);
      await expect(page.getByRole("heading", { level: 1, name: "Staff Sign In" })).toBeVisible();
    });

    test("a wrong password shows the inline message and the Login Failed toast", async ({
      page,
    }, testInfo) => {
      await open(page, "/admin");
      // Not 'staff': failed attempts are throttled per username, and other tests sign in as staff.
      await page.getByLabel("Username").fill(`nobody-${uniqueTag(testInfo)}`);
      await page.getByLabel("Password", { exact: true }).fill("not-the-password");
      await page.getByRole("button", { name: "Sign In" }).click();
      await expect(page.getByRole("alert")).toHaveText(INVALID_CREDENTIALS);
      await expect(page.getByText("Login Failed", { exact: true })).toBeVisible();
      await expect(
        page.getByText("Please check your credentials and try again.", { exact: true }),
      ).toBeVisible();
      await expect(page).toHaveURL(/\/admin$/);
    });
  });

  test("signing in shows the busy label, then the dashboard with the username (axe clean)", async ({
    page,
  }) => {
    await open(page, "/admin");
    // Hold the request so the busy state can be seen.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const sent: unknown[] = [];
    await page.route("**/api/admin/login", async (route) => {
      sent.push(route.request().postDataJSON());
      await held;
      await route.continue();
    });
    await page.getByLabel("Username").fill(`  ${STAFF.username} `);
    await page.getByLabel("Password", { exact: true }).fill(STAFF.password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page.getByRole("button", { name: "Signing in..." })).toBeDisabled();
    release();

    await expect(page.getByText("Login Successful", { exact: true })).toBeVisible();
    await expect(page.getByText("Redirecting to admin dashboard...", { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    // The username is trimmed; the password goes exactly as typed.
    expect(sent).toEqual([{ username: STAFF.username, password: STAFF.password }]);
    await expect(page.getByRole("banner")).toContainText(STAFF.username);
    await expect(page.getByRole("heading", { level: 1, name: "Admin Dashboard" })).toBeVisible();
    const summary = page.getByRole("region", { name: "Summary" });
    for (const card of ["Total Enrollments", "Processed", "Pending", "Active Courses"]) {
      await expect(summary.getByText(card, { exact: true })).toBeVisible();
    }
    await expect(page.getByRole("table", { name: /Enrollments per week/ })).toBeAttached();
    await expect(page.getByRole("tab", { name: /^All \(\d+\)$/ })).toBeVisible();

    const violations = await axeViolations(page);
    expect(violations, `axe on the dashboard:\n${violations.join("\n")}`).toEqual([]);
  });
});

test("the dashboard shows 'Verifying access...' while it checks the session", async ({ page, baseURL }) => {
  await signIn(page, baseURL ?? "");
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/api/admin/auth", async (route) => {
    await held;
    await route.continue();
  });
  await open(page, "/admin/dashboard");
  await expect(page.getByRole("status")).toHaveText("Verifying access...");
  release();
  await expect(page.getByRole("button", { name: "Log out" })).toBeVisible();
  await expect(page.getByText("Verifying access...")).toHaveCount(0);
});

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
    const violations = await axeViolations(page);
    expect(violations, `axe with the dialog open:\n${violations.join("\n")}`).toEqual([]);

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
    const activityViolations = await axeViolations(page);
    expect(activityViolations, `axe on the activity view:\n${activityViolations.join("\n")}`).toEqual([]);
  });

  test("Export CSV downloads a dated file with the spec's columns and the new row", async ({
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
    await signIn(page, baseURL ?? "");
    await openDashboard(page);

    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "Export CSV" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^enrollments-\d{4}-\d{2}-\d{2}\.csv$/);
    const path = await file.path();
    const lines = (await readFile(path, "utf8")).replace(/^\uFEFF/, "").split(/\r?\n/);
    expect(lines[0]).toBe(CSV_COLUMNS.join(","));
    const row = lines.find((line) => line.startsWith(`${id},`));
    expect(row, "the new enrollment's row").toBeDefined();
    expect(row).toContain(`Basic RPAS Pilot,Sione,${tag},${email}`);
    expect(row).toMatch(/,No,$/);
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
    const posted = await request.post("/api/reviews", {
      headers: { Origin: baseURL ?? "" },
      data: {
        name,
        position: "Survey Lead",
        rating: 5,
        text,
        website: "",
        formStartedAt: Date.now() - 60_000,
      },
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
    const posted = await request.post("/api/contacts", {
      headers: { Origin: baseURL ?? "" },
      data: {
        firstName: "Akosita",
        lastName: tag,
        email: `akosita.${tag}@example.com`,
        serviceInterest: "Consultancy Services",
        message: `Please call me about a survey, ${tag}.`,
        website: "",
        formStartedAt: Date.now() - 60_000,
      },
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

test.describe("sign-out", () => {
  test.use({ allowedConsoleErrors: [STATUS_401] });

  test("Log out returns to /admin and the dashboard then redirects there", async ({ page, baseURL }) => {
    await signIn(page, baseURL ?? "");
    await openDashboard(page);
    await page.getByRole("button", { name: "Log out" }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole("heading", { level: 1, name: "Staff Sign In" })).toBeVisible();

    await page.goto("/admin/dashboard");
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole("heading", { level: 1, name: "Staff Sign In" })).toBeVisible();
  });
});

// Applicant self-service in the browser: apply for an intake on the enrollment form, open the confirm link from the
// application e-mail and press its button, sign in at /my-training with the e-mailed code, see the application,
// download its calendar file and cancel the place.
import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { CONFIRM_LINK_INVALID_MESSAGE, COURSE_RESULT_MESSAGE } from "../../shared/applicant";
import type { StaffPlace } from "../../shared/training";
import { axeViolations, expect, open, test, waitForHydration } from "./fixtures";
import { createEnrollment, createIntake, daysFromToday, uniqueTag } from "./staff-helpers";
import { bodyText, mailsTo, readSignInMail } from "./subscriber";

// Public POSTs are limited per client address; this file's tests count as one client of their own.
test.use({ extraHTTPHeaders: { "X-Forwarded-For": "198.51.100.57" } });

/** The confirm link of the application e-mail to `email`, once the outbox has sent it. */
async function confirmLinkFor(email: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const texts = (await mailsTo(email)).map(bodyText);
        link = texts
          .map((text) => /https?:\/\/\S+(\/my-training\/confirm\?token=[\w.-]+)/.exec(text)?.[1])
          .find(Boolean);
        return Boolean(link);
      },
      { message: `the application e-mail to ${email}`, timeout: 10_000 },
    )
    .toBe(true);
  return link ?? "";
}

async function expectNoAxeViolations(page: Page, when: string) {
  const violations = await axeViolations(page);
  expect(violations, `axe ${when}:\n${violations.join("\n")}`).toEqual([]);
}

test("an applicant confirms their address, follows the application at /my-training, downloads its .ics and cancels", async ({
  page,
  baseURL,
}, testInfo) => {
  const tag = uniqueTag(testInfo);
  const email = `${tag}@example.com`;
  const location = `Savusavu ${tag}`;
  const startDate = daysFromToday(60);
  const intakeId = await createIntake(page.context().request, baseURL ?? "", {
    courseType: "basic",
    location,
    startDate,
  });
  await page.context().clearCookies();

  // Apply on the form, the intake preselected as the schedule's link does.
  await open(page, `/enroll/basic?intake=${intakeId}`);
  await expect(page.getByLabel("Intake")).toHaveValue(String(intakeId));
  await page.getByLabel(/^First Name/).fill("Litia");
  await page.getByLabel(/^Last Name/).fill("Vakaloloma");
  await page.getByLabel(/^Email Address/).fill(email);
  await page.getByLabel(/^Phone Number/).fill("+679 990 4455");
  await page.getByLabel(/^Highest Education/).selectOption("bachelor");
  await page.getByRole("button", { name: "Submit Enrollment" }).click();
  await expect(page.getByText("Enrollment Submitted Successfully!", { exact: true })).toBeVisible();
  const note = page.getByRole("status").filter({ hasText: "A seat is held for you" });
  await expect(note.getByRole("link", { name: "My training" })).toHaveAttribute("href", "/my-training");

  // The e-mail's link opens a page that only shows what it confirms; the button confirms.
  const link = await confirmLinkFor(email);
  await open(page, link);
  await expect(page.getByRole("heading", { level: 1, name: "Confirm your e-mail address" })).toBeVisible();
  await expect(page.getByText(location, { exact: false })).toBeVisible();
  await expectNoAxeViolations(page, "on the confirm page");
  await page.getByRole("button", { name: "Confirm my address" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "your e-mail address is confirmed" }),
  ).toBeVisible();
  await page.getByRole("link", { name: "See my applications" }).click();

  // Signed out, /my-training offers the e-mail code; the code signs in back to /my-training.
  await expect(page).toHaveURL(/\/my-training$/);
  await waitForHydration(page);
  await page.getByLabel("Email address").fill(email);
  await page.getByRole("button", { name: "Email me a sign-in code" }).click();
  // The application e-mail came first; the sign-in e-mail is the second to this address.
  const { code } = await readSignInMail(email, 2);
  await page.getByLabel("Sign-in code").fill(code);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();

  const application = page.getByRole("article", { name: "Basic RPAS Pilot course" });
  await expect(application).toBeVisible();
  await expect(application).toContainText("Applied: seat held");
  await expect(application).toContainText(location);
  await expect(application).toContainText("Fee:FJD 300.00");
  await expectNoAxeViolations(page, "on the list");

  // The calendar file: a timed event in Fiji time from the first day's start, repeated each course day.
  const downloading = page.waitForEvent("download");
  await application.getByRole("link", { name: "Add to calendar" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`course-${startDate}.ics`);
  const ics = await readFile((await download.path()) ?? "", "utf8");
  expect(ics).toContain(`DTSTART;TZID=Pacific/Fiji:${startDate.replaceAll("-", "")}T083000`);
  expect(ics).toContain(`LOCATION:${location}`);

  // Cancelling says first what it gives back, then frees the seat.
  await application.getByRole("button", { name: "Cancel my place" }).click();
  const dialog = page.getByRole("dialog", { name: "Cancel your place?" });
  await expect(dialog).toContainText("Nothing has been paid, so nothing is refunded: your seat is freed");
  await expectNoAxeViolations(page, "with the cancel dialog open");
  await dialog.getByRole("button", { name: "Cancel my place" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("Your place is cancelled and freed.").first()).toBeVisible();
  await expect(application).toContainText("Cancelled");
  await expect(application.getByRole("button", { name: "Cancel my place" })).toHaveCount(0);
  await expect(application.getByRole("link", { name: "Add to calendar" })).toHaveCount(0);
});

test("a place with a course result can no longer be cancelled at /my-training; its money is written in full", async ({
  page,
  request,
  baseURL,
}, testInfo) => {
  const origin = baseURL ?? "";
  const tag = uniqueTag(testInfo);
  const email = `${tag}@example.com`;
  const intakeId = await createIntake(request, origin, {
    courseType: "advanced",
    location: `Levuka ${tag}`,
    feeCents: 280_000,
  });
  await createEnrollment(request, origin, "advanced", { firstName: "Vika", lastName: tag, email, intakeId });
  const [place] = (await (await request.get(`/api/admin/intakes/${intakeId}/places`)).json()) as StaffPlace[];
  if (!place) throw new Error("no place");
  const confirmed = await request.post(`/api/admin/places/${place.id}/confirm`, {
    headers: { Origin: origin },
    data: { reason: "Sponsored by the employer (browser test)" },
  });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  // Every e-mail so far has gone (application, confirmation), so the next one is the sign-in code.
  await expect.poll(async () => (await mailsTo(email)).length, { timeout: 10_000 }).toBe(2);
  const sent = await page.request.post("/api/login/email", { headers: { Origin: origin }, data: { email } });
  expect(sent.status(), await sent.text()).toBe(202);
  const { code } = await readSignInMail(email, 3);
  const verified = await page.request.post("/api/login/email/verify", {
    headers: { Origin: origin },
    data: { email, code },
  });
  expect(verified.status(), await verified.text()).toBe(200);

  await open(page, "/my-training");
  const application = page.getByRole("article", { name: "Advanced RPAS Pilot course" });
  await expect(application).toContainText("Fee:FJD 2,800.00");
  await expect(application.getByRole("button", { name: "Cancel my place" })).toBeVisible();

  // Staff record that the trainee withdrew: the place is history, no longer theirs to cancel.
  const result = await request.put(`/api/admin/places/${place.id}/result`, {
    headers: { Origin: origin },
    data: { result: "withdrew" },
  });
  expect(result.status(), await result.text()).toBe(200);
  await page.reload();
  await expect(application).toContainText("Fee:FJD 2,800.00");
  await expect(application.getByRole("button", { name: "Cancel my place" })).toHaveCount(0);
  const refused = await page.request.post(`/api/training/places/${place.id}/cancel`, {
    headers: { Origin: origin },
  });
  expect(refused.status()).toBe(409);
  expect((await refused.json()).message).toBe(COURSE_RESULT_MESSAGE);
});

test.describe("a bad link", () => {
  test.use({ allowedConsoleErrors: [/status of 400/] });

  test("a tampered confirm link says so and offers the applications page", async ({ page }) => {
    await open(page, "/my-training/confirm?token=1.99999999999.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA");
    await expect(page.getByText(CONFIRM_LINK_INVALID_MESSAGE)).toBeVisible();
    await expect(page.getByRole("button", { name: "Confirm my address" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "See my applications" })).toBeVisible();
    await expectNoAxeViolations(page, "with a bad link");
  });
});

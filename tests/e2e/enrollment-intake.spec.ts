// Choosing an intake on an enrollment form: the open intakes of the course are offered beside "Any upcoming
// date", a link from the schedule preselects one, and the answer says whether a seat is held or which place on the
// waitlist the applicant has.
import type { Page } from "@playwright/test";
import { MIN_FILL_TIME_MS } from "../../shared/anti-spam";
import { axeViolations, expect, open, test } from "./fixtures";
import { createIntake, daysFromToday, uniqueTag } from "./staff-helpers";

async function applyForBasic(page: Page, tag: string, who: string) {
  const openedAt = Date.now();
  await page.getByLabel(/^First Name/).fill(who);
  await page.getByLabel(/^Last Name/).fill(tag);
  await page.getByLabel(/^Email Address/).fill(`${who.toLowerCase()}.${tag}@example.com`);
  await page.getByLabel(/^Phone Number/).fill("+679 999 1234");
  await page.getByLabel(/^Highest Education/).selectOption("high-school");
  // A person takes longer than the anti-spam minimum; a faster form would be kept as likely spam and hold nothing.
  await page.waitForTimeout(Math.max(0, MIN_FILL_TIME_MS + 300 - (Date.now() - openedAt)));
  await page.getByRole("button", { name: "Submit Enrollment" }).click();
  await expect(page.getByText("Enrollment Submitted Successfully!", { exact: true })).toBeVisible();
}

test("an applicant picks an intake, holds its last seat, and the next one joins its waitlist", async ({
  page,
  request,
  baseURL,
}, testInfo) => {
  const tag = uniqueTag(testInfo);
  const location = `Suva ${tag}`;
  const id = await createIntake(request, String(baseURL), { courseType: "basic", location, seats: 1 });

  await open(page, `/enroll/basic?intake=${id}`);
  const intake = page.getByLabel("Intake", { exact: true });
  await expect(intake).toHaveValue(String(id));
  await expect(intake.getByRole("option", { name: new RegExp(`${location} · 1 seat left`) })).toBeAttached();
  await expect(intake.getByRole("option", { name: "Any upcoming date" })).toBeAttached();
  expect(await axeViolations(page)).toEqual([]);

  await applyForBasic(page, tag, "Mere");
  await expect(page.getByRole("status").filter({ hasText: "A seat is held for you" })).toBeVisible();
  await expect(page.getByRole("link", { name: "My training" })).toHaveAttribute("href", "/my-training");
  // The form is ready for the next person, and the intake now shows it is full.
  await expect(intake).toHaveValue("");
  await expect(
    intake.getByRole("option", { name: new RegExp(`${location} · Waitlist open`) }),
  ).toBeAttached();

  await intake.selectOption(String(id));
  await applyForBasic(page, tag, "Jone");
  await expect(
    page.getByRole("status").filter({ hasText: "you are number 1 on its waitlist" }),
  ).toBeVisible();
});

test("the Upcoming dates card beside the form follows the chosen intake and its seats after a send", async ({
  page,
  request,
  baseURL,
}, testInfo) => {
  const tag = uniqueTag(testInfo);
  const location = `Navua ${tag}`;
  // Soon, so it is among the course's next dates whatever other tests created.
  const id = await createIntake(request, String(baseURL), {
    courseType: "basic",
    location,
    seats: 3,
    startDate: daysFromToday(4),
    endDate: daysFromToday(8),
  });

  await open(page, `/enroll/basic?intake=${id}`);
  const intake = page.getByLabel("Intake", { exact: true });
  const upcoming = page.getByRole("heading", { name: "Upcoming dates" }).locator("..");
  const item = upcoming.getByRole("listitem").filter({ hasText: location });
  await expect(intake).toHaveValue(String(id));
  await expect(item).toContainText("3 seats left");
  await expect(item).toHaveAttribute("aria-current", "true");
  await expect(item).toContainText("Chosen in your application");

  await applyForBasic(page, tag, "Ana");
  await expect(intake).toHaveValue("");
  await expect(intake.getByRole("option", { name: new RegExp(`${location} · 2 seats left`) })).toBeAttached();
  await expect(item).toContainText("2 seats left");
  await expect(item).not.toHaveAttribute("aria-current", "true");

  await intake.selectOption(String(id));
  await expect(item).toHaveAttribute("aria-current", "true");
  expect(await axeViolations(page)).toEqual([]);
});

test("without a chosen date the application holds nothing and says so", async ({ page }, testInfo) => {
  const tag = uniqueTag(testInfo);
  await open(page, "/enroll/basic");
  await expect(page.getByLabel("Intake", { exact: true })).toHaveValue("");
  await applyForBasic(page, tag, "Seru");
  await expect(
    page.getByRole("status").filter({ hasText: "We will be in touch about the next intake dates." }),
  ).toBeVisible();
});

test("an intake's Enroll link on the schedule opens its course's form with that intake chosen", async ({
  page,
  request,
  baseURL,
}, testInfo) => {
  const location = `Rakiraki ${uniqueTag(testInfo)}`;
  const id = await createIntake(request, String(baseURL), { courseType: "advanced", location });
  await open(page, "/schedule");
  await page
    .getByRole("listitem")
    .filter({ hasText: location })
    .getByRole("link", { name: /^Enroll/ })
    .click();
  await expect(page).toHaveURL(new RegExp(`/enroll/advanced\\?intake=${id}$`));
  await expect(page.getByLabel("Intake", { exact: true })).toHaveValue(String(id));
});

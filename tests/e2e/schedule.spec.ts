// The schedule and the course pages show intakes as they are when the page is served (ADR 029): an intake staff add
// through the API while the server runs is on /schedule, the enrollment page and the landing page at once, the
// served list survives hydration without a console error, and an in-app navigation fetches the list instead.
import type { Page } from "@playwright/test";
import { addDays, courseEnd, formatIntakeDates } from "../../shared/calendar-dates";
import { COURSES } from "../../shared/constants";
import { fijiToday } from "../../shared/fiji-time";
import { formatFjd } from "../../shared/money-format";
import { type AppOwns, expect, expectAxeClean, open, test } from "./fixtures";
import { signIn, uniqueTag } from "./staff-helpers";

test.describe.configure({ mode: "serial" });

// The instructor course: no other browser test adds intakes of it, and its pages show only its next three intakes,
// which other tests' basic-course intakes (the certificate tests run one today) would crowd out.
const COURSE = "instructor";
const { title: TITLE, priceCents, durationDays } = COURSES[COURSE];

let venue = "";
let dates = "";

/** Adds an intake of COURSE through the staff API, as the dashboard would; answers its dates as pages write them. */
async function addIntake(page: Page, baseURL: string, location: string): Promise<string> {
  await signIn(page, baseURL);
  const startDate = addDays(fijiToday(), 1);
  const response = await page.request.post("/api/admin/intakes", {
    headers: { Origin: baseURL },
    data: { courseType: COURSE, startDate, location, seats: 6 },
  });
  expect(response.status(), await response.text()).toBe(201);
  await page.request.post("/api/admin/logout", { headers: { Origin: baseURL } });
  return formatIntakeDates({ startDate, endDate: courseEnd(startDate, durationDays) });
}

/** The served list must still be there once React has hydrated the element holding it. */
async function expectHydrated(page: Page, text: string) {
  await expect
    .poll(() =>
      page.evaluate((wanted) => {
        // The innermost list item that names it (on the landing page the course card is a list item too).
        const item = [...document.querySelectorAll("li")]
          .filter((li) => li.textContent?.includes(wanted))
          .at(-1);
        // The served list is not the app's; the first element it hydrated above it is the slot's container.
        const { appOwns } = window as unknown as AppOwns;
        let holder = item?.parentElement;
        while (holder && !appOwns(holder)) {
          holder = holder.parentElement;
        }
        return holder?.id.startsWith("live-") || holder?.classList.contains("peer") || false;
      }, text),
    )
    .toBe(true);
  await expect(page.getByRole("listitem").filter({ hasText: text }).first()).toBeVisible();
}

test("/schedule shows an intake added while the server runs, with its seats and enroll link", async ({
  page,
  baseURL,
}, testInfo) => {
  venue = `Hangar ${uniqueTag(testInfo)}`;
  await page.goto("/");
  dates = await addIntake(page, baseURL ?? "", venue);

  await open(page, "/schedule");
  await expect(page.getByRole("heading", { level: 1, name: "Training Schedule" })).toBeVisible();
  const course = page.getByRole("region", { name: TITLE });
  const item = course.getByRole("listitem").filter({ hasText: venue });
  await expect(item).toContainText(dates);
  await expect(item).toContainText("6 seats left");
  await expect(item).toContainText(formatFjd(priceCents, "public"));
  // The link chooses this intake on the form.
  await expect(item.getByRole("link", { name: `Enroll in ${TITLE}, ${dates}` })).toHaveAttribute(
    "href",
    new RegExp(`^/enroll/${COURSE}\\?intake=\\d+$`),
  );
  await expectHydrated(page, venue);
  await expectAxeClean(page, "/schedule with an intake");
});

test("the enrollment page and the landing page show it among the course's next dates", async ({ page }) => {
  await open(page, `/enroll/${COURSE}`);
  const upcoming = page.getByRole("heading", { name: "Upcoming dates" }).locator("..");
  await expect(upcoming.getByRole("listitem").filter({ hasText: venue })).toContainText("6 seats left");
  await expect(upcoming.getByRole("link", { name: "See all course dates" })).toHaveAttribute(
    "href",
    "/schedule",
  );
  await expectHydrated(page, venue);
  await expectAxeClean(page, `/enroll/${COURSE} with an intake`);

  test.slow(); // the landing page hydrates its sections at idle priority
  await open(page, "/");
  const card = page.locator("#training li").filter({ has: page.getByRole("heading", { name: TITLE }) });
  await expect(card.getByRole("listitem").filter({ hasText: venue })).toContainText(dates);
  await expectHydrated(page, venue);
});

test("after an in-app navigation the enrollment page fetches the dates and the landing page links to them", async ({
  page,
}) => {
  await open(page, "/");
  await page.getByRole("link", { name: `Enroll Now in ${TITLE}` }).click();
  await expect(page).toHaveURL(new RegExp(`/enroll/${COURSE}$`));
  const upcoming = page.getByRole("heading", { name: "Upcoming dates" }).locator("..");
  await expect(upcoming.getByRole("listitem").filter({ hasText: venue })).toContainText("6 seats left");

  // Back on the landing page in the app, its cards link to the schedule instead (they load no list code).
  await page.getByRole("link", { name: "Back to Home" }).click();
  const card = page.locator("#training li").filter({ has: page.getByRole("heading", { name: TITLE }) });
  await expect(card.getByRole("link", { name: "See all course dates" })).toBeVisible();
  await expect(card.getByText(venue)).toHaveCount(0);
});

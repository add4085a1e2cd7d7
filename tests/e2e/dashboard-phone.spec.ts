// The dashboard on a phone (issue 33): no view widens the page past a 375 px screen; wide tables scroll inside their
// own card. Every view is opened by its tab, with rows present (an intake with a place, an enrollment), and the
// intake's sub-views too (its places, its roster, the month calendar).
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { createEnrollment, createIntake, openDashboard, signIn, uniqueTag } from "./staff-helpers";

const PHONE = { width: 375, height: 812 };

test.use({ viewport: PHONE });

/** The page's own width and, when it is too wide, what makes it so (the message of a failure). */
async function overflow(page: Page): Promise<{ width: number; culprits: string[] }> {
  return page.evaluate((limit) => {
    const culprits: string[] = [];
    const width = document.documentElement.scrollWidth;
    if (width <= limit) return { width, culprits };
    // The deepest elements whose removal takes the sideways scroll away.
    {
      const removable: Element[] = [];
      for (const element of document.querySelectorAll("body *")) {
        if (!(element instanceof HTMLElement) && !(element instanceof SVGElement)) continue;
        const before = element.style.display;
        element.style.display = "none";
        if (document.documentElement.scrollWidth <= limit) removable.push(element);
        element.style.display = before;
      }
      for (const element of removable.slice(-3))
        culprits.push(
          `REMOVABLE ${element.tagName.toLowerCase()}.${String(element.className).slice(0, 100)} ${element.id}`,
        );
    }
    // And the widest element's ancestors, with their widths.
    let widest: Element | null = null;
    for (const element of document.querySelectorAll("body *"))
      if (element.getBoundingClientRect().right > (widest?.getBoundingClientRect().right ?? limit + 0.5))
        widest = element;
    for (let at = widest; at && at !== document.body; at = at.parentElement)
      culprits.push(
        `  ${Math.round(at.getBoundingClientRect().width)} ${at.tagName.toLowerCase()}.${String(at.className).slice(0, 90)}`,
      );
    return { width, culprits };
  }, PHONE.width);
}

async function expectNoSidewaysScroll(page: Page, view: string): Promise<void> {
  const found = await overflow(page);
  expect
    .soft(found.width, `${view} is ${found.width} px wide:\n${found.culprits.join("\n")}`)
    .toBeLessThanOrEqual(PHONE.width);
}

/** Every tab of the owner's dashboard, with the heading its view shows. */
const VIEWS: { tab: string; heading: RegExp }[] = [
  { tab: "Enrollments", heading: /^Enrollments/i },
  { tab: "Intakes", heading: /^Intakes/i },
  { tab: "Refunds", heading: /Refund/i },
  { tab: "Certificates", heading: /Certificates/i },
  { tab: "Messages", heading: /Messages/i },
  { tab: "Reviews", heading: /Reviews/i },
  { tab: "Subscribers", heading: /Subscribers/i },
  { tab: "Library", heading: /Library|Documents/i },
  { tab: "Content", heading: /Content|Site text/i },
  { tab: "Wallet payments", heading: /Wallet payments/i },
  { tab: "E-mail", heading: /E-mail|Outbox/i },
  { tab: "Texts", heading: /^Texts$/i },
  { tab: "Spam", heading: /Spam/i },
  { tab: "Activity", heading: /Activity/i },
  { tab: "Settings", heading: /^Settings$/i },
  { tab: "Backups", heading: /^Backups$/i },
  { tab: "Account security", heading: /security|Two-factor/i },
  { tab: "Staff accounts", heading: /Staff accounts/i },
];

test("no dashboard view is wider than a 375 px phone", async ({ page, request, baseURL }, testInfo) => {
  const origin = baseURL ?? "";
  const tag = uniqueTag(testInfo);
  const location = `Nadi ${tag}`;
  const intakeId = await createIntake(request, origin, { courseType: "basic", location, seats: 4 });
  await createEnrollment(request, origin, "basic", {
    firstName: "Vilisi",
    lastName: tag,
    email: `vilisi.${tag}@example.com`,
    intakeId,
  });
  await signIn(page, origin);
  await openDashboard(page);
  await expectNoSidewaysScroll(page, "the dashboard's top");

  const tabs = page.getByRole("tablist", { name: "Dashboard views" }).getByRole("tab");
  await expect(tabs).toHaveCount(VIEWS.length);
  for (const { tab, heading } of VIEWS) {
    await page.getByRole("tab", { name: tab, exact: true }).click();
    const panel = page.getByRole("tabpanel", { name: tab, exact: true });
    await expect(panel.getByRole("heading", { name: heading }).first()).toBeVisible();
    // The lists have come (or said they are empty): no "Loading" left.
    await expect(panel.getByText(/^Loading/)).toHaveCount(0);
    await expectNoSidewaysScroll(page, `the ${tab} view`);
  }

  // The enrollment list has rows.
  await page.getByRole("tab", { name: "Enrollments", exact: true }).click();
  await page.getByLabel("Search enrollments").fill(tag);
  await expect(page.getByRole("article", { name: new RegExp(`Vilisi ${tag}`) })).toBeVisible();
  await expectNoSidewaysScroll(page, "an enrollment card");

  // The intake's card, its places table, its roster and the month calendar.
  await page.getByRole("tab", { name: "Intakes", exact: true }).click();
  const card = page.getByRole("article", { name: `Basic RPAS Pilot, ${location}` });
  await expect(card).toBeVisible();
  await expectNoSidewaysScroll(page, "the intake cards");
  await card.getByText("Places (1)").click();
  const places = card.getByRole("region", { name: /^Places in/ });
  await expect(places.getByRole("row", { name: new RegExp(`Vilisi ${tag}`) })).toBeVisible();
  await expectNoSidewaysScroll(page, "the places table");
  // The table keeps its width and scrolls inside its own card instead.
  const scrolls = await places.evaluate(
    (region) => getComputedStyle(region).overflowX === "auto" && region.scrollWidth > region.clientWidth,
  );
  expect(scrolls, "the places table scrolls inside its card").toBe(true);

  await card.getByRole("button", { name: /^Class roster/ }).click();
  const roster = page.getByRole("dialog", { name: /^Class roster/ });
  await expect(roster.getByRole("row", { name: new RegExp(`Vilisi ${tag}`) })).toBeVisible();
  await expectNoSidewaysScroll(page, "the roster");
  await page.keyboard.press("Escape");
  await expect(roster).toBeHidden();

  await page.getByRole("button", { name: "Month calendar" }).click();
  await expect(page.getByRole("table", { name: /^Intakes in/ })).toBeVisible();
  await expectNoSidewaysScroll(page, "the month calendar");
});

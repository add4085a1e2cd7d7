// The staff's intake screens: the Intakes view (create, edit, fill, places, accept, roster, close, cancel) and the
// Settings view. Each test's intake is placed in a location named by its unique tag, so tests running in parallel
// against the one e2e server find only their own intake in the shared list.
import { addDays, formatCalendarDate } from "../../shared/calendar-dates";
import { fijiToday } from "../../shared/fiji-time";
import type { StaffIntake } from "../../shared/training";
import { axeViolations, expect, expectAxeClean, test } from "./fixtures";
import {
  createEnrollment,
  createIntake,
  enrollmentCard,
  openDashboard,
  searchEnrollments,
  signIn,
  uniqueTag,
} from "./staff-helpers";

// The refused save (an end date before the start) is answered with a 400, which Chromium logs.
test.use({ allowedConsoleErrors: [/status of 400/] });

test("staff create, edit and fill an intake, accept a place, print the roster, close and cancel it", async ({
  page,
  request,
  baseURL,
}, testInfo) => {
  const origin = baseURL ?? "";
  const tag = uniqueTag(testInfo);
  const location = `Suva ${tag}`;
  const start = addDays(fijiToday(), 60);
  await signIn(page, origin);
  await openDashboard(page);
  await page.getByRole("tab", { name: "Intakes" }).click();

  // Create: the end date and fee follow the course until typed; the server's refusal shows as its message.
  await page.getByRole("button", { name: "New intake" }).click();
  const create = page.getByRole("dialog", { name: "New intake" });
  await create.getByLabel("Course").selectOption({ label: "Advanced RPAS Pilot" });
  await expect(create.getByLabel("Fee (FJD)")).toHaveValue("1,500.00");
  await create.getByLabel("Start date").fill(start);
  await expect(create.getByLabel("End date")).toHaveValue(addDays(start, 9));
  await create.getByLabel("End date").fill(addDays(start, -1));
  await create.getByLabel("Location").fill(location);
  await create.getByLabel("Seats").fill("3");
  await create.getByRole("button", { name: "Create intake" }).click();
  await expect(create.getByRole("alert")).toHaveText("End date cannot be before the start date.");
  await create.getByLabel("End date").fill(addDays(start, 2));
  await create.getByRole("button", { name: "Create intake" }).click();
  await expect(page.getByText("Intake created", { exact: true })).toBeVisible();
  await expect(create).toBeHidden();

  const card = page.getByRole("article", { name: `Advanced RPAS Pilot, ${location}` });
  await expect(card).toContainText("Open");
  await expect(card).toContainText("0 of 3 seats taken");
  await expect(card).toContainText("Fee FJD 1,500.00");

  // Edit: more seats and a deposit.
  await card.getByRole("button", { name: /^Edit/ }).click();
  const edit = page.getByRole("dialog", { name: "Edit intake" });
  await expect(edit.getByLabel("Seats")).toHaveValue("3");
  await edit.getByLabel("Start date").fill(addDays(fijiToday(), -1));
  await edit.getByRole("button", { name: "Save intake" }).click();
  await expect(edit.getByRole("alert")).toHaveText("Start date cannot be in the past.");
  await edit.getByLabel("Start date").fill(start);
  await expect(edit.getByLabel("End date")).toHaveValue(addDays(start, 2));
  await edit.getByLabel("Seats").fill("4");
  await edit.getByLabel(/^Deposit \(FJD\)/).fill("500");
  await edit.getByRole("button", { name: "Save intake" }).click();
  await expect(page.getByText("Intake saved", { exact: true })).toBeVisible();
  await expect(card).toContainText("0 of 4 seats taken");
  await expect(card).toContainText("Fee FJD 1,500.00, deposit FJD 500.00");

  // The month calendar shows it on each of its days, with its fill.
  await page.getByRole("button", { name: "Month calendar" }).click();
  const month = formatCalendarDate(start).replace(/^\d+ /, "");
  const calendar = page.getByRole("table", { name: /^Intakes in/ });
  for (let step = 0; step < 24; step++) {
    if ((await page.getByRole("heading", { name: month, exact: true }).count()) > 0) break;
    await page.getByRole("button", { name: "Next month" }).click();
  }
  await expect(calendar.getByRole("listitem").filter({ hasText: location }).first()).toContainText(
    "0 of 4 seats taken",
  );
  await page.getByRole("button", { name: "List" }).click();

  // An applicant chooses the intake on the public form and holds a seat.
  const listed = await page.request.get("/api/admin/intakes?course=advanced");
  const intake = ((await listed.json()) as StaffIntake[]).find((row) => row.location === location);
  expect(intake).toBeDefined();
  // createEnrollment sends the fields it is given as they are, so the intake choice goes with them.
  const fields = {
    firstName: "Losana",
    lastName: tag,
    email: `losana.${tag}@example.com`,
    intakeId: intake?.id,
  };
  await createEnrollment(request, origin, "advanced", fields);
  await page.reload();
  await page.getByRole("tab", { name: "Intakes" }).click();
  await expect(card).toContainText("1 of 4 seats taken");

  // Its place: who, how to reach them, held; accepting makes it an offer.
  await card.getByText("Places (1)").click();
  const places = card.getByRole("region", { name: /^Places in/ });
  const row = places.getByRole("row", { name: new RegExp(`Losana ${tag}`) });
  await expect(row).toContainText(`losana.${tag}@example.com`);
  await expect(row).toContainText("+679 999 0000");
  await expect(row).toContainText("Held until");
  const violations = await axeViolations(page);
  expect(violations, `axe on the intakes view:\n${violations.join("\n")}`).toEqual([]);
  await row.getByRole("button", { name: `Accept Losana ${tag}` }).click();
  await expect(page.getByText("Place offered", { exact: true })).toBeVisible();
  await expect(row).toContainText("Offered, pay by");
  await expect(card.getByText("1 of 4 seats taken")).toBeVisible();

  // The roster prints on its own: the dashboard behind it is left out of the page.
  await card.getByRole("button", { name: /^Class roster/ }).click();
  const roster = page.getByRole("dialog", { name: `Class roster: Advanced RPAS Pilot, ${location}` });
  const rosterRow = roster.getByRole("row", { name: new RegExp(`Losana ${tag}`) });
  await expect(rosterRow).toContainText("+679 999 0000");
  await expect(rosterRow).toContainText("Offered, pay by");
  await expect(rosterRow).toContainText("FJD 1,500.00 due");
  await page.evaluate(() => {
    window.print = () => document.body.setAttribute("data-printed", "yes");
  });
  await roster.getByRole("button", { name: "Print roster" }).click();
  await expect(page.locator("body")).toHaveAttribute("data-printed", "yes");
  await page.emulateMedia({ media: "print" });
  await expect(page.locator("#root")).toBeHidden();
  await expect(rosterRow).toBeVisible();
  await expect(roster.getByRole("button", { name: "Print roster" })).toBeHidden();
  await page.emulateMedia({ media: "screen" });
  await page.keyboard.press("Escape");
  await expect(roster).toBeHidden();

  // Close, then cancel: the cancel dialog says every applicant is e-mailed.
  await card.getByRole("button", { name: /^Close intake/ }).click();
  await page
    .getByRole("dialog", { name: "Close this intake?" })
    .getByRole("button", { name: "Close intake" })
    .click();
  await expect(page.getByText("Intake closed", { exact: true })).toBeVisible();
  await expect(card).toContainText("Closed");
  await expect(card.getByRole("button", { name: /^Reopen intake/ })).toBeVisible();
  await card.getByRole("button", { name: /^Cancel intake/ }).click();
  const cancel = page.getByRole("dialog", { name: "Cancel this intake?" });
  await expect(cancel).toContainText("every applicant is e-mailed");
  await cancel.getByRole("button", { name: "Cancel intake" }).click();
  await expect(page.getByText("Intake cancelled", { exact: true })).toBeVisible();
  await expect(card).toBeHidden();
  await page.getByLabel("Include past and cancelled intakes").check();
  await expect(card).toContainText("Cancelled");
});

test("staff move a place to another intake of the course; its old seat is freed", async ({
  page,
  request,
  baseURL,
}, testInfo) => {
  const origin = baseURL ?? "";
  const tag = uniqueTag(testInfo);
  const from = await createIntake(request, origin, {
    courseType: "basic",
    location: `Labasa ${tag}`,
    seats: 2,
  });
  await createIntake(request, origin, {
    courseType: "basic",
    location: `Savusavu ${tag}`,
    seats: 3,
    startDate: addDays(fijiToday(), 90),
  });
  await createEnrollment(request, origin, "basic", {
    firstName: "Tevita",
    lastName: tag,
    email: `tevita.${tag}@example.com`,
    intakeId: from,
  });
  await signIn(page, origin);
  await openDashboard(page);
  await page.getByRole("tab", { name: "Intakes" }).click();
  const fromCard = page.getByRole("article", { name: `Basic RPAS Pilot, Labasa ${tag}` });
  const toCard = page.getByRole("article", { name: `Basic RPAS Pilot, Savusavu ${tag}` });
  await expect(fromCard).toContainText("1 of 2 seats taken");
  await fromCard.getByText("Places (1)").click();

  await fromCard.getByRole("button", { name: `Move Tevita ${tag}` }).click();
  const dialog = page.getByRole("dialog", { name: `Move Tevita ${tag} to another intake?` });
  await expect(dialog).toContainText("keeps their place (held");
  const target = dialog.getByRole("option", { name: new RegExp(`Savusavu ${tag}`) });
  await expect(target).toContainText("3 of 3 seats free");
  await dialog.getByLabel("Move to").selectOption({ label: (await target.textContent()) ?? "" });
  await dialog.getByRole("button", { name: "Move place" }).click();
  await expect(page.getByText("Place moved", { exact: true })).toBeVisible();
  await expect(fromCard).toContainText("0 of 2 seats taken");
  await expect(toCard).toContainText("1 of 3 seats taken");
  const violations = await axeViolations(page);
  expect(violations, `axe after the move:\n${violations.join("\n")}`).toEqual([]);
});

test("staff give an 'Any upcoming date' application its intake from the enrollment card", async ({
  page,
  request,
  baseURL,
}, testInfo) => {
  const origin = baseURL ?? "";
  const tag = uniqueTag(testInfo);
  await createIntake(request, origin, { courseType: "advanced", location: `Rakiraki ${tag}`, seats: 4 });
  await createEnrollment(request, origin, "advanced", {
    firstName: "Salote",
    lastName: tag,
    email: `salote.${tag}@example.com`,
  });
  await signIn(page, origin);
  await openDashboard(page);
  await searchEnrollments(page, tag, 1);
  const card = enrollmentCard(page, `Salote ${tag}`);
  await expect(card).toContainText("Any upcoming date");

  await card.getByRole("button", { name: `Choose intake for Salote ${tag}` }).click();
  const dialog = page.getByRole("dialog", { name: `Choose an intake for Salote ${tag}` });
  const target = dialog.getByRole("option", { name: new RegExp(`Rakiraki ${tag}`) });
  await expect(target).toContainText("4 of 4 seats free");
  await dialog.getByLabel("Intake").selectOption({ label: (await target.textContent()) ?? "" });
  await dialog.getByRole("button", { name: "Choose intake" }).click();
  await expect(page.getByText("Intake chosen", { exact: true })).toBeVisible();
  await expect(card).toContainText(`Rakiraki ${tag}`);
  await expect(card).toContainText("Held");
  // With a live place the card no longer offers the choice: moves happen from the intake's places.
  await expect(card.getByRole("button", { name: /Choose intake/ })).toHaveCount(0);
  await expectAxeClean(page, "after choosing the intake");
});

test("staff change a setting, each field showing its default", async ({ page, baseURL }) => {
  await signIn(page, baseURL ?? "");
  await openDashboard(page);
  await page.getByRole("tab", { name: "Settings" }).click();
  const field = page.getByLabel("Waitlist offer time (days)");
  await expect(page.getByText(/Default: 3 days\./)).toBeVisible();
  const before = await field.inputValue();
  await field.fill("0");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByText("Waitlist offer time must be at least 1")).toBeVisible();
  await expect(field).toBeFocused();

  // Other tests share the server, so the value changes for a moment and goes back.
  const stored = async () => {
    const response = await page.request.get("/api/admin/settings");
    return ((await response.json()) as { waitlistOfferDays: number }).waitlistOfferDays;
  };
  for (const value of [Number(before) + 1, Number(before)]) {
    await field.fill(String(value));
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect(page.getByText("Settings saved", { exact: true })).toBeVisible();
    await expect.poll(stored).toBe(value);
  }
  const violations = await axeViolations(page);
  expect(violations, `axe on the settings view:\n${violations.join("\n")}`).toEqual([]);
});

test("the reference prefix takes only 2 to 6 capital letters", async ({ page, baseURL }) => {
  await signIn(page, baseURL ?? "");
  await openDashboard(page);
  await page.getByRole("tab", { name: "Settings" }).click();
  const field = page.getByLabel("Reference prefix");
  await expect(field).toHaveValue("PSR");
  await expect(
    page.getByText(/before new certificate numbers \(PSR-B-2026-0042\).*Default: PSR\./),
  ).toBeVisible();
  // Other tests share the server and read PSR- numbers: only refused values are tried here (the API test saves one).
  for (const bad of ["psr", "PS1", "P"]) {
    await field.fill(bad);
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect(page.getByText("Reference prefix must be 2 to 6 capital letters A-Z")).toBeVisible();
    await expect(field).toBeFocused();
  }
  await field.fill("PSR");
  const response = await page.request.get("/api/admin/settings");
  expect(((await response.json()) as { referencePrefix: string }).referencePrefix).toBe("PSR");
});

// Seats for real applicants, as staff see them (docs/product.md, "Place limits"): a third application from one Gmail
// mailbox is received without a seat and its card says why; staff give it the intake by hand; places taken in a
// burst from one IP address (this browser's, here) carry a flag in the intake's Places.
import { expect, expectAxeClean, test } from "./fixtures";
import {
  createEnrollment,
  createIntake,
  enrollmentCard,
  openDashboard,
  searchEnrollments,
  signIn,
  uniqueTag,
} from "./staff-helpers";

test("a mailbox's third application takes no seat until staff place it; a burst from one address is flagged", async ({
  page,
  request,
  baseURL,
}, testInfo) => {
  const origin = baseURL ?? "";
  const tag = uniqueTag(testInfo);
  const intakeId = await createIntake(request, origin, {
    courseType: "basic",
    location: `Ba ${tag}`,
    seats: 8,
  });
  for (const [firstName, email] of [
    ["Ana", `ana.${tag}+1@gmail.com`],
    ["Ani", `ana${tag}+2@googlemail.com`],
    ["Anaseini", `Ana.${tag}@gmail.com`],
    ["Bale", `bale.${tag}@example.com`],
    ["Cama", `cama.${tag}@example.com`],
  ] as const) {
    await createEnrollment(request, origin, "basic", { firstName, lastName: tag, email, intakeId });
  }
  await signIn(page, origin);
  await openDashboard(page);

  await searchEnrollments(page, tag, 5);
  const third = enrollmentCard(page, `Anaseini ${tag}`);
  await expect(third).toContainText("No seat taken");
  await expectAxeClean(page, "with a card saying why it has no seat");
  await third.getByRole("button", { name: `Choose intake for Anaseini ${tag}` }).click();
  const dialog = page.getByRole("dialog", { name: `Choose an intake for Anaseini ${tag}` });
  const target = dialog.getByRole("option", { name: new RegExp(`Ba ${tag}`) });
  await dialog.getByLabel("Intake").selectOption({ label: (await target.textContent()) ?? "" });
  await dialog.getByRole("button", { name: "Choose intake" }).click();
  await expect(page.getByText("Intake chosen", { exact: true })).toBeVisible();
  await expect(third).toContainText("Held");
  await expect(third).not.toContainText("No seat taken");

  await page.getByRole("tab", { name: "Intakes" }).click();
  const card = page.getByRole("article", { name: `Basic RPAS Pilot, Ba ${tag}` });
  await card.getByText("Places (5)").click();
  // Every place came from this browser's address within the hour: flagged, none refused (the place staff gave by hand is not).
  await expect(card.getByText("Flagged: many places from one IP address")).toHaveCount(4);
  await expectAxeClean(page, "with flagged places");
});

// Staff's course-fee screens: a place's Payments dialog (record a cash payment with its receipt number, confirm a
// place without payment) and the Refunds view (approve a cash refund with its receipt number, reject one with a
// reason). Each test's intake is in a location named by its unique tag, and its refund requests carry the tag's
// e-mail, so tests running in parallel find only their own rows.
import type { APIRequestContext, Page, TestInfo } from "@playwright/test";
import type { StaffPlace } from "../../shared/training";
import { expect, expectAxeClean, test } from "./fixtures";
import { createEnrollment, createIntake, openDashboard, signIn, uniqueTag } from "./staff-helpers";

/** A basic course intake (fee FJD 300, deposit FJD 100) with two held places, Ana's and Vika's. */
async function intakeWithTwoPlaces(request: APIRequestContext, origin: string, testInfo: TestInfo) {
  const tag = uniqueTag(testInfo);
  const location = `Suva ${tag}`;
  const intakeId = await createIntake(request, origin, {
    courseType: "basic",
    location,
    depositCents: 10000,
  });
  const person = (firstName: string) => ({
    firstName,
    lastName: tag,
    email: `${firstName.toLowerCase()}.${tag}@example.com`,
    intakeId,
  });
  for (const applicant of [person("Ana"), person("Vika")])
    await createEnrollment(request, origin, "basic", applicant);
  return { tag, location, intakeId, anaEmail: person("Ana").email };
}

/** Signs staff in and opens the intake's places in the Intakes view. */
async function openPlaces(page: Page, origin: string, location: string) {
  await signIn(page, origin);
  await openDashboard(page);
  await page.getByRole("tab", { name: "Intakes" }).click();
  const card = page.getByRole("article", { name: `Basic RPAS Pilot, ${location}` });
  await card.getByText("Places (2)").click();
  return card.getByRole("region", { name: /^Places in/ });
}

test("staff record a cash payment, confirm a place without payment and decide refund requests", async ({
  page,
  request,
  baseURL,
}, testInfo) => {
  const origin = baseURL ?? "";
  const { tag, location, intakeId, anaEmail } = await intakeWithTwoPlaces(request, origin, testInfo);
  const places = await openPlaces(page, origin, location);

  // The deposit in cash confirms the place and leaves the balance due; the form then offers the balance.
  const anaRow = places.getByRole("row", { name: new RegExp(`Ana ${tag}`) });
  await anaRow.getByRole("button", { name: `Payments Ana ${tag}` }).click();
  const anaDialog = page.getByRole("dialog", { name: `Payments: Ana ${tag}` });
  const [paid, due] = [anaDialog.getByRole("definition").first(), anaDialog.getByRole("definition").nth(1)];
  await expect(anaDialog.getByText("No payments yet.")).toBeVisible();
  await expect(due).toHaveText("FJD 300.00");
  await expectAxeClean(page, "a place's Payments dialog");
  await anaDialog.getByLabel("Method").selectOption({ label: "Cash" });
  await anaDialog.getByLabel("Amount (FJD)").fill("100");
  await anaDialog.getByRole("button", { name: "Record payment" }).click();
  await expect(anaDialog.getByText("Receipt number is required")).toBeVisible();
  await anaDialog.getByLabel("Receipt number").fill(`CASH-${tag}`);
  await anaDialog.getByRole("button", { name: "Record payment" }).click();
  await expect(page.getByText("Payment recorded", { exact: true })).toBeVisible();
  const payments = anaDialog.getByRole("region", { name: "Payments" }).getByRole("row");
  for (const text of ["Cash", "FJD 100.00", `CASH-${tag}`, "Paid"])
    await expect(payments.nth(1)).toContainText(text);
  await expect(paid).toHaveText("FJD 100.00");
  await expect(due).toHaveText("FJD 200.00");

  // The balance by bank transfer: nothing more is due.
  await expect(anaDialog.getByLabel("Amount (FJD)")).toHaveValue("200.00");
  await expect(anaDialog.getByLabel("Method")).toHaveValue("bank");
  await anaDialog.getByLabel("Receipt number").fill(`BANK-${tag}`);
  await anaDialog.getByRole("button", { name: "Record payment" }).click();
  await expect(payments.nth(2)).toContainText("Bank transfer");
  await expect(paid).toHaveText("FJD 300.00");
  await expect(due).toHaveText("FJD 0.00");
  await anaDialog.getByRole("button", { name: "Close" }).click();
  await expect(anaDialog).toBeHidden();
  await expect(anaRow).toContainText("Confirmed");

  // Confirming without payment needs a reason, which the activity log keeps.
  const vikaRow = places.getByRole("row", { name: new RegExp(`Vika ${tag}`) });
  await vikaRow.getByRole("button", { name: `Payments Vika ${tag}` }).click();
  const vikaDialog = page.getByRole("dialog", { name: `Payments: Vika ${tag}` });
  await expect(vikaDialog).toContainText("recorded in the activity log");
  await vikaDialog.getByRole("button", { name: "Confirm without payment" }).click();
  await expect(vikaDialog.getByText("Reason is required")).toBeVisible();
  await vikaDialog.getByLabel("Reason").fill("Sponsored by the Civil Aviation Authority");
  await vikaDialog.getByRole("button", { name: "Confirm without payment" }).click();
  await expect(page.getByText("Place confirmed", { exact: true })).toBeVisible();
  await expect(vikaDialog.getByRole("region", { name: "Payments" })).toContainText(
    "Confirmed without payment",
  );
  await vikaDialog.getByRole("button", { name: "Close" }).click();
  await expect(vikaDialog).toBeHidden();
  await expect(vikaRow).toContainText("Confirmed");

  // More than the fee received asks for a refund of the excess: two such payments give two requests.
  const listed = await page.request.get(`/api/admin/intakes/${intakeId}/places`);
  const anaPlace = ((await listed.json()) as StaffPlace[]).find((place) => place.email === anaEmail);
  for (const [amountCents, receipt] of [
    [5000, "A"],
    [2000, "B"],
  ] as const) {
    const extra = await page.request.post(`/api/admin/places/${anaPlace?.id}/payments`, {
      headers: { Origin: origin },
      data: { method: "cash", amountCents, receiptNumber: `EXTRA-${receipt}-${tag}` },
    });
    expect(extra.status(), await extra.text()).toBe(200);
  }

  await page.getByRole("tab", { name: "Refunds" }).click();
  const refunds = page.getByRole("region", { name: "Refund requests" });
  const mine = refunds.getByRole("row").filter({ hasText: anaEmail });
  await expect(mine).toHaveCount(2);
  await expect(mine.first()).toContainText("More than the course fee was received");
  await expectAxeClean(page, "the Refunds view");

  // A cash refund is made by staff first: approving asks for its receipt number.
  const fifty = mine.filter({ hasText: "FJD 50.00" });
  await expect(fifty).toContainText("Cash");
  await fifty.getByRole("button", { name: `Approve the refund for ${anaEmail}` }).click();
  const approve = page.getByRole("dialog", { name: "Approve the refund of FJD 50.00?" });
  await expect(approve).toContainText("enter its receipt number");
  await approve.getByRole("button", { name: "Approve refund" }).click();
  await expect(approve.getByRole("alert")).toHaveText("Receipt number is required");
  await approve.getByLabel("Refund receipt number").fill(`VOUCHER-${tag}`);
  await approve.getByRole("button", { name: "Approve refund" }).click();
  await expect(page.getByText("Refund approved", { exact: true })).toBeVisible();
  await expect(mine).toHaveCount(1);

  const twenty = mine.filter({ hasText: "FJD 20.00" });
  await twenty.getByRole("button", { name: `Reject the refund for ${anaEmail}` }).click();
  const reject = page.getByRole("dialog", { name: "Reject the refund of FJD 20.00?" });
  await expect(reject).toContainText("Nothing is refunded");
  await reject.getByLabel("Reason").fill("Kept as credit for the advanced course");
  await reject.getByRole("button", { name: "Reject refund" }).click();
  await expect(page.getByText("Refund rejected", { exact: true })).toBeVisible();
  await expect(mine).toHaveCount(0);

  await page.getByLabel("Status").selectOption({ label: "All" });
  await expect(mine).toHaveCount(2);
  await expect(mine.filter({ hasText: "FJD 50.00" })).toContainText(`Refunded`);
  await expect(mine.filter({ hasText: "FJD 50.00" })).toContainText(`VOUCHER-${tag}`);
  await expect(mine.filter({ hasText: "FJD 20.00" })).toContainText("Rejected");
});

// The owner types course prices in FJD (docs/product.md, Money typed by staff; ADR 045): "1.500,00" is refused beside
// the field and nothing is saved; "FJD 2,800.50" is saved as 280050 cents after a confirmation that says what the
// public pages will show and asks whether the open intakes with no payment take the new price; the landing page and
// the schedule then show FJD 2,800.50. Saving the next price unticked leaves the intake's fee as it is.
// Runs on the payments server with settings-company.spec.ts, under the same lock: both change what every page shows.
// The instructor course is this test's own (no other test there has intakes of it); the price is put back at the end.
import type { CoursePricesAnswer } from "../../shared/course-prices";
import { DEFAULT_SETTINGS } from "../../shared/settings";
import { expect, expectAxeClean, open, test, waitForHydration } from "./fixtures";
import { createIntake, daysFromToday, openDashboard, signIn, uniqueTag } from "./staff-helpers";

const PRICE_FIELD = "Instructor Training price (FJD)";

test(
  "the owner types a price in FJD, sees what the pages will show, and moves an unpaid open intake to it",
  { lock: "site-details" },
  async ({ page, baseURL }, testInfo) => {
    const origin = baseURL ?? "";
    const location = `Lautoka ${uniqueTag(testInfo)}`;
    const prices = async () =>
      ((await (await page.request.get("/api/admin/course-prices")).json()) as CoursePricesAnswer)
        .coursePriceCents;
    const feeOfIntake = async (id: number) =>
      (
        (await (await page.request.get("/api/admin/intakes?course=instructor")).json()) as {
          id: number;
          feeCents: number;
        }[]
      ).find((row) => row.id === id)?.feeCents;

    await signIn(page, origin);
    const intakeId = await createIntake(page.request, origin, {
      courseType: "instructor",
      location,
      startDate: daysFromToday(45),
      endDate: daysFromToday(51),
    });
    try {
      await openDashboard(page);
      await page.getByRole("tab", { name: "Settings" }).click();
      const form = page.getByRole("form", { name: "Company details" });
      const price = form.getByLabel(PRICE_FIELD);
      await expect(price).toHaveValue("2,500.00");

      // A decimal comma is refused beside the field, and nothing is saved.
      await price.fill("1.500,00");
      await form.getByRole("button", { name: "Save company details" }).click();
      await expect(price).toHaveAttribute("aria-invalid", "true");
      await expect(price).toHaveAccessibleDescription(
        /Instructor Training price must be an amount in FJD, like 350, 1,500 or 2,800.50/,
      );
      await expect(page.getByRole("dialog")).toHaveCount(0);
      expect((await prices()).instructor).toBe(DEFAULT_SETTINGS.coursePriceCents.instructor);

      // Typed as money: the field says what the pages will show, the confirmation says it again and asks.
      await price.fill("FJD 2,800.50");
      await expect(price).toHaveAccessibleDescription(/The public pages will show FJD 2,800.50/);
      await form.getByRole("button", { name: "Save company details" }).click();
      const confirm = page.getByRole("dialog", { name: "Save the new course prices?" });
      await expect(confirm).toContainText("The public pages will show:");
      await expect(confirm).toContainText("Instructor Training FJD 2,800.50 (now FJD 2,500)");
      await expect(confirm.getByRole("listitem").filter({ hasText: location })).toContainText(
        "FJD 2,500.00 becomes FJD 2,800.50",
      );
      await expectAxeClean(page, "the price confirmation");
      await confirm.getByLabel("Also charge the new price in the open intakes with no payment yet").check();
      await confirm.getByRole("button", { name: "Save prices" }).click();
      await expect(page.getByText("Company details saved", { exact: true })).toBeVisible();
      await expect(confirm).toBeHidden();
      expect((await prices()).instructor).toBe(280_050);
      expect(await feeOfIntake(intakeId)).toBe(280_050);
      await expect(price).toHaveValue("2,800.50");

      // The public pages, rendered by the server and hydrated alike.
      await open(page, "/");
      await expect(page.locator("#training").getByText("FJD 2,800.50", { exact: true })).toBeVisible();
      await open(page, "/schedule");
      const listed = page.getByRole("listitem").filter({ hasText: location });
      await expect(listed).toContainText("FJD 2,800.50");

      // Unticked, the intake keeps its fee: each intake keeps the fee it was created with.
      await openDashboard(page);
      await page.getByRole("tab", { name: "Settings" }).click();
      await form.getByLabel(PRICE_FIELD).fill("2,500");
      await form.getByRole("button", { name: "Save company details" }).click();
      await expect(confirm).toContainText("Instructor Training FJD 2,500 (now FJD 2,800.50)");
      await confirm.getByRole("button", { name: "Save prices" }).click();
      await expect(page.getByText("Company details saved", { exact: true })).toBeVisible();
      expect((await prices()).instructor).toBe(250_000);
      expect(await feeOfIntake(intakeId)).toBe(280_050);
      await open(page, "/");
      await waitForHydration(page);
      await expect(page.locator("#training").getByText("FJD 2,500", { exact: true })).toBeVisible();
    } finally {
      const restored = await page.request.put("/api/admin/course-prices", {
        headers: { Origin: origin },
        data: { coursePriceCents: DEFAULT_SETTINGS.coursePriceCents, openIntakes: "keep" },
      });
      expect(restored.status()).toBe(200);
      await page.request.post(`/api/admin/intakes/${intakeId}/cancel`, { headers: { Origin: origin } });
    }
  },
);

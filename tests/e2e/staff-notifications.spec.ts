// Staff are always told, or the dashboard says they are not (ADR 044). This server has no STAFF_EMAIL and its owner
// account (from ADMIN_USERNAME) no e-mail, so the dashboard warns; the owner follows the warning to the setting, a
// wrong address is refused beside the field, a right one makes the warning go, and the next enquiry is mailed there.
// The test empties the setting again at the end: the other browser tests share this server.
import { latestMailTo } from "../helpers/outbox-mail";
import { expect, expectAxeClean, test } from "./fixtures";
import { openDashboard, signIn, submitPublicForm, uniqueTag } from "./staff-helpers";

test("the dashboard warns while nobody is told, and the warning goes once the owner sets the address", async ({
  page,
  baseURL,
}, testInfo) => {
  const origin = baseURL ?? "";
  const address = `${uniqueTag(testInfo)}@example.fj`;
  await signIn(page, origin);
  try {
    await openDashboard(page);
    const warning = page
      .getByRole("alert")
      .filter({ hasText: "Nobody is told of new enquiries and applications" });
    await expect(warning).toBeVisible();
    await expect(warning).toContainText("set the staff notification e-mail in Settings");
    await expectAxeClean(page, "the dashboard with the notification warning");

    await warning.getByRole("button", { name: "Set the notification e-mail" }).click();
    await expect(page.getByRole("tab", { name: "Settings" })).toHaveAttribute("aria-selected", "true");
    const form = page.getByRole("form", { name: "Staff notifications" });
    const field = form.getByLabel("Staff notification e-mail");
    await expect(field).toBeFocused();
    await expect(field).toHaveAccessibleDescription(/Empty now: nobody is told/);

    await field.fill("office@");
    await form.getByRole("button", { name: "Save notification e-mail" }).click();
    await expect(field).toHaveAccessibleDescription(
      /Staff notification e-mail must be a valid email address/,
    );
    await expect(field).toHaveAttribute("aria-invalid", "true");
    await expect(warning).toBeVisible();

    await field.fill(address.toUpperCase());
    await form.getByRole("button", { name: "Save notification e-mail" }).click();
    await expect(page.getByText("Staff notification e-mail saved", { exact: true })).toBeVisible();
    await expect(warning).toBeHidden();
    await expect(field).toHaveValue(address);

    // The warning stays away after a reload, and the next enquiry reaches the address.
    await openDashboard(page);
    await expect(page.getByText("Nobody is told of new enquiries and applications")).toHaveCount(0);
    const enquiry = await submitPublicForm(page.request, origin, "/api/contacts", {
      firstName: "Mere",
      lastName: "Tuilagi",
      email: "mere@example.fj",
      serviceInterest: "Disaster Management",
      message: `A briefing on flood mapping, please (${address}).`,
    });
    expect(enquiry.status()).toBe(201);
    const dataDir = process.env.E2E_DATA_DIR ?? "";
    await expect.poll(() => latestMailTo(dataDir, address)).toContain("A briefing on flood mapping");
  } finally {
    const restored = await page.request.put("/api/admin/settings", {
      headers: { Origin: origin },
      data: { staffNotificationEmail: "" },
    });
    expect(restored.status()).toBe(200);
  }
});

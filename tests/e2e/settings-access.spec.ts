// The Settings view for who may use it (issue 33): every save there is an owner's, so a staff member who is not one
// sees each Save button disabled with the reason beside it, while the owner's are active; and the dashboard's
// "Open Settings" takes the person to the company details form's heading, not just to the tab.
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { openDashboard, signIn, uniqueTag } from "./staff-helpers";
import { newStaffMember } from "./staff-member";

const SAVES = [
  { button: "Save company details", reason: "Only the owner can change company details." },
  { button: "Save settings", reason: "Only the owner can change these settings." },
  { button: "Save notification e-mail", reason: "Only the owner can change the notification e-mail." },
  { button: "Upload logo", reason: "Only the owner can change the logo." },
  { button: "Upload hero picture", reason: "Only the owner can change the hero picture." },
];

async function openSettings(page: Page) {
  await page.getByRole("tab", { name: "Settings", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Settings", level: 2 })).toBeVisible();
  await expect(page.getByRole("form", { name: "Company details" })).toBeVisible();
}

test("a staff member who is not an owner sees the settings' Save buttons disabled, with the reason", async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  const origin = baseURL ?? "";
  await signIn(page, origin);
  const staff = await newStaffMember(browser, page.request, origin, uniqueTag(testInfo));
  try {
    await openDashboard(staff);
    await openSettings(staff);
    for (const { button, reason } of SAVES) {
      const save = staff.getByRole("button", { name: button });
      await expect(save).toBeDisabled();
      await expect(save).toHaveAccessibleDescription(reason);
      await expect(staff.getByText(reason, { exact: true })).toBeVisible();
    }
    // The owner's other views are not there at all.
    await expect(staff.getByRole("tab", { name: "Backups" })).toHaveCount(0);
    await expect(staff.getByRole("tab", { name: "Staff accounts" })).toHaveCount(0);
  } finally {
    await staff.context().close();
  }

  // The owner's buttons are active, with no such note.
  await openDashboard(page);
  await openSettings(page);
  for (const { button, reason } of SAVES) {
    await expect(page.getByRole("button", { name: button })).toBeEnabled();
    await expect(page.getByText(reason, { exact: true })).toHaveCount(0);
  }
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test("Open Settings scrolls to the company details form and focuses its heading", async ({
    page,
    baseURL,
  }) => {
    await signIn(page, baseURL ?? "");
    await openDashboard(page);
    // This server still has the example details the site was built with, so the banner shows.
    const banner = page
      .getByRole("status")
      .filter({ hasText: "Your company details are still the examples" });
    await banner.getByRole("button", { name: "Open Settings" }).click();
    await expect(page.getByRole("tab", { name: "Settings", exact: true })).toHaveAttribute(
      "aria-selected",
      "true",
    );
    const heading = page.getByRole("heading", { name: "Company details", level: 3 });
    await expect(heading).toBeFocused();
    await expect(heading).toBeInViewport();
  });
});

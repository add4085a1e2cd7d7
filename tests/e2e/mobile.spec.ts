// The landing page on a phone (the "mobile" project, Pixel 7): the header's nav collapses into a toggleable menu.
import { expect, expectAxeClean, expectScrolledTo, open, test } from "./fixtures";

test.skip(({ isMobile }) => !isMobile, "runs in the mobile project only");

test.beforeEach(async ({ page }) => {
  await open(page, "/");
});

test("the menu toggle opens the nav, and choosing an item scrolls there and closes it", async ({ page }) => {
  const header = page.getByRole("banner");
  const toggle = header.getByRole("button", { name: /menu/i });
  await expect(toggle).toBeVisible();
  await expect(toggle).toHaveAccessibleName(/\S/);
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await expect(header.getByRole("link", { name: "Training", exact: true })).toBeHidden();

  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  for (const name of ["Services", "Training", "Documents", "Contact", "Portal Access"]) {
    await expect(header.getByRole("link", { name, exact: true })).toBeVisible();
  }

  await header.getByRole("link", { name: "Training", exact: true }).click();
  await expect(header.getByRole("link", { name: "Training", exact: true })).toBeHidden();
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await expectScrolledTo(page, "training");
});

test("Escape closes the open menu and returns focus to the toggle", async ({ page }) => {
  const header = page.getByRole("banner");
  const toggle = header.getByRole("button", { name: /menu/i });
  await toggle.click();
  await expect(header.getByRole("link", { name: "Contact", exact: true })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(header.getByRole("link", { name: "Contact", exact: true })).toBeHidden();
  await expect(toggle).toBeFocused();
});

test("axe reports no violations at phone size, with the menu closed and open", async ({ page }) => {
  test.slow(); // two axe passes over the whole landing page
  await expectAxeClean(page, "/ (mobile)");
  await page.getByRole("banner").getByRole("button", { name: /menu/i }).click();
  await expect(page.getByRole("banner").getByRole("link", { name: "Services", exact: true })).toBeVisible();
  await expectAxeClean(page, "/ (mobile, menu open)");
});

test("pages fit the phone screen without sideways scrolling", async ({ page }) => {
  for (const path of ["/", "/service/mapping", "/enroll/advanced", "/portal"]) {
    await open(page, path);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${path} scrolls sideways`).toBeLessThanOrEqual(0);
  }
});

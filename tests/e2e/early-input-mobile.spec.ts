// The phone's menu toggle, tapped before the page's scripts have run: it shows it is busy, and once its script has
// arrived (in shuffled order) the menu opens, exactly once (not opened and closed again, not lost).
import { holdScripts } from "./early-scripts";
import { expect, expectScrolledTo, test } from "./fixtures";

test.skip(({ isMobile }) => !isMobile, "runs in the mobile project only");

for (const seed of [1, 2]) {
  test(`the menu tapped before the scripts opens once they arrive (order ${seed})`, async ({ page }) => {
    const scripts = await holdScripts(page);
    await page.goto("/", { waitUntil: "domcontentloaded" });
    const header = page.getByRole("banner");
    const toggle = header.getByRole("button", { name: /menu/i });
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-busy", "true");
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    expect(scripts.count(), "the page's scripts were still held").toBeGreaterThan(0);

    await scripts.release(seed);
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await expect(toggle).not.toHaveAttribute("aria-busy", "true");
    // Still open a moment later: the recorded tap was sent once.
    await page.waitForTimeout(500);
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await header.getByRole("link", { name: "Training", exact: true }).click();
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expectScrolledTo(page, "training");
  });
}

// Every button of every prerendered page (generated from shared/routes.ts) keeps a click made before the page's
// scripts have run: it shows it is busy, and once its script arrives (in shuffled order) it is clicked again exactly
// once. A button the page's script replaces with another view (a step that no longer applies) is not counted.
import type { Page } from "@playwright/test";
import { ROUTES } from "../../shared/routes";
import { holdScripts } from "./early-scripts";
import { expect, test } from "./fixtures";

/** In the page: counts the clicks each element receives from script (the early-input replay), not from a person. */
function countReplays() {
  window.addEventListener(
    "click",
    (event) => {
      if (event.isTrusted || !(event.target instanceof Element)) return;
      const target = event.target as Element & { replays?: number };
      target.replays = (target.replays ?? 0) + 1;
    },
    true,
  );
}

const BUTTONS = '[data-capture]:not([type="submit"]):not([disabled]):visible';

async function buttonsOf(page: Page, path: string): Promise<number> {
  await page.goto(path, { waitUntil: "domcontentloaded" });
  return page.locator(BUTTONS).count();
}

test("a button clicked before its script is clicked again once, on every page", async ({ page }) => {
  test.slow();
  await page.addInitScript(countReplays);
  let checked = 0;
  for (const [index, route] of ROUTES.entries()) {
    const count = await (async () => {
      const scripts = await holdScripts(page);
      const found = await buttonsOf(page, route.path);
      await scripts.release(index);
      return found;
    })();
    for (let n = 0; n < count; n++) {
      const scripts = await holdScripts(page);
      await page.goto(route.path, { waitUntil: "domcontentloaded" });
      const button = page.locator(BUTTONS).nth(n);
      const name = `${route.path} button ${n} (${(await button.getAttribute("aria-label")) ?? (await button.textContent())})`;
      await button.click();
      await expect(button, name).toHaveAttribute("aria-busy", "true");
      const handle = await button.elementHandle();
      await scripts.release(index + n);
      // Live, unless the page's script drew another view in its place.
      await page.waitForFunction(
        (element) => !element?.isConnected || element.hasAttribute("data-hydrated"),
        handle,
      );
      const replays = await page.evaluate(
        (element) =>
          element?.isConnected ? ((element as Element & { replays?: number }).replays ?? 0) : null,
        handle,
      );
      if (replays === null) continue;
      await page.waitForTimeout(100);
      expect(
        await page.evaluate((element) => (element as Element & { replays?: number }).replays, handle),
        name,
      ).toBe(1);
      await expect(button, name).not.toHaveAttribute("aria-busy", "true");
      checked++;
    }
  }
  // The landing page's menu toggle, the password's Show button, the sign-in and enrollment buttons at least.
  expect(checked).toBeGreaterThanOrEqual(5);
});

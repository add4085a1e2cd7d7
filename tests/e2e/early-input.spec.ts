// Every control of the landing page's header is alive from the first paint (issue "Ready when it looks ready"): the
// page's scripts are held back while the test acts, then let in in shuffled order; each effect happens exactly once.
import { PORTAL_POPUP } from "../../shared/constants";
import { holdScripts } from "./early-scripts";
import { expect, expectScrolledTo, scrollY, test } from "./fixtures";

test("Portal Access clicked before any script opens the 1200x800 window, once", async ({ page }) => {
  const scripts = await holdScripts(page);
  await page.goto("/", { waitUntil: "domcontentloaded" });
  const popups: string[] = [];
  page.on("popup", (popup) => void popups.push(popup.url()));
  const popupPromise = page.waitForEvent("popup");
  await page.getByRole("banner").getByRole("link", { name: "Portal Access" }).click();
  const popup = await popupPromise;
  await popup.waitForLoadState();
  expect(new URL(popup.url()).pathname).toBe("/portal");
  const size = await popup.evaluate(() => ({ width: window.outerWidth, height: window.outerHeight }));
  expect(size).toEqual({ width: PORTAL_POPUP.width, height: PORTAL_POPUP.height });
  expect(new URL(page.url()).pathname).toBe("/");
  expect(scripts.count(), "the page's scripts were still held").toBeGreaterThan(0);

  await scripts.release(7);
  await expect(page.locator("[data-hydrated]").first()).toBeAttached();
  await page.waitForTimeout(300);
  expect(popups).toHaveLength(1);
  await popup.close();
});

test("the nav links, the logo and Back to Top work before any script", async ({ page }) => {
  const scripts = await holdScripts(page);
  await page.goto("/", { waitUntil: "domcontentloaded" });
  for (const [label, id] of [
    ["Services", "services"],
    ["Documents", "documents"],
    ["Contact", "contact"],
  ] as const) {
    await page.getByRole("banner").getByRole("link", { name: label, exact: true }).click();
    await expectScrolledTo(page, id);
  }
  await page.getByRole("link", { name: "Back to Top", exact: true }).last().click();
  await expect.poll(() => scrollY(page)).toBe(0);
  await page.getByRole("link", { name: "Get In Touch" }).click();
  await expectScrolledTo(page, "contact");
  expect(scripts.count(), "the page's scripts were still held").toBeGreaterThan(0);
  // No field and no stray query in the address: only the fragment moved.
  expect(new URL(page.url()).search).toBe("");
});

// WCAG 2.2 AA: axe on every route and the 404 page, every landing control reachable by keyboard with a visible
// focus indicator, and smooth scrolling that gives way to prefers-reduced-motion.
import { ROUTES } from "../../shared/routes";
import { expect, expectAxeClean, open, test, topOf } from "./fixtures";

test.describe("axe reports no violations", () => {
  for (const route of ROUTES) {
    test(route.path, async ({ page }) => {
      // axe over the long landing page takes several seconds on a busy 2-core machine.
      if (route.path === "/") test.slow();
      await open(page, route.path);
      // Without an admin session the dashboard hands over to the sign-in page: check where the visitor ends up.
      if (route.path === "/admin/dashboard") await expect(page).toHaveURL(/\/admin$/);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expectAxeClean(page, route.path);
    });
  }

  test.describe("the 404 page", () => {
    test.use({ allowedConsoleErrors: [/status of 404/] });
    test("/no-such-page", async ({ page }) => {
      await open(page, "/no-such-page");
      await expectAxeClean(page, "the 404 page");
    });
  });

  test("the landing page with a toast and a new review on screen", async ({ page }) => {
    test.slow(); // two axe passes over the whole landing page
    await open(page, "/");
    const reviews = page.locator("section#client-reviews");
    await reviews.getByRole("button", { name: "Submit Review" }).click();
    await expect(page.getByText("Required fields missing", { exact: true })).toBeVisible();
    await expectAxeClean(page, "the page with the error toast");

    await reviews.getByLabel(/^Name/).fill("Ana Koroi");
    await reviews.getByLabel(/Your Review/).fill("Practical, well organised training.");
    await reviews.getByRole("radio", { name: "5 stars" }).focus();
    await page.keyboard.press("Space");
    await reviews.getByRole("button", { name: "Submit Review" }).click();
    await expect(reviews.getByText("NEW", { exact: true })).toBeVisible();
    await expectAxeClean(page, "the page with a new review");
  });
});

interface Control {
  key: number;
  label: string;
  focusVisible?: boolean;
}

test("Tab reaches every control of the landing page, each with a visible focus indicator", async ({
  page,
}) => {
  await open(page, "/");
  // Tag every enabled, rendered control; a radio group is one Tab stop, so its radios share a key.
  const expected = await page.evaluate(() => {
    const selector = 'a[href], button, input, select, textarea, summary, [tabindex]:not([tabindex="-1"])';
    const groups = new Map<string, number>();
    const controls: { key: number; label: string }[] = [];
    for (const element of document.querySelectorAll<HTMLElement>(selector)) {
      if (element.matches(":disabled") || element.getAttribute("tabindex") === "-1") continue;
      if (element.closest("[hidden], [inert]") || !element.checkVisibility({ visibilityProperty: true }))
        continue;
      const label = `${element.tagName.toLowerCase()} "${(element.getAttribute("aria-label") || element.textContent || element.getAttribute("name") || element.id).replace(/\s+/g, " ").trim()}"`;
      const isRadio = element instanceof HTMLInputElement && element.type === "radio";
      if (isRadio) {
        const known = groups.get(element.getAttribute("name") ?? "");
        if (known !== undefined) {
          Object.assign(element, { __tabKey: known });
          continue;
        }
        groups.set(element.getAttribute("name") ?? "", controls.length);
      }
      const key = controls.length;
      Object.assign(element, { __tabKey: key });
      controls.push({ key, label: isRadio ? `radio group "${element.getAttribute("name")}"` : label });
    }
    return controls;
  });
  expect(expected.length).toBeGreaterThan(20);

  const reached: Control[] = [];
  const unexpected: string[] = [];
  for (let i = 0; i < expected.length + 10; i++) {
    await page.keyboard.press("Tab");
    const focused = await page.evaluate(() => {
      const element = document.activeElement as (HTMLElement & { __tabKey?: number }) | null;
      if (!element || element === document.body) return null;
      // A visually hidden radio shows its focus ring on the star (its label) instead.
      const label = element.closest("label");
      const ringHolders: Element[] = label ? [element, label] : [element];
      const focusVisible = ringHolders.some((target) => {
        const style = getComputedStyle(target);
        return (
          (style.outlineStyle !== "none" && Number.parseFloat(style.outlineWidth) > 0) ||
          style.boxShadow !== "none"
        );
      });
      return {
        key: element.__tabKey ?? -1,
        label: `${element.tagName.toLowerCase()} "${(element.getAttribute("aria-label") || element.textContent || element.id).replace(/\s+/g, " ").trim().slice(0, 60)}"`,
        focusVisible,
      };
    });
    if (!focused) break;
    if (focused.key === -1) {
      unexpected.push(focused.label);
      continue;
    }
    if (reached.some((control) => control.key === focused.key)) break; // wrapped around
    reached.push(focused);
  }

  const reachedKeys = new Set(reached.map((control) => control.key));
  const missed = expected.filter((control) => !reachedKeys.has(control.key)).map((control) => control.label);
  expect(missed, "controls Tab never reached").toEqual([]);
  expect(unexpected, "Tab stops on elements that are not visible controls").toEqual([]);
  const noRing = reached.filter((control) => !control.focusVisible).map((control) => control.label);
  expect(noRing, "focused controls without a visible focus indicator").toEqual([]);

  const labels = reached.map((control) => control.label).join("\n");
  for (const name of [
    "Services",
    "Training",
    "Documents",
    "Contact",
    "Portal Access",
    "Send Message",
    "Submit Review",
  ]) {
    expect(labels, `Tab reaches '${name}'`).toContain(`"${name}`);
  }
  for (const field of ["firstName", "lastName", "email", "serviceInterest", "message", "rating", "review"]) {
    const reachedField = await page.evaluate(
      (name) =>
        [...document.querySelectorAll<HTMLElement & { __tabKey?: number }>(`[name="${name}"]`)].map(
          (e) => e.__tabKey,
        ),
      field,
    );
    expect(
      reachedField.some((key) => key !== undefined && reachedKeys.has(key)),
      `Tab reaches the '${field}' field`,
    ).toBe(true);
  }
});

test.describe("scrolling and prefers-reduced-motion", () => {
  test("scrolls smoothly by default", async ({ page }) => {
    await open(page, "/");
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior)).toBe(
      "smooth",
    );
    await page.getByRole("banner").getByRole("link", { name: "Contact", exact: true }).click();
    await expect.poll(() => topOf(page, "contact")).toBeLessThan(120);
  });

  test("jumps at once when the visitor asks for reduced motion", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await open(page, "/");
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior)).toBe("auto");
    await page.getByRole("banner").getByRole("link", { name: "Contact", exact: true }).click();
    // No polling: without animation the click has already landed on the section.
    const top = await topOf(page, "contact");
    expect(top).toBeGreaterThanOrEqual(-2);
    expect(top).toBeLessThan(120);
    await page.getByRole("link", { name: "Back to Top", exact: true }).last().click();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });
});

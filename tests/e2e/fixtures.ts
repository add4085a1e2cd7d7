// Shared fixtures of the browser suite. Every test fails on a console error, a CSP violation or an uncaught
// exception in any page of its context (popups included), or shows two conflicting utilities in one class
// attribute (class-conflicts.ts), even when its own assertions pass.
import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";
import { classConflicts, watchClassAttributes } from "./class-conflicts";

export { expect };

interface Options {
  /** Console errors a test expects, e.g. the browser's own "status of 404" line on the 404 page. */
  allowedConsoleErrors: RegExp[];
}

/**
 * "Who is signed in?" calls: their 401 is the normal signed-out answer, but Chromium still logs every 401 response
 * as a console error. Only these, and only with status 401, are let through.
 */
const SESSION_PROBES = ["/api/admin/auth", "/api/auth/user"];

function isSignedOutProbe(text: string, url: string): boolean {
  return (
    text.includes("status of 401") &&
    SESSION_PROBES.some((path) => new URL(url, "http://x").pathname === path)
  );
}

/** What the fixture installs in every page (installAppOwns); tests cast `window` to it. */
export interface AppOwns {
  appOwns: (element: Element | null) => boolean;
}

/**
 * In the page: `appOwns(element)`, whether an element belongs to the hydrated tree, for tests that check the app
 * adopted server-rendered HTML. React marks each element it has hydrated or created with its fiber under a
 * `__reactFiber$<random>` key; the server HTML of a boundary not yet hydrated has none. Self-contained: it runs in
 * the page.
 */
function installAppOwns() {
  (window as unknown as AppOwns).appOwns = (element) =>
    element !== null && Object.keys(element).some((key) => key.startsWith("__reactFiber$"));
}

export const test = base.extend<Options>({
  allowedConsoleErrors: [[], { option: true }],

  page: async ({ page, allowedConsoleErrors }, use) => {
    const problems: string[] = [];
    const context = page.context();
    context.on("console", (message) => {
      if (message.type() !== "error") return;
      const text = message.text();
      if (allowedConsoleErrors.some((pattern) => pattern.test(text))) return;
      const where = message.location().url || message.page()?.url() || "?";
      if (isSignedOutProbe(text, where)) return;
      problems.push(`console.error at ${where}: ${text}`);
    });
    context.on("weberror", (error) =>
      problems.push(`uncaught exception: ${error.error().stack ?? error.error()}`),
    );
    await context.addInitScript(installAppOwns);
    // Chromium also logs CSP violations to the console; the event makes them explicit whatever the log level.
    await context.addInitScript(() => {
      document.addEventListener("securitypolicyviolation", (event) => {
        console.error(
          `CSP violation: ${event.violatedDirective} blocked ${event.blockedURI || "inline code"}`,
        );
      });
    });
    const classAttributes = await watchClassAttributes(context);
    await use(page);
    expect(problems, "the pages logged errors").toEqual([]);
    expect(classConflicts(classAttributes), "utilities that conflict in one class attribute").toEqual([]);
  },
});

/**
 * Resolves once the prerendered markup is hydrated, so clicks reach their handlers. The parts of a page that hydrate
 * on a person's first touch (web/lib/hydrate-on-touch.tsx) are touched first, as someone using the whole page would;
 * `touch: false` leaves them as the server rendered them (the suites of early input and of budgets test that path).
 */
export async function waitForHydration(page: Page, { touch = true } = {}): Promise<void> {
  // hydrateRoot marks #root at once; React then hydrates the page's boundaries one after another
  // (web/lib/hydrate-later.tsx), the footer last in page order, so the page is live once the footer belongs to the
  // tree. (Pages of contexts a test opens itself lack the fixture's init script.)
  await page.evaluate(installAppOwns);
  await page.waitForFunction(() =>
    Object.keys(document.getElementById("root") ?? {}).some((key) => key.startsWith("__reactContainer$")),
  );
  if (touch) {
    await page.evaluate(() => {
      for (const part of document.querySelectorAll("[data-touch]")) {
        part.dispatchEvent(new FocusEvent("focusin", { bubbles: true }));
      }
    });
  }
  await page.waitForFunction((touched) => {
    const owns = (window as unknown as AppOwns).appOwns;
    const waiting = (element: Element) => !touched && element.closest("[data-touch]") !== null;
    const parts = touched ? [...document.querySelectorAll("[data-touch]")] : [];
    const footers = document.querySelectorAll("#root footer");
    const last = footers[footers.length - 1];
    return (
      parts.every((part) => part.firstElementChild === null || owns(part.firstElementChild)) &&
      (last === undefined || waiting(last) || owns(last))
    );
  }, touch);
}

/** Navigates and waits for hydration; returns the navigation response. */
export async function open(page: Page, path: string) {
  const response = await page.goto(path);
  await waitForHydration(page);
  return response;
}

export const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/** Runs axe with the WCAG 2.2 AA rule set and returns the violations as readable lines (empty when clean). */
export async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  return results.violations.map((violation) => {
    const nodes = violation.nodes
      .slice(0, 5)
      .map(
        (node) =>
          `    ${node.target.join(" ")}\n      ${(node.failureSummary ?? "").replace(/\n/g, "\n      ")}`,
      )
      .join("\n");
    const more = violation.nodes.length > 5 ? `\n    ... and ${violation.nodes.length - 5} more` : "";
    return `${violation.id} (${violation.impact}): ${violation.help}\n${nodes}${more}`;
  });
}

/** Fails, listing the violations, when axe finds any on the page as it is now; `what` names that state. */
export async function expectAxeClean(page: Page, what: string): Promise<void> {
  const violations = await axeViolations(page);
  expect(violations, `axe on ${what}:\n${violations.join("\n")}`).toEqual([]);
}

/**
 * Holds every request to `url` until release(), so the busy state of the control that sent it can be seen;
 * `sent` collects their JSON bodies.
 */
export async function holdRequests(page: Page, url: string) {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const sent: unknown[] = [];
  await page.route(url, async (route) => {
    sent.push(route.request().postDataJSON());
    await held;
    await route.continue();
  });
  return { sent, release: () => release() };
}

/** Vertical distance in CSS pixels from the top of the viewport to the element with this id. */
export function topOf(page: Page, id: string): Promise<number> {
  return page.evaluate((elementId) => {
    const element = document.getElementById(elementId);
    if (!element) throw new Error(`#${elementId} is not on the page`);
    return Math.round(element.getBoundingClientRect().top);
  }, id);
}

/** Polls until the section's top edge sits just below the fixed header (i.e. it was scrolled into view). */
export async function expectScrolledTo(page: Page, id: string): Promise<void> {
  await expect
    .poll(() => topOf(page, id), { message: `#${id} should be scrolled to the top of the viewport` })
    .toBeGreaterThanOrEqual(-2);
  await expect
    .poll(() => topOf(page, id), { message: `#${id} should be scrolled to the top` })
    .toBeLessThan(120);
}

export function scrollY(page: Page): Promise<number> {
  return page.evaluate(() => Math.round(window.scrollY));
}

/** Jumps (without animation) to the element with this id, as if the visitor had scrolled there. */
export async function jumpTo(page: Page, id: string): Promise<void> {
  await page.evaluate((elementId) => {
    document.getElementById(elementId)?.scrollIntoView({ behavior: "instant", block: "start" });
  }, id);
}

// What the payment page tests share: toasts by their text, axe on a page, and every request a page sends.
import type { Page } from "@playwright/test";
import { axeViolations, expect } from "./fixtures";

/** The browser's own console line for a 503 'not configured' answer, expected where no provider is set up. */
export const NOT_CONFIGURED = [/status of 503/];

export async function expectToast(page: Page, title: string, description?: string) {
  await expect(page.getByText(title, { exact: true })).toBeVisible();
  if (description) await expect(page.getByText(description, { exact: true })).toBeVisible();
}

export async function expectAxeClean(page: Page, what: string) {
  const violations = await axeViolations(page);
  expect(violations, `axe on ${what}:\n${violations.join("\n")}`).toEqual([]);
}

/** Every request the page sends, with its body, to prove what never leaves it. */
export function recordRequests(page: Page): { url: string; body: string }[] {
  const sent: { url: string; body: string }[] = [];
  page.on("request", (request) => sent.push({ url: request.url(), body: request.postData() ?? "" }));
  return sent;
}

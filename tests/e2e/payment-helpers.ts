// What the payment page tests share: toasts by their text and every request a page sends.
import type { Page } from "@playwright/test";
import { expect } from "./fixtures";

/** The browser's own console line for a 503 'not configured' answer, expected where no provider is set up. */
export const NOT_CONFIGURED = [/status of 503/];

export async function expectToast(page: Page, title: string, description?: string) {
  await expect(page.getByText(title, { exact: true })).toBeVisible();
  if (description) await expect(page.getByText(description, { exact: true })).toBeVisible();
}

/** Every request the page sends, with its body, to prove what never leaves it. */
export function recordRequests(page: Page): { url: string; body: string }[] {
  const sent: { url: string; body: string }[] = [];
  page.on("request", (request) => sent.push({ url: request.url(), body: request.postData() ?? "" }));
  return sent;
}

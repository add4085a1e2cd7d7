// What the offline-form browser tests share (offline-drafts.spec.ts, offline-sending.spec.ts; ADR 041): the
// requests a page sent, its localStorage, the contact form filled in, staff's view of the stored messages, and
// taking the browser offline.
import type { APIRequestContext, BrowserContext, Page, Request } from "@playwright/test";
import { expect } from "./fixtures";
import { STAFF } from "./staff-helpers";

// Chromium logs each request the offline browser could not send, and the wallet's refusal without a provider.
// (One pattern: Playwright would read a list of several as a fixture's [value, options].)
export const OFFLINE_CONSOLE_ERRORS = [/ERR_INTERNET_DISCONNECTED|ERR_FAILED|status of 503/];

export const SAVED = "Your message is saved on this device and will be sent when the connection returns.";

/** Every POST the page sends to `path`, as the browser sent it (the offline attempts too). */
export function postsTo(page: Page, path: string): Request[] {
  const posts: Request[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname === path) posts.push(request);
  });
  return posts;
}

export const storedItem = (page: Page, key: string) =>
  page.evaluate((name) => localStorage.getItem(name), key);

/** Everything in the page's localStorage as one string. */
export const allStorage = (page: Page) => page.evaluate(() => JSON.stringify({ ...localStorage }));

export async function fillContact(page: Page, tag: string) {
  const section = page.locator("section#contact");
  await section.getByLabel(/^First Name/).fill("Litia");
  await section.getByLabel(/^Last Name/).fill(tag);
  await section.getByLabel(/^Email/).fill(`litia.${tag}@example.com`);
  await section.getByLabel(/^Service Interest/).selectOption("Training Programs");
  await section.getByLabel(/^Message/).fill(`Four extension officers next quarter, ${tag}.`);
  return section;
}

/** Staff's view of what the server stored: the contact messages (any status) whose names carry `tag`. */
export async function storedMessages(request: APIRequestContext, baseURL: string, tag: string) {
  const login = await request.post("/api/admin/login", { headers: { Origin: baseURL }, data: STAFF });
  expect(login.status(), await login.text()).toBe(200);
  const list = await request.get(`/api/admin/messages?status=all&q=${tag}`);
  expect(list.status()).toBe(200);
  return ((await list.json()) as { items: { lastName: string }[] }).items;
}

export async function goOffline(context: BrowserContext, page: Page) {
  await context.setOffline(true);
  await expect.poll(() => page.evaluate(() => navigator.onLine)).toBe(false);
}

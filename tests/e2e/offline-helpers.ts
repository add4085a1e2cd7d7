// What the offline-form browser tests share (offline-drafts.spec.ts, offline-sending.spec.ts; ADR 041): the
// requests a page sent, its localStorage, the contact form filled in, staff's view of the stored messages, and
// taking the browser offline.
import type { APIRequestContext, BrowserContext, Page, Request } from "@playwright/test";
import { expect } from "./fixtures";
import { signInStaff } from "./staff-factors";

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

/**
 * What a person typed that localStorage holds: every stored key, and every key and value inside each item (parsed
 * when it is JSON), but not a draft's own bookkeeping (`savedAt`, `elapsedMs`). Those are numbers of milliseconds
 * whose digits can spell "737" or "4242" by chance, which made a check for leaked card details fail at random.
 */
export const storedText = (page: Page) =>
  page.evaluate(() => {
    const words: string[] = [];
    const walk = (value: unknown): void => {
      if (Array.isArray(value)) for (const item of value) walk(item);
      else if (value !== null && typeof value === "object") {
        for (const [key, inner] of Object.entries(value)) {
          if (key === "savedAt" || key === "elapsedMs") continue;
          words.push(key);
          walk(inner);
        }
      } else words.push(String(value));
    };
    for (const [key, raw] of Object.entries(localStorage)) {
      words.push(key);
      try {
        walk(JSON.parse(raw));
      } catch {
        words.push(raw);
      }
    }
    return words.join("\n");
  });

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
  await signInStaff(request, baseURL);
  const list = await request.get(`/api/admin/messages?status=all&q=${tag}`);
  expect(list.status()).toBe(200);
  return ((await list.json()) as { items: { lastName: string }[] }).items;
}

export async function goOffline(context: BrowserContext, page: Page) {
  await context.setOffline(true);
  await expect.poll(() => page.evaluate(() => navigator.onLine)).toBe(false);
}

// Subscribers in the browser suite: unique e-mail addresses, the sign-in e-mail read back from the server's outbox
// (.eml files under E2E_DATA_DIR/outbox, playwright.config.ts), sign-in without the form, and access granted by staff.
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import type { APIRequestContext, Page, TestInfo } from "@playwright/test";
import { expect } from "./fixtures";
import { signInStaff } from "./staff-factors";

/** Lower-case (addresses are stored so) and unique across parallel workers and repeated runs. */
export function uniqueEmail(testInfo: TestInfo, label: string): string {
  const tag = `${Date.now().toString(36)}${testInfo.workerIndex}${Math.random().toString(36).slice(2, 7)}`;
  return `${label}-${tag}@example.com`;
}

/**
 * The text part of an .eml as nodemailer writes it (7bit, quoted-printable or base64): the message itself when it
 * is plain text, else its first text/plain part, however deep (with a file attached the text and HTML alternatives
 * sit one level down).
 */
export function bodyText(eml: string): string {
  const split = eml.indexOf("\n\n");
  const headers = eml.slice(0, split).replace(/\n[ \t]+/g, " ");
  const body = eml.slice(split + 2);
  if (/^Content-Type:\s*multipart\//im.test(headers)) {
    const boundary = /boundary="?([^";\s]+)"?/i.exec(headers)?.[1] ?? "";
    for (const part of body.split(`--${boundary}`).slice(1)) {
      const inner = part.replace(/^\n/, "");
      if (!/^Content-Type:\s*(text\/plain|multipart\/)/im.test(inner.slice(0, inner.indexOf("\n\n"))))
        continue;
      const text = bodyText(inner.replace(/\n$/, ""));
      if (text) return text;
    }
    return "";
  }
  const encoding = /^Content-Transfer-Encoding:\s*(\S+)/im.exec(headers)?.[1]?.toLowerCase();
  if (encoding === "base64") return Buffer.from(body, "base64").toString("utf8");
  if (encoding === "quoted-printable") {
    const bytes = body
      .replace(/=\r?\n/g, "")
      .replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    return Buffer.from(bytes, "latin1").toString("utf8");
  }
  return body;
}

export interface SignInMail {
  code: string;
  link: string;
}

export async function mailsTo(email: string): Promise<string[]> {
  const dir = join(process.env.E2E_DATA_DIR ?? "", "outbox");
  const names = (await readdir(dir).catch(() => [] as string[]))
    .filter((name) => name.endsWith(".eml"))
    .sort();
  const mails: string[] = [];
  for (const name of names) {
    const eml = (await readFile(join(dir, name), "utf8")).replace(/\r\n/g, "\n");
    const to = /^To:\s*(.+)$/im.exec(eml)?.[1] ?? "";
    if (to.toLowerCase().includes(email)) mails.push(eml);
  }
  return mails;
}

/**
 * The code and link of the newest sign-in e-mail to `email`, waiting (the outbox sends after the commit) until
 * there are at least `count` of them.
 */
export async function readSignInMail(email: string, count = 1): Promise<SignInMail> {
  let mails: string[] = [];
  await expect
    .poll(
      async () => {
        mails = await mailsTo(email);
        return mails.length;
      },
      { message: `sign-in e-mail number ${count} to ${email}`, timeout: 10_000 },
    )
    .toBeGreaterThanOrEqual(count);
  const text = bodyText(mails.at(-1) ?? "");
  const code = /^\s*(\d{6})\s*$/m.exec(text)?.[1];
  const link = /(https?:\/\/\S+\/sign-in\/confirm\?token=[\w-]+)/.exec(text)?.[1];
  if (!code || !link) throw new Error(`no code or link in the sign-in e-mail:\n${text}`);
  return { code, link };
}

/** Signs the page's browser context in through the API, as the form would (the form has tests of its own). */
export async function signInByApi(page: Page, baseURL: string, email: string): Promise<void> {
  const headers = { Origin: baseURL };
  const sent = await page.request.post("/api/login/email", { headers, data: { email } });
  expect(sent.status(), await sent.text()).toBe(202);
  const { code } = await readSignInMail(email);
  const verified = await page.request.post("/api/login/email/verify", { headers, data: { email, code } });
  expect(verified.status(), await verified.text()).toBe(200);
}

/** The site the test's project runs against (its baseURL): the Origin the helpers' API calls send. */
export function siteOrigin(testInfo: TestInfo): string {
  return testInfo.project.use.baseURL ?? "";
}

/** A new subscriber, with a unique address made from `label`, signed in through the API: answers the address. */
export async function signInNewSubscriber(page: Page, testInfo: TestInfo, label: string): Promise<string> {
  const email = uniqueEmail(testInfo, label);
  await signInByApi(page, siteOrigin(testInfo), email);
  return email;
}

/** YYYY-MM-DD this many days from today. */
export function isoDateIn(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/** Staff grant access until the end of `until` (Fiji time), as the dashboard does for a bank transfer. */
export async function grantAccess(request: APIRequestContext, baseURL: string, email: string, until: string) {
  const headers = { Origin: baseURL };
  await signInStaff(request, baseURL);
  const grant = await request.post("/api/admin/subscriptions/grant", { headers, data: { email, until } });
  expect(grant.status(), await grant.text()).toBe(200);
}

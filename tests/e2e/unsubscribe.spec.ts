// The monthly digest's unsubscribe link in the browser: opening it only asks, the button confirms and the page says
// it is done, the same with JavaScript off (the button is a plain form POST), and a broken link says so.
import { createHmac } from "node:crypto";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { APIRequestContext } from "@playwright/test";
import { expect, expectAxeClean, test, waitForHydration } from "./fixtures";
import { signInNewSubscriber } from "./subscriber";

/**
 * The link the digest e-mail would carry for `email`. The digest only goes out on the first working day of a month,
 * so the test signs with the server's own secret (DATA_DIR/session-secret) as server/portal/unsubscribe-token.ts
 * does, and finds the subscriber's id by asking the page which address each id names (the suite cannot read the
 * server's database).
 */
async function unsubscribeLinkFor(request: APIRequestContext, email: string): Promise<string> {
  const secret = (await readFile(join(process.env.E2E_DATA_DIR ?? "", "session-secret"), "utf8")).trim();
  const key = createHmac("sha256", secret).update("rpas digest unsubscribe links v1").digest();
  const linkOf = (id: number) =>
    `/unsubscribe?token=${id}.${createHmac("sha256", key).update(`digest-user:${id}`).digest("base64url").slice(0, 32)}`;
  // Ids have gaps (a repeated sign-in uses up a sequence number), so look through them in batches.
  for (let first = 1; first <= 5000; first += 25) {
    const links = Array.from({ length: 25 }, (_, offset) => linkOf(first + offset));
    const pages = await Promise.all(links.map(async (link) => (await request.get(link)).text()));
    const found = pages.findIndex((html) => html.includes(email));
    if (found >= 0) return links[found] ?? "";
  }
  throw new Error(`no subscriber id names ${email}`);
}

test("a subscriber opens the digest's unsubscribe link, confirms, and is told it is done", async ({
  page,
}, testInfo) => {
  const email = await signInNewSubscriber(page, testInfo, "digest-leaver");
  const link = await unsubscribeLinkFor(page.request, email);

  await page.goto(link);
  await waitForHydration(page);
  await expect(
    page.getByRole("heading", { level: 1, name: "Unsubscribe from the Monthly Digest" }),
  ).toBeVisible();
  await expect(page.getByRole("heading", { name: "Stop the monthly digest?" })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await expectAxeClean(page, "the unsubscribe page");

  // Opening the link changed nothing: opening it again still asks.
  await page.reload();
  await expect(page.getByRole("heading", { name: "Stop the monthly digest?" })).toBeVisible();

  await page.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(page.getByRole("heading", { name: "You are unsubscribed" })).toBeVisible();
  await expect(page.getByText(`${email} will no longer get the monthly digest.`)).toBeVisible();
  await expect(page.getByRole("button", { name: "Unsubscribe" })).toHaveCount(0);
  await expectAxeClean(page, "the unsubscribed page");

  // The same link later says it is done, without a button.
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "You are unsubscribed" })).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the button still unsubscribes: it is a plain form", async ({ page }, testInfo) => {
    const email = await signInNewSubscriber(page, testInfo, "digest-nojs");
    const link = await unsubscribeLinkFor(page.request, email);
    await page.goto(link);
    await expect(page.getByText(email)).toBeVisible();
    await page.getByRole("button", { name: "Unsubscribe" }).click();
    await expect(page.getByRole("heading", { name: "You are unsubscribed" })).toBeVisible();
    expect(new URL(page.url()).pathname).toBe("/unsubscribe");
  });
});

test.describe("a broken link", () => {
  // The server answers a broken link's page with 400, which Chromium logs.
  test.use({ allowedConsoleErrors: [/status of 400/] });

  test("says the link does not work and offers no button", async ({ page }) => {
    await page.goto("/unsubscribe?token=1.not-a-real-signature-at-all-xxxxx");
    await expect(page.getByRole("heading", { name: "This link does not work" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Unsubscribe" })).toHaveCount(0);
    await expectAxeClean(page, "a broken unsubscribe link");
  });
});

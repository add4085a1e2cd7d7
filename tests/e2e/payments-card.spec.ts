// A card subscriber's portal against the payments server of playwright.config.ts, whose Stripe is the local fake:
// the fake takes the "card" (Stripe.js cannot load offline) and delivers Stripe's signed webhooks, so what the page
// shows comes from the real webhook handling. The subscriber cancels from the portal and sees the end date; a
// failed renewal is explained on the page and by e-mail.
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import type { Page, TestInfo } from "@playwright/test";
import { expect, expectAxeClean, open, test } from "./fixtures";
import { signInNewSubscriber, siteOrigin } from "./subscriber";

// The sign-in helpers read E2E_DATA_DIR's outbox; here it must be this server's (set in the worker, see
// payments-live.spec.ts).
test.beforeAll(() => {
  process.env.E2E_DATA_DIR = process.env.E2E_PAYMENTS_DATA_DIR;
});

test.use({ extraHTTPHeaders: { "X-Forwarded-For": "198.51.100.78" } });

const FAKE_STRIPE = `http://127.0.0.1:${process.env.E2E_FAKE_STRIPE_PORT ?? 5188}`;

/**
 * A new subscriber (address made from `label`) signs in, starts a card subscription and has the fake Stripe take the
 * first payment: answers the address and the subscription's id.
 */
async function payingCardSubscriber(page: Page, testInfo: TestInfo, label: string) {
  const email = await signInNewSubscriber(page, testInfo, label);
  const created = await page.request.post("/api/create-subscription", {
    headers: { Origin: siteOrigin(testInfo) },
    data: { email },
  });
  expect(created.status(), await created.text()).toBe(200);
  const paid = await page.request.post(`${FAKE_STRIPE}/__test/pay-for`, { data: { email } });
  const body = (await paid.json()) as { subscriptionId: string; delivered: number };
  expect(body.delivered).toBe(200);
  return { email, subscriptionId: body.subscriptionId };
}

async function mailTo(email: string, subject: string): Promise<string | undefined> {
  const dir = join(process.env.E2E_PAYMENTS_DATA_DIR ?? "", "outbox");
  for (const name of (await readdir(dir).catch(() => [] as string[])).sort().reverse()) {
    const eml = await readFile(join(dir, name), "utf8");
    if (eml.includes(`To: ${email}`) && eml.includes(`Subject: ${subject}`)) return eml;
  }
  return undefined;
}

test("a card subscriber cancels from the portal and is shown when access ends", async ({
  page,
}, testInfo) => {
  await payingCardSubscriber(page, testInfo, "cancel");
  await open(page, "/portal");
  await expect(page.getByText("Your subscription is active.")).toBeVisible();

  await page.getByRole("button", { name: "Cancel subscription" }).click();
  const dialog = page.getByRole("dialog", { name: "Cancel your subscription?" });
  await expect(dialog).toContainText("Your card will not be charged again.");
  await expectAxeClean(page, "the cancel dialog");
  // Changing one's mind closes the dialog and changes nothing.
  await dialog.getByRole("button", { name: "Keep my subscription" }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole("button", { name: "Cancel subscription" }).click();
  await dialog.getByRole("button", { name: "Cancel at the end of the period" }).click();
  await expect(page.getByText("Subscription cancelled", { exact: true })).toBeVisible();
  const notice = page.getByText(
    /^Your subscription is cancelled: it will not renew, and your access ends on/,
  );
  await expect(notice).toBeVisible();
  await expect(page.getByRole("button", { name: "Cancel subscription" })).toHaveCount(0);
  // Downloads stay open until then.
  await expect(page.getByText("Your subscription is active.")).toBeVisible();

  // The date survives a reload: it is the server's, not the page's memory.
  await page.reload();
  await expect(notice).toBeVisible();
});

test("a failed renewal is explained in the portal and by e-mail", async ({ page }, testInfo) => {
  const { email, subscriptionId } = await payingCardSubscriber(page, testInfo, "pastdue");
  const failed = await page.request.post(
    `${FAKE_STRIPE}/__test/subscriptions/${subscriptionId}/renew-failed`,
  );
  expect(((await failed.json()) as { delivered: number }).delivered).toBe(200);

  // The renewal failed at the start of the next period; the month already paid for still runs.
  await open(page, "/portal");
  await expect(page.getByText("Your subscription is active.")).toBeVisible();
  await expect(
    page.getByText(
      "Your last card payment did not go through: update your card to keep your access after that date.",
    ),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: "Manage subscription" })).toBeVisible();
  await expect.poll(() => mailTo(email, "Payment failed: Document Portal Access")).toBeDefined();
});

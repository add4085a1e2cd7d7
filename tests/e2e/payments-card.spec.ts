// A card subscriber's portal against the payments server of playwright.config.ts, whose Stripe is the local fake:
// the fake takes the "card" (Stripe.js cannot load offline) and delivers Stripe's signed webhooks, so what the page
// shows comes from the real webhook handling. The subscriber cancels from the portal and sees the end date; a
// failed renewal is explained on the page and by e-mail.
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import type { Page, TestInfo } from "@playwright/test";
import { expect, expectAxeClean, open, test } from "./fixtures";
import { signInStaff } from "./staff-factors";
import { bodyText, readSignInMail, signInNewSubscriber, siteOrigin, uniqueEmail } from "./subscriber";

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

/** This server's card section as the sandbox shows it when Stripe is not configured: our own card form. */
async function sandboxCardForm(page: Page) {
  await page.route("**/api/payments/config", (route) =>
    route.fulfill({ json: { card: "demo", stripePublishableKey: null, wallet: "sandbox", sandbox: true } }),
  );
}

test("a sandbox card buyer lands on the portal's sign-in code step, signs in and is greeted by the name given", async ({
  page,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000);
  const email = uniqueEmail(testInfo, "buyer");
  await sandboxCardForm(page);

  await open(page, "/subscribe");
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Full Name/).fill("Litia Koroi");
  await page.getByRole("button", { name: "Continue to Payment" }).click();
  await expect(page).toHaveURL(/\/payment$/);

  const card = page.getByRole("region", { name: "Card Details" });
  await expect(card.getByLabel(/^Email/)).toHaveValue(email);
  await card.getByLabel(/^Card Number/).fill("4242424242424242");
  await card.getByLabel(/^Expiry Date/).fill("1230");
  await card.getByLabel(/^CVV/).fill("123");
  // The name on the card is not the one the buyer gave on /subscribe: that one is kept.
  await card.getByLabel(/^Cardholder Name/).fill("L KOROI");
  await card.getByRole("button", { name: /^Pay FJD \$50\.00/ }).click();
  await expect(page.getByText("Payment Successful", { exact: true }).first()).toBeVisible({ timeout: 6000 });
  await page.waitForURL(/\/portal$/, { timeout: 6000 });

  // Not signed in by paying: the step that says what to do, the address paid for, the code field ready.
  const step = page.getByRole("region", { name: "Check your e-mail for your sign-in code" });
  await expect(step).toBeVisible();
  await expect(step.getByText(email)).toBeVisible();
  const codeField = step.getByLabel("Sign-in code");
  await expect(codeField).toBeFocused();
  await expect(page.getByText("You are viewing a preview of the library.")).toHaveCount(0);
  await expectAxeClean(page, "/portal with the sign-in code step after a payment");

  // The receipt and the sign-in code, read from the inbox as the buyer reads them.
  await expect.poll(async () => mailTo(email, "Receipt: FJD 50.00 paid by card")).toBeDefined();
  const receipt = bodyText((await mailTo(email, "Receipt: FJD 50.00 paid by card")) ?? "");
  expect(receipt).toMatch(/^Bula Litia,/);
  const { code } = await readSignInMail(email, 2);
  await codeField.fill(code);
  await step.getByRole("button", { name: "Sign In" }).click();

  const account = page.getByRole("navigation", { name: "Portal account" });
  await expect(account.getByText("Litia", { exact: true })).toBeVisible();
  await expect(page.getByText("Your subscription is active.")).toBeVisible();
  await expect(step).toHaveCount(0);
  // Signed in for real: a reload keeps the session and shows no sign-in step again.
  await page.reload();
  await expect(account.getByText("Litia", { exact: true })).toBeVisible();
  await expect(page.getByRole("region", { name: "Check your e-mail for your sign-in code" })).toHaveCount(0);

  // Staff see the name given on /subscribe and that a (sandbox) card paid.
  await signInStaff(page.request, baseURL ?? "");
  await open(page, "/admin/dashboard");
  await page.getByRole("tab", { name: "Subscribers" }).click();
  const answered = page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === "/api/admin/subscribers" &&
      new URL(response.url()).searchParams.get("q") === email,
  );
  await page.getByLabel("Search subscribers").fill(email);
  await answered;
  const row = page
    .getByRole("region", { name: "Subscribers list" })
    .getByRole("row")
    .filter({ hasText: email });
  await expect(row.getByRole("cell", { name: "Litia Koroi", exact: true })).toBeVisible();
  await expect(row.getByRole("cell", { name: "Card (sandbox)", exact: true })).toBeVisible();
});

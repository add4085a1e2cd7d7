// Payments with providers configured, against the second app server of playwright.config.ts ("payments" project):
// Stripe against the local fake, and the sandbox wallet, whose payment page approves and returns like M-PAiSA's. Stripe.js
// itself never loads on these offline machines, so the card form is tested for saying so rather than hanging.
import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { PORTAL_DOCUMENTS } from "../../shared/documents";
import { expect, expectAxeClean, open, test } from "./fixtures";
import { createDocument } from "./library-helpers";
import { expectToast } from "./payment-helpers";
import { signInStaff } from "./staff-factors";
import { uniqueTag } from "./staff-helpers";
import { signInNewSubscriber, uniqueEmail } from "./subscriber";

// The sign-in helpers read E2E_DATA_DIR's outbox; here it must be this server's. Set in the worker, never at load
// time (the runner loads every file, and its environment passes to every project's workers); a worker runs one
// project only, so the other projects keep the main server's outbox.
test.beforeAll(() => {
  process.env.E2E_DATA_DIR = process.env.E2E_PAYMENTS_DATA_DIR;
});

test.use({ extraHTTPHeaders: { "X-Forwarded-For": "198.51.100.77" } });

const CARD_FORM_UNAVAILABLE =
  "The secure card form could not load. Check your connection and try again, or pay with M-PAiSA.";

/** The value beside `term` in the status panel (each term and its value share a wrapper). */
function statusValue(page: Page, term: string) {
  const status = page.getByRole("region", { name: "Payment Status" });
  return status
    .locator("div")
    .filter({ has: page.getByRole("term").filter({ hasText: new RegExp(`^${term}$`) }) })
    .getByRole("definition");
}

test("the sandbox wallet: a mobile request, approved on the checkout page, opens the downloads", async ({
  page,
  context,
  request,
  baseURL,
}, testInfo) => {
  // Signed in first, so the sign-in e-mail is the only one to this address when its code is read.
  const email = await signInNewSubscriber(page, testInfo, "wallet");

  await open(page, "/mpaisa-payment");
  await page.getByLabel(/^M-PAiSA Mobile Number/).fill("9123456");
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Full Name/).fill("Litia Naivalu");
  await page.getByLabel(/^Amount \(FJD\)/).fill("50.00");

  const opened = context.waitForEvent("page");
  await page.getByRole("button", { name: "Send Payment Request" }).click();
  await expectToast(page, "Payment Initiated", "Please complete the payment in your mPaisa app.");
  await expect(statusValue(page, "Status")).toHaveText("pending");
  await expect(statusValue(page, "Reference")).toHaveText(/^PSR-/);
  await expectAxeClean(page, "/mpaisa-payment with the status panel");

  const checkout = await opened;
  await checkout.waitForLoadState();
  await expect(checkout.getByRole("heading", { name: "M-PAiSA sandbox payment page" })).toBeVisible();
  await checkout.getByRole("button", { name: "Approve payment" }).click();
  // As the gateway does, the sandbox sends the payer back through our return route, which verifies the return,
  // confirms it with the status call and shows the result.
  await checkout.waitForURL(/\/mpaisa-payment\?reference=PSR-[A-Z2-7]{10}$/);
  await expect(statusValue(checkout, "Status")).toHaveText("completed", { timeout: 10_000 });
  await checkout.close();

  // The panel follows the payment by itself (a poll every 3 seconds).
  await expect(statusValue(page, "Status")).toHaveText("completed", { timeout: 10_000 });
  const status = page.getByRole("region", { name: "Payment Status" });
  await expect(status.getByRole("link", { name: "Sign in to the Document Portal" })).toHaveAttribute(
    "href",
    "/api/login?returnTo=%2Fportal",
  );
  await expect(status.getByRole("link", { name: /Open M-PAiSA Checkout/ })).toHaveCount(0);
  await expectAxeClean(page, "/mpaisa-payment with the payment completed");

  await open(page, "/portal");
  await expect(page.getByText("Your subscription is active.")).toBeVisible();
  // Wallet payers renew by paying again: there is no card subscription to manage.
  await expect(page.getByRole("button", { name: "Manage subscription" })).toHaveCount(0);
  // The starting documents are samples (never downloaded); a document staff uploaded is.
  const [first] = PORTAL_DOCUMENTS;
  if (!first) throw new Error("no documents");
  await expect(
    page
      .getByRole("article", { name: first.title })
      .getByRole("button", { name: "Sample: not yet available" }),
  ).toBeDisabled();
  const title = `Wallet reader's manual ${uniqueTag(testInfo)}`;
  await createDocument(request, baseURL ?? "", { title, category: "Operations" });
  await page.reload();
  const downloaded = page.waitForEvent("download");
  await page
    .getByRole("article", { name: title })
    .getByRole("button", { name: /^Download/ })
    .click();
  const content = await readFile(await (await downloaded).path());
  expect(content.subarray(0, 4).toString("latin1")).toBe("%PDF");
});

test("a QR code names its amount and reference", async ({ page }) => {
  await open(page, "/mpaisa-payment");
  await page.getByText("QR Code", { exact: true }).click();
  await page.getByRole("textbox", { name: /^Email/ }).fill("qr.live@example.fj");
  await page.getByLabel(/^Amount \(FJD\)/).fill("50.00");
  await page.getByRole("button", { name: "Generate QR Code" }).click();
  await expectToast(page, "QR Code Generated");
  const image = page.getByRole("img", { name: /^M-PAiSA QR code for FJD 50\.00, reference \S+$/ });
  await expect(image).toBeVisible();
  await expect(image).toHaveAttribute("src", /^data:image\/svg\+xml/);
});

test("staff confirm a pending wallet payment on the dashboard", async ({ page, baseURL }, testInfo) => {
  const headers = { Origin: baseURL ?? "" };
  const email = uniqueEmail(testInfo, "confirmed");
  const created = await page.request.post("/api/create-mpaisa-payment", {
    headers,
    data: { phone: "9123456", email, name: "Sera Tora", amount: "50.00" },
  });
  expect(created.status(), await created.text()).toBe(200);
  const { reference } = (await created.json()) as { reference: string };
  await signInStaff(page.request, baseURL ?? "");

  await open(page, "/admin/dashboard");
  await page.getByRole("tab", { name: "Wallet payments" }).click();
  const list = page.getByRole("region", { name: "Pending wallet payments" });
  const row = list.getByRole("row").filter({ hasText: reference });
  await expect(row).toContainText(email);
  await expect(row).toContainText("FJD 50.00");
  await expect(row).toContainText("Mobile request");
  await expectAxeClean(page, "the Wallet payments tab");

  await row.getByRole("button", { name: `Confirm payment ${reference}` }).click();
  const dialog = page.getByRole("dialog", { name: `Confirm payment ${reference}?` });
  await expect(dialog).toContainText(email);
  // Nothing is credited until staff say what arrived.
  await dialog.getByRole("button", { name: "Confirm payment" }).click();
  await expect(dialog.getByRole("alert")).toBeVisible();
  await dialog.getByLabel("Amount received (FJD)").fill("25.00");
  await expect(dialog).toContainText("FJD 25.00 buys 15 days of portal access");
  await dialog.getByLabel("M-PAiSA receipt number").fill("MP1234567");
  await expectAxeClean(page, "the confirm payment dialog");
  await dialog.getByRole("button", { name: "Confirm payment" }).click();
  await expectToast(page, "Payment confirmed");
  await expect(dialog).toBeHidden();
  await expect(list.getByRole("row").filter({ hasText: reference })).toHaveCount(0);
  const settled = await page.request.get(`/api/mpaisa-payments/${reference}`);
  expect(((await settled.json()) as { status: string }).status).toBe("completed");
});

test.describe("a card subscriber on /portal", () => {
  // The real endpoint's 404 for an account Stripe does not know, as Chromium logs it.
  test.use({ allowedConsoleErrors: [/status of 404/] });

  test("Manage subscription opens Stripe's customer portal, or says why it cannot", async ({
    page,
  }, testInfo) => {
    await signInNewSubscriber(page, testInfo, "card");
    // What GET /api/auth/user answers once Stripe's invoice.paid has been applied (the fake cannot take a card).
    await page.route("**/api/auth/user", async (route) => {
      const user = await (await route.fetch()).json();
      const periodEnd = new Date(Date.now() + 30 * 86_400_000).toISOString();
      await route.fulfill({
        json: {
          ...user,
          subscription: {
            provider: "stripe",
            status: "active",
            currentPeriodEnd: periodEnd,
            hasAccess: true,
          },
        },
      });
    });
    await open(page, "/portal");
    const manage = page.getByRole("button", { name: "Manage subscription" });

    // This account never paid by card, so the server has no Stripe customer to open a session for.
    await manage.click();
    await expectToast(
      page,
      "Could not open subscription management",
      "There is no card subscription for this e-mail address, so there is nothing to manage at Stripe.",
    );

    const portalUrl = "https://billing.stripe.com/p/session/test_rpas";
    await page.route("**/api/billing-portal", (route) => route.fulfill({ json: { url: portalUrl } }));
    await page.context().route("https://billing.stripe.com/**", (route) =>
      route.fulfill({
        contentType: "text/html",
        body: "<!doctype html><title>Stripe customer portal</title><link rel=icon href='data:,'>",
      }),
    );
    await manage.click();
    await expect(page).toHaveURL(portalUrl);
  });
});

test.describe("Stripe configured", () => {
  // Chromium logs each blocked script as a failed resource.
  test.use({ allowedConsoleErrors: [/Failed to load resource: net::ERR_FAILED/] });

  test("with Stripe.js unreachable, /payment says so clearly and offers a retry", async ({ page }) => {
    let attempts = 0;
    await page.route("https://js.stripe.com/**", (route) => {
      attempts += 1;
      return route.abort();
    });
    await open(page, "/payment");
    const card = page.getByRole("region", { name: "Card Details" });
    await expect(card.getByRole("note")).toHaveCount(0);
    expect(attempts, "nothing of Stripe loads before it is needed").toBe(0);

    await card.getByLabel(/^Email/).fill("litia.naivalu@example.com");
    await card.getByLabel(/^Full Name/).fill("Litia Naivalu");
    const created = page.waitForResponse((res) => res.url().endsWith("/api/create-subscription"));
    const startedAt = Date.now();
    await card.getByRole("button", { name: "Continue to Card Details" }).click();
    const answer = await created;
    expect(answer.status(), await answer.text()).toBe(200);
    expect(((await answer.json()) as { clientSecret: string }).clientSecret).toBeTruthy();

    const alert = card.getByRole("alert");
    await expect(alert).toContainText(CARD_FORM_UNAVAILABLE, { timeout: 12_000 });
    expect(Date.now() - startedAt).toBeLessThan(11_000);
    expect(attempts).toBeGreaterThan(0);
    await expect(card.getByRole("status")).toHaveCount(0);
    await expect(card.getByRole("link", { name: "Pay with M-PAiSA" })).toBeVisible();
    await expectAxeClean(page, "/payment with the card form unavailable");

    // A retry loads the script again (without a second subscription) and fails the same way.
    const before = attempts;
    let subscriptions = 0;
    page.on("request", (request) => {
      if (request.url().endsWith("/api/create-subscription")) subscriptions += 1;
    });
    await alert.getByRole("button", { name: "Try again" }).click();
    await expect(alert).toContainText(CARD_FORM_UNAVAILABLE);
    await expect.poll(() => attempts).toBeGreaterThan(before);
    expect(subscriptions).toBe(0);
  });

  test("returning from Stripe with a successful payment says so and opens the portal", async ({ page }) => {
    await page.goto("/payment?complete=1&payment_intent=pi_123&redirect_status=succeeded");
    await expectToast(page, "Payment Successful");
    await expect(page).toHaveURL(/\/payment$/);
    await expect(page).toHaveURL(/\/portal$/, { timeout: 5000 });
  });

  test("the CSP admits Stripe's script and frames here, and not on the server without Stripe", async ({
    page,
  }) => {
    const directive = (csp: string, name: string) =>
      csp
        .split(";")
        .map((part) => part.trim())
        .find((part) => part.startsWith(`${name} `)) ?? "";

    const configured = (await page.request.get("/payment")).headers()["content-security-policy"] ?? "";
    expect(directive(configured, "script-src")).toContain("https://js.stripe.com");
    expect(directive(configured, "frame-src")).toContain("https://js.stripe.com");

    const mainServer = `http://127.0.0.1:${process.env.E2E_PORT ?? 5180}`;
    const plain =
      (await page.request.get(`${mainServer}/payment`)).headers()["content-security-policy"] ?? "";
    expect(plain).toContain("script-src");
    expect(plain).not.toContain("stripe.com");
  });
});

test("with the sandbox on, every payment page says no real money moves, and the wallet says what an amount buys", async ({
  page,
}) => {
  for (const path of ["/subscribe", "/payment", "/mpaisa-payment"]) {
    await open(page, path);
    await expect(page.getByRole("status").filter({ hasText: "Sandbox: no real money" })).toBeVisible();
  }
  const amount = page.getByLabel("Amount (FJD)");
  await expect(amount).toHaveValue("25.00");
  await expect(page.getByText("FJD 25.00 buys 15 days of portal access")).toBeVisible();
  await amount.fill("50");
  await expect(page.getByText("FJD 50.00 buys 30 days of portal access")).toBeVisible();
  await amount.fill("1");
  await expect(page.getByText("FJD 1.00 buys 1 day of portal access")).toBeVisible();
  await expectAxeClean(page, "the wallet page in sandbox mode");
});

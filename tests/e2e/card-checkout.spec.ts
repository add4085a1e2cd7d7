import { expect, expectAxeClean, open, test } from "./fixtures";
import { expectToast, NOT_CONFIGURED, recordRequests } from "./payment-helpers";

/** The toast (title, description) each card field's problem shows. */
const CARD_PROBLEMS = {
  number: ["Invalid Card Number", "Please enter a valid card number"],
  expiry: ["Invalid Expiry Date", "Please enter a valid expiry date (MM/YY)"],
  cvv: ["Invalid CVV", "Please enter a valid CVV code"],
  name: ["Missing Cardholder Name", "Please enter the cardholder name"],
} as const;

// A rate-limit bucket of its own (the server trusts X-Forwarded-For), so other files' submissions never count here.
test.use({ extraHTTPHeaders: { "X-Forwarded-For": "198.51.100.41" } });

test.describe("/payment", () => {
  test("Back, the order summary and the notice that card payments are being set up", async ({ page }) => {
    await open(page, "/payment");
    await expect(page.getByRole("link", { name: "Back", exact: true })).toHaveAttribute("href", "/subscribe");

    const summary = page.getByRole("region", { name: "Order Summary" });
    await expect(summary.getByText("Document Portal Access", { exact: true })).toBeVisible();
    await expect(summary.getByText("FJD $50.00").first()).toBeVisible();
    await expect(summary.getByText("monthly", { exact: true })).toBeVisible();
    // The spec's own strings, kept on this page while every other page writes "FJD 50.00" (shared/money.ts).
    await expect(summary.getByRole("term")).toHaveText(["Subtotal", "VAT", "Total"]);
    await expect(summary.getByRole("definition")).toHaveText(["FJD $50.00", "FJD $0.00", "FJD $50.00"]);
    for (const feature of [
      "Complete ICAO documentation",
      "Aviation resource library",
      "Monthly updates",
      "Download capabilities",
      "Expert support",
    ]) {
      await expect(summary.getByText(feature, { exact: true })).toBeVisible();
    }
    await expect(summary).toContainText("Billed monthly. Cancel anytime.");

    const card = page.getByRole("region", { name: "Card Details" });
    await expect(card.getByRole("note")).toHaveText(
      "Card payments are being set up: no card can be charged yet, and your card details never leave this page. You can pay with M-PAiSA now.",
    );
    await expect(card.getByLabel(/^Country/)).toHaveValue("Fiji");
    await expect(card.getByLabel(/^Street Address/)).toBeVisible();
    await expect(card.getByLabel(/^City/)).toBeVisible();
    await expect(card.getByLabel(/^Postal Code/)).toBeVisible();
    await expectAxeClean(page, "/payment");
  });

  test("the device-wallet tiles always answer that they need a merchant account", async ({ page }) => {
    await open(page, "/payment");
    const methods = page.getByRole("group", { name: "Payment Method" });
    await expect(methods.getByRole("radio", { name: /Credit\/Debit Card/ })).toBeChecked();

    for (const wallet of ["Apple Pay", "Google Pay"]) {
      await methods.getByText(wallet, { exact: true }).click();
      await expect(methods.getByRole("radio", { name: new RegExp(wallet) })).toBeChecked();
      await expectToast(
        page,
        `${wallet} Not Available`,
        `${wallet} integration needs to be configured with a merchant account. Please choose another payment method.`,
      );
    }
    // Picking the chosen tile again answers again.
    await page.getByRole("button", { name: "Close" }).click();
    await expect(page.getByText("Google Pay Not Available", { exact: true })).toBeHidden();
    await methods.getByText("Google Pay", { exact: true }).click();
    await expectToast(page, "Google Pay Not Available");

    await methods.getByText("Credit/Debit Card", { exact: true }).click();
    await expect(page.getByLabel(/^Card Number/)).toBeVisible();
  });

  test("card entry is formatted as it is typed and the brand badge follows the first digit", async ({
    page,
  }) => {
    await open(page, "/payment");
    const card = page.getByRole("region", { name: "Card Details" });
    const number = card.getByLabel(/^Card Number/);

    await number.pressSequentially("4242a4242-4242424299");
    await expect(number).toHaveValue("4242 4242 4242 4242");
    await expect(card.getByText("Visa", { exact: true })).toBeVisible();

    for (const [digits, brand] of [
      ["5555555555554444", "Mastercard"],
      ["2223003122003222", "Mastercard"],
      ["378282246310005", "American Express"],
    ] as const) {
      await number.fill(digits);
      await expect(card.getByText(brand, { exact: true })).toBeVisible();
    }
    await expect(number).toHaveValue("3782 8224 6310 005");
    await number.fill("6011111111111117");
    for (const brand of ["Visa", "Mastercard", "American Express"]) {
      await expect(card.getByText(brand, { exact: true })).toHaveCount(0);
    }

    const expiry = card.getByLabel(/^Expiry Date/);
    await expiry.pressSequentially("1228");
    await expect(expiry).toHaveValue("12/28");
    await expiry.press("End");
    await expiry.pressSequentially("9");
    await expect(expiry).toHaveValue("12/28");
    await expiry.fill("");
    await expiry.pressSequentially("4");
    await expect(expiry).toHaveValue("04");

    const cvv = card.getByLabel(/^CVV/);
    await cvv.pressSequentially("12a345");
    await expect(cvv).toHaveValue("1234");
  });

  test("each card problem has its own message and marks its field", async ({ page }) => {
    await open(page, "/payment");
    const sent = recordRequests(page);
    const card = page.getByRole("region", { name: "Card Details" });
    const pay = card.getByRole("button", { name: /^Pay FJD \$50\.00/ });
    const number = card.getByLabel(/^Card Number/);
    const expiry = card.getByLabel(/^Expiry Date/);
    const cvv = card.getByLabel(/^CVV/);
    const name = card.getByLabel(/^Cardholder Name/);
    /** Pay is pressed and refused with the toast of the first problem, in `field`. */
    const payRefusedFor = async (field: keyof typeof CARD_PROBLEMS) => {
      await pay.click();
      const [title, description] = CARD_PROBLEMS[field];
      await expectToast(page, title, description);
    };

    await payRefusedFor("number");
    await expect(number).toHaveAttribute("aria-invalid", "true");
    await expect(number).toBeFocused();
    await expectAxeClean(page, "/payment with a card error");

    await number.fill("4242 4242 4242"); // 12 digits
    await payRefusedFor("number");

    await number.fill("4242424242424242");
    await expiry.fill("1328");
    await payRefusedFor("expiry");
    await expect(expiry).toHaveAttribute("aria-invalid", "true");
    await expect(number).not.toHaveAttribute("aria-invalid", "true");

    // A card whose month is over would be declined anyway.
    const lastYear = String((new Date().getFullYear() - 1) % 100).padStart(2, "0");
    await expiry.fill(`12${lastYear}`);
    await payRefusedFor("expiry");

    await expiry.fill("1299");
    await cvv.fill("12");
    await payRefusedFor("cvv");
    await expect(cvv).toHaveAttribute("aria-invalid", "true");

    await cvv.fill("123");
    await name.fill("   ");
    await payRefusedFor("name");
    await expect(name).toHaveAttribute("aria-invalid", "true");
    await expect(name).toBeFocused();

    expect(sent.filter((request) => request.body !== "")).toEqual([]);
  });

  test("without a card provider, submitting the card form says the service is being set up and never claims a payment", async ({
    page,
  }) => {
    await open(page, "/payment");
    const sent = recordRequests(page);
    const card = page.getByRole("region", { name: "Card Details" });
    await card.getByLabel(/^Card Number/).fill("4242424242424242");
    await card.getByLabel(/^Expiry Date/).fill("1230");
    await card.getByLabel(/^CVV/).fill("123");
    await card.getByLabel(/^Cardholder Name/).fill("Litia Naivalu");
    await card.getByLabel(/^Street Address/).fill("12 Victoria Parade");
    await card.getByRole("button", { name: /^Pay FJD \$50\.00/ }).click();

    await expectToast(
      page,
      "Service Temporarily Unavailable",
      "Payment processing is being set up. Please try again later.",
    );
    const alert = card.getByRole("alert");
    await expect(alert).toContainText("Service Temporarily Unavailable.");
    await expectAxeClean(page, "/payment after an unavailable card payment");
    // Nothing happened, so nothing is claimed, now or after the demonstration's 3 + 2 seconds.
    await page.waitForTimeout(3500);
    await expect(page.getByText("Payment Successful", { exact: true })).toHaveCount(0);
    expect(page.url()).toMatch(/\/payment$/);
    for (const request of sent) {
      expect(`${request.url} ${request.body}`).not.toMatch(/4242|Victoria|12\/30|Naivalu/);
    }
    await alert.getByRole("link", { name: "Go to the wallet page" }).click();
    await expect(page).toHaveURL(/\/mpaisa-payment$/);
  });

  test("in sandbox mode the simulated card payment takes 3 seconds, succeeds, and opens the portal 2 seconds later", async ({
    page,
  }) => {
    // What a sandbox server answers (its own API tests cover the grant); this server runs without the sandbox.
    await page.route("**/api/payments/config", (route) =>
      route.fulfill({ json: { card: "demo", stripePublishableKey: null, wallet: "sandbox", sandbox: true } }),
    );
    const granted: string[] = [];
    await page.route("**/api/sandbox/card-payment", (route) => {
      granted.push(route.request().postData() ?? "");
      return route.fulfill({ json: { status: "completed", accessUntil: new Date().toISOString() } });
    });
    await open(page, "/payment");
    await expect(page.getByRole("status").filter({ hasText: "Sandbox: no real money" })).toBeVisible();
    const card = page.getByRole("region", { name: "Card Details" });
    await card.getByLabel(/^Email/).fill("sandbox.buyer@example.fj");
    await card.getByLabel(/^Card Number/).fill("4242424242424242");
    await card.getByLabel(/^Expiry Date/).fill("1230");
    await card.getByLabel(/^CVV/).fill("123");
    await card.getByLabel(/^Cardholder Name/).fill("Litia Naivalu");

    const clickedAt = Date.now();
    await card.getByRole("button", { name: /^Pay FJD \$50\.00/ }).click();
    await expect(card.getByRole("button", { name: "Processing..." })).toBeDisabled();
    await expect(page.getByText("Payment Successful", { exact: true }).first()).toBeVisible({
      timeout: 6000,
    });
    expect(Date.now() - clickedAt).toBeGreaterThanOrEqual(2900);
    await page.waitForURL(/\/portal$/, { timeout: 6000 });
    expect(Date.now() - clickedAt).toBeGreaterThanOrEqual(4900);
    // Only who pays reached the server, never the card.
    expect(granted).toHaveLength(1);
    expect(JSON.parse(granted[0] ?? "{}")).toEqual({
      email: "sandbox.buyer@example.fj",
      name: "Litia Naivalu",
    });
  });

  test.describe("with a card provider configured but not answering", () => {
    test.use({ allowedConsoleErrors: NOT_CONFIGURED });

    test("create-subscription's 'not configured' says the service is being set up", async ({ page }) => {
      // What GET /api/payments/config will say once a card provider is configured; the real
      // POST /api/create-subscription still answers 503 'not configured'.
      await page.route("**/api/payments/config", (route) =>
        route.fulfill({ json: { card: "stripe", stripePublishableKey: "pk_test_123", wallet: null } }),
      );
      await open(page, "/payment");
      const card = page.getByRole("region", { name: "Card Details" });
      await expect(card.getByRole("note")).toHaveCount(0);
      await expect(card.getByLabel(/^Card Number/)).toHaveCount(0);

      const continueButton = card.getByRole("button", { name: "Continue to Card Details" });
      await continueButton.click();
      await expectToast(page, "Email Required", "Please enter your email address.");

      await card.getByLabel(/^Email/).fill("litia.naivalu@example.com");
      const response = page.waitForResponse((res) => res.url().endsWith("/api/create-subscription"));
      await continueButton.click();
      const answered = await response;
      expect(answered.status()).toBe(503);
      expect(answered.request().postDataJSON()).toEqual({ email: "litia.naivalu@example.com", name: "" });
      await expectToast(
        page,
        "Service Temporarily Unavailable",
        "Payment processing is being set up. Please try again later.",
      );
    });
  });
});

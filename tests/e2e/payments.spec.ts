// Subscribe and pay as a visitor does it: /subscribe, the card checkout on /payment (the spec's card form, which never
// claims a payment until a card provider is configured) and the M-PAiSA page. Without providers the payment endpoints answer 503 'not configured';
// answers a provider would give are played back with page.route.
import type { Page } from "@playwright/test";
import { axeViolations, expect, open, test } from "./fixtures";

// A rate-limit bucket of its own (the server trusts X-Forwarded-For), so other files' submissions never count here.
test.use({ extraHTTPHeaders: { "X-Forwarded-For": "198.51.100.41" } });

const NOT_CONFIGURED = [/status of 503/];

async function expectToast(page: Page, title: string, description?: string) {
  await expect(page.getByText(title, { exact: true })).toBeVisible();
  if (description) await expect(page.getByText(description, { exact: true })).toBeVisible();
}

async function expectAxeClean(page: Page, what: string) {
  const violations = await axeViolations(page);
  expect(violations, `axe on ${what}:\n${violations.join("\n")}`).toEqual([]);
}

/** Every request the page sends, with its body, to prove what never leaves it. */
function recordRequests(page: Page): { url: string; body: string }[] {
  const sent: { url: string; body: string }[] = [];
  page.on("request", (request) => sent.push({ url: request.url(), body: request.postData() ?? "" }));
  return sent;
}

test.describe("/subscribe", () => {
  test("an e-mail is required, trimmed and carried with the name to /payment", async ({ page }) => {
    await open(page, "/subscribe");
    const email = page.getByLabel(/^Email/);
    const continueButton = page.getByRole("button", { name: "Continue to Payment" });

    await continueButton.click();
    await expectToast(page, "Email Required", "Please enter your email address.");
    await expect(email).toHaveAttribute("aria-invalid", "true");
    await expect(email).toBeFocused();

    await email.fill("   ");
    await continueButton.click();
    await expectToast(page, "Email Required", "Please enter your email address.");
    await expect(page).toHaveURL(/\/subscribe$/);
    await expectAxeClean(page, "/subscribe with the error");

    await email.fill("litia.naivalu");
    await continueButton.click();
    await expectToast(page, "Invalid Email", "Please enter a valid email address.");
    await expect(page).toHaveURL(/\/subscribe$/);

    await email.fill("  litia.naivalu@example.com  ");
    await page.getByLabel(/^Full Name/).fill("Litia Naivalu");
    await continueButton.click();
    await expect(page).toHaveURL(/\/payment$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Complete Your Subscription");
    await expect(page.getByLabel("Email", { exact: true })).toHaveValue("litia.naivalu@example.com");
    await expect(page.getByLabel(/^Cardholder Name/)).toHaveValue("Litia Naivalu");

    // Back keeps what was typed.
    await page.getByRole("link", { name: "Back", exact: true }).click();
    await expect(page).toHaveURL(/\/subscribe$/);
    await expect(email).toHaveValue("litia.naivalu@example.com");
  });
});

test.describe("/payment", () => {
  test("Back, the order summary and the notice that card payments are being set up", async ({ page }) => {
    await open(page, "/payment");
    await expect(page.getByRole("link", { name: "Back", exact: true })).toHaveAttribute("href", "/subscribe");

    const summary = page.getByRole("region", { name: "Order Summary" });
    await expect(summary.getByText("Document Portal Access", { exact: true })).toBeVisible();
    await expect(summary.getByText("FJD $50.00").first()).toBeVisible();
    await expect(summary.getByText("monthly", { exact: true })).toBeVisible();
    await expect(summary.getByRole("definition").filter({ hasText: "FJD $0.00" })).toBeVisible();
    await expect(summary).toContainText("VAT");
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

    await pay.click();
    await expectToast(page, "Invalid Card Number", "Please enter a valid card number");
    await expect(number).toHaveAttribute("aria-invalid", "true");
    await expect(number).toBeFocused();
    await expectAxeClean(page, "/payment with a card error");

    await number.fill("4242 4242 4242"); // 12 digits
    await pay.click();
    await expectToast(page, "Invalid Card Number", "Please enter a valid card number");

    await number.fill("4242424242424242");
    await expiry.fill("1328");
    await pay.click();
    await expectToast(page, "Invalid Expiry Date", "Please enter a valid expiry date (MM/YY)");
    await expect(expiry).toHaveAttribute("aria-invalid", "true");
    await expect(number).not.toHaveAttribute("aria-invalid", "true");

    // A card whose month is over would be declined anyway.
    const lastYear = String((new Date().getFullYear() - 1) % 100).padStart(2, "0");
    await expiry.fill(`12${lastYear}`);
    await pay.click();
    await expectToast(page, "Invalid Expiry Date", "Please enter a valid expiry date (MM/YY)");

    await expiry.fill("1299");
    await cvv.fill("12");
    await pay.click();
    await expectToast(page, "Invalid CVV", "Please enter a valid CVV code");
    await expect(cvv).toHaveAttribute("aria-invalid", "true");

    await cvv.fill("123");
    await name.fill("   ");
    await pay.click();
    await expectToast(page, "Missing Cardholder Name", "Please enter the cardholder name");
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
    // Nothing happened, so nothing is claimed, now or after the spec's 3 + 2 seconds.
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

test.describe("/mpaisa-payment", () => {
  test("a mobile request checks every field against the shared rules", async ({ page }) => {
    await open(page, "/mpaisa-payment");
    const sent = recordRequests(page);
    const send = page.getByRole("button", { name: "Send Payment Request" });
    const phone = page.getByLabel(/^M-PAiSA Mobile Number/);
    const amount = page.getByLabel(/^Amount \(FJD\)/);

    await expect(amount).toHaveValue("25.00");
    await expect(amount).toHaveAttribute("min", "1");
    await expect(amount).toHaveAttribute("step", "0.01");
    await amount.fill("");
    await send.click();
    for (const [label, message] of [
      [/^M-PAiSA Mobile Number/, "Phone number is required"],
      [/^Email/, "Email is required"],
      [/^Full Name/, "Name is required"],
      [/^Amount/, "Amount is required"],
    ] as const) {
      await expect(page.getByLabel(label)).toHaveAttribute("aria-invalid", "true");
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    }
    await expect(phone).toBeFocused();
    await expectAxeClean(page, "/mpaisa-payment with errors");

    await phone.fill("+679 912 3456");
    await page.getByLabel(/^Email/).fill("litia.naivalu@example.com");
    await page.getByLabel(/^Full Name/).fill("Litia Naivalu");
    await amount.fill("0.5");
    await send.click();
    await expect(
      page.getByText("Enter your 7-digit mobile number without the country code, e.g. 9123456", {
        exact: true,
      }),
    ).toBeVisible();
    await expect(page.getByText("The minimum amount is FJD $1.00", { exact: true })).toBeVisible();
    await amount.fill("12.345");
    await send.click();
    await expect(page.getByText("Enter an amount in FJD, like 25.00", { exact: true })).toBeVisible();
    expect(sent.filter((request) => request.body !== "")).toEqual([]);
  });

  test.describe("without a wallet provider", () => {
    test.use({ allowedConsoleErrors: NOT_CONFIGURED });

    test("a mobile request answers that M-PAiSA payment is being set up", async ({ page }) => {
      await open(page, "/mpaisa-payment");
      await page.getByLabel(/^M-PAiSA Mobile Number/).fill("912 3456");
      await page.getByLabel(/^Email/).fill("litia.naivalu@example.com");
      await page.getByLabel(/^Full Name/).fill("Litia Naivalu");

      // Held back a moment so the busy label can be seen.
      await page.route("**/api/create-mpaisa-payment", async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 400));
        await route.continue();
      });
      const response = page.waitForResponse((res) => res.url().endsWith("/api/create-mpaisa-payment"));
      await page.getByRole("button", { name: "Send Payment Request" }).click();
      await expect(page.getByRole("button", { name: "Processing..." })).toBeDisabled();
      const answered = await response;
      expect(answered.status()).toBe(503);
      expect(answered.request().postDataJSON()).toEqual({
        phone: "9123456",
        email: "litia.naivalu@example.com",
        name: "Litia Naivalu",
        amount: "25.00",
      });
      await expectToast(page, "Payment Failed", "M-PAiSA payment is being set up. Please try again later.");
      await expect(page.getByRole("button", { name: "Send Payment Request" })).toBeEnabled();
      await expect(page.getByRole("region", { name: "Payment Status" })).toHaveCount(0);
    });

    test("a QR code request answers that M-PAiSA payment is being set up", async ({ page }) => {
      await open(page, "/mpaisa-payment");
      await page.getByText("QR Code", { exact: true }).click();
      await expect(page.getByRole("radio", { name: /QR Code/ })).toBeChecked();
      // The payer is named, so the payment can be credited to them.
      await page.getByRole("button", { name: "Generate QR Code" }).click();
      const email = page.getByRole("textbox", { name: /^Email/ });
      await expect(email).toBeFocused();
      await expect(
        page.getByText("Email is required, so that your payment can be credited to you"),
      ).toBeVisible();
      await email.fill("qr.payer@example.fj");
      const amount = page.getByLabel(/^Amount \(FJD\)/);
      await expect(amount).toHaveValue("25.00");

      await amount.fill("0.99");
      await page.getByRole("button", { name: "Generate QR Code" }).click();
      await expect(page.getByText("The minimum amount is FJD $1.00", { exact: true })).toBeVisible();
      await expect(amount).toBeFocused();

      await amount.fill("50.00");
      await page.route("**/api/generate-qr-payment", async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 400));
        await route.continue();
      });
      const response = page.waitForResponse((res) => res.url().endsWith("/api/generate-qr-payment"));
      await page.getByRole("button", { name: "Generate QR Code" }).click();
      await expect(page.getByRole("button", { name: "Generating..." })).toBeDisabled();
      const answered = await response;
      expect(answered.status()).toBe(503);
      expect(answered.request().postDataJSON()).toEqual({
        amount: "50.00",
        description: "Document Portal Access subscription",
        email: "qr.payer@example.fj",
      });
      await expectToast(
        page,
        "QR Generation Failed",
        "M-PAiSA payment is being set up. Please try again later.",
      );
    });
  });

  test.describe("with a wallet provider answering", () => {
    test("a mobile request shows its status and opens the checkout in a new tab", async ({ page }) => {
      // The provider's hosted checkout, served by the browser itself.
      const checkoutUrl = "https://checkout.mpaisa.example/pay/MP-20260515-0042";
      await page.context().route("https://checkout.mpaisa.example/**", (route) =>
        route.fulfill({
          contentType: "text/html",
          body: "<!doctype html><title>M-PAiSA checkout</title><link rel=icon href='data:,'>",
        }),
      );
      await page.route("**/api/create-mpaisa-payment", (route) =>
        route.fulfill({
          json: {
            transactionId: "MP-20260515-0042",
            status: "pending",
            message: "Payment request sent to 9123456",
            checkoutUrl,
          },
        }),
      );
      await open(page, "/mpaisa-payment");
      await page.getByLabel(/^M-PAiSA Mobile Number/).fill("9123456");
      await page.getByLabel(/^Email/).fill("litia.naivalu@example.com");
      await page.getByLabel(/^Full Name/).fill("Litia Naivalu");

      const popup = page.context().waitForEvent("page");
      await page.getByRole("button", { name: "Send Payment Request" }).click();
      await expectToast(page, "Payment Initiated", "Please complete the payment in your mPaisa app.");
      expect((await popup).url()).toBe(checkoutUrl);

      const status = page.getByRole("region", { name: "Payment Status" });
      for (const [term, value] of [
        ["Transaction ID", "MP-20260515-0042"],
        ["Status", "pending"],
        ["Message", "Payment request sent to 9123456"],
      ]) {
        await expect(status.getByRole("term").filter({ hasText: term })).toBeVisible();
        await expect(status.getByRole("definition").filter({ hasText: value })).toBeVisible();
      }
      await expect(status.getByRole("link", { name: /Open M-PAiSA Checkout/ })).toHaveAttribute(
        "href",
        checkoutUrl,
      );
      await expectAxeClean(page, "/mpaisa-payment with the payment status");
    });

    test("a QR request shows the QR code", async ({ page }) => {
      const qrCodeUrl =
        "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAAAAAA6fptVAAAACklEQVR4nGNgAAAAAgABSK+kcQAAAABJRU5ErkJggg==";
      await page.route("**/api/generate-qr-payment", (route) =>
        route.fulfill({ json: { qrCodeUrl, transactionId: "QR-0007" } }),
      );
      await open(page, "/mpaisa-payment");
      await page.getByText("QR Code", { exact: true }).click();
      await page.getByRole("textbox", { name: /^Email/ }).fill("qr.payer@example.fj");
      await page.getByRole("button", { name: "Generate QR Code" }).click();
      await expectToast(page, "QR Code Generated");
      const image = page.getByRole("img", { name: "M-PAiSA QR code for FJD $25.00" });
      await expect(image).toBeVisible();
      await expect(image).toHaveAttribute("src", qrCodeUrl);
      await expect(page.getByRole("region", { name: "Scan to Pay" })).toContainText("QR-0007");
      await expectAxeClean(page, "/mpaisa-payment with a QR code");
    });
  });
});

test("without the sandbox, payment pages carry no sandbox banner", async ({ page }) => {
  await open(page, "/mpaisa-payment");
  await expect(page.getByRole("heading", { name: "Pay with M-PAiSA" })).toBeVisible();
  await expect(page.getByText("FJD 25.00 buys 15 days of portal access")).toBeVisible();
  await expect(page.getByText("Sandbox: no real money")).toHaveCount(0);
});

import type { Page } from "@playwright/test";
import { expect, expectAxeClean, holdRequests, open, test } from "./fixtures";
import { expectToast, NOT_CONFIGURED, recordRequests } from "./payment-helpers";

// A rate-limit bucket of its own (the server trusts X-Forwarded-For), so other files' submissions never count here.
test.use({ extraHTTPHeaders: { "X-Forwarded-For": "198.51.100.41" } });

/** Presses `button` with its request to `path` held, so the busy label can be seen; answers the response. */
async function sendHeld(page: Page, path: string, button: string, busy: string) {
  const { release } = await holdRequests(page, `**${path}`);
  const response = page.waitForResponse((res) => res.url().endsWith(path));
  await page.getByRole("button", { name: button }).click();
  await expect(page.getByRole("button", { name: busy })).toBeDisabled();
  release();
  return response;
}

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
    await expect(page.getByText("The minimum amount is FJD 1.00", { exact: true })).toBeVisible();
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

      const answered = await sendHeld(
        page,
        "/api/create-mpaisa-payment",
        "Send Payment Request",
        "Processing...",
      );
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
      await expect(page.getByText("The minimum amount is FJD 1.00", { exact: true })).toBeVisible();
      await expect(amount).toBeFocused();

      await amount.fill("50.00");
      const answered = await sendHeld(page, "/api/generate-qr-payment", "Generate QR Code", "Generating...");
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
      const image = page.getByRole("img", { name: "M-PAiSA QR code for FJD 25.00" });
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

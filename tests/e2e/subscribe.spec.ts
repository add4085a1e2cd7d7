import { expect, expectAxeClean, open, test } from "./fixtures";
import { expectToast } from "./payment-helpers";

// A rate-limit bucket of its own (the server trusts X-Forwarded-For), so other files' submissions never count here.
test.use({ extraHTTPHeaders: { "X-Forwarded-For": "198.51.100.41" } });

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

// Drafts kept on this device (docs/product.md, Forms that survive the connection; ADR 041): put back after a
// reload, with Clear, the time already spent kept, forgotten after 7 days, junk in storage ignored; payment forms
// keep their drafts, never the card, and a payment request is never queued.
import { MIN_FILL_TIME_MS } from "../../shared/anti-spam";
import { expect, jumpTo, open, test } from "./fixtures";
import {
  allStorage,
  fillContact,
  goOffline,
  OFFLINE_CONSOLE_ERRORS,
  postsTo,
  storedItem,
  storedText,
} from "./offline-helpers";
import { uniqueTag } from "./staff-helpers";

test.use({ allowedConsoleErrors: OFFLINE_CONSOLE_ERRORS });

test.describe("drafts", () => {
  test("the contact form's draft comes back after a reload, and Clear empties form and draft", async ({
    page,
  }, testInfo) => {
    await open(page, "/");
    await jumpTo(page, "contact");
    await fillContact(page, uniqueTag(testInfo));
    await expect.poll(() => storedItem(page, "form-draft:contact")).toContain("Four extension officers");

    await open(page, "/");
    const section = page.locator("section#contact");
    await expect(section.getByLabel(/^First Name/)).toHaveValue("Litia");
    await expect(section.getByLabel(/^Service Interest/)).toHaveValue("Training Programs");
    await expect(section.getByLabel(/^Message/)).toHaveValue(/^Four extension officers/);
    await expect(section.getByText("Restored from your last visit on this device.")).toBeVisible();

    await section.getByRole("button", { name: "Clear", exact: true }).click();
    await expect(section.getByLabel(/^First Name/)).toHaveValue("");
    await expect(section.getByLabel(/^Message/)).toHaveValue("");
    await expect(section.getByText("Restored from your last visit on this device.")).toHaveCount(0);
    expect(await storedItem(page, "form-draft:contact")).toBeNull();
    await open(page, "/");
    await expect(section.getByLabel(/^First Name/)).toHaveValue("");

    // Typing and then deleting it all leaves no draft behind.
    await section.getByLabel(/^First Name/).fill("L");
    await expect.poll(() => storedItem(page, "form-draft:contact")).not.toBeNull();
    await section.getByLabel(/^First Name/).fill("");
    await expect.poll(() => storedItem(page, "form-draft:contact")).toBeNull();
  });

  test("a restored draft keeps the time already spent, and one older than 7 days is forgotten", async ({
    page,
  }) => {
    await open(page, "/");
    const draft = (savedAt: number) => ({
      values: {
        firstName: "Sereana",
        lastName: "Vula",
        email: "sereana.vula@example.com",
        serviceInterest: "General Inquiry",
        message: "Typed on the bus yesterday.",
      },
      elapsedMs: 95_000,
      savedAt,
    });
    const store = (value: object) =>
      page.evaluate((json) => localStorage.setItem("form-draft:contact", json), JSON.stringify(value));
    const section = page.locator("section#contact");

    await store(draft(Date.now() - 8 * 24 * 60 * 60 * 1000));
    await open(page, "/");
    await expect(section.getByLabel(/^First Name/)).toHaveValue("");
    // The form reads its draft once its section has hydrated (a task after the page's first, ADR 042).
    await expect.poll(() => storedItem(page, "form-draft:contact")).toBeNull();

    await store(draft(Date.now() - 6 * 24 * 60 * 60 * 1000));
    await open(page, "/");
    await expect(section.getByLabel(/^First Name/)).toHaveValue("Sereana");
    // Sent at once after coming back: the time counts from the draft's 95 seconds, not from zero.
    const sent = page.waitForRequest((req) => req.method() === "POST" && req.url().endsWith("/api/contacts"));
    await section.getByRole("button", { name: "Send Message" }).click();
    const { formElapsedMs } = (await sent).postDataJSON() as { formElapsedMs: number };
    expect(formElapsedMs).toBeGreaterThanOrEqual(95_000);
    expect(formElapsedMs).toBeGreaterThan(MIN_FILL_TIME_MS);
    await expect(
      page.getByText("Your message has been sent successfully! We'll get back to you soon.", { exact: true }),
    ).toBeVisible();
    expect(await storedItem(page, "form-draft:contact")).toBeNull();
  });

  test("junk in storage is ignored and removed", async ({ page }) => {
    await open(page, "/");
    await page.evaluate(() => {
      localStorage.setItem("form-draft:contact", "{not json");
      localStorage.setItem("form-draft:review", JSON.stringify({ values: [1], elapsedMs: "x" }));
      localStorage.setItem("form-queue", JSON.stringify({ path: "https://elsewhere.example/" }));
    });
    await open(page, "/");
    await expect(page.locator("section#contact").getByLabel(/^First Name/)).toHaveValue("");
    await expect.poll(() => allStorage(page)).toBe("{}");
  });

  test("the card form keeps the cardholder and billing address, never the card", async ({ page }) => {
    await open(page, "/payment");
    const card = page.getByRole("region", { name: "Card Details" });
    await card.getByLabel(/^Email/).fill("mere.tuilau@example.com");
    await card.getByLabel(/^Card Number/).fill("4242424242424242");
    await card.getByLabel(/^Expiry Date/).fill("1230");
    await card.getByLabel(/^CVV/).fill("737");
    await card.getByLabel(/^Cardholder Name/).fill("Mere Tuilau");
    await card.getByLabel(/^Street Address/).fill("12 Victoria Parade");
    await card.getByLabel(/^City/).fill("Suva");
    await expect.poll(() => storedItem(page, "form-draft:card-payment")).toContain("Suva");

    const stored = await storedText(page);
    expect(stored).toContain("Mere Tuilau");
    for (const secret of ["4242", "12/30", "1230", "737", "number", "expiry", "cvv"]) {
      expect(stored, `${secret} must never be stored`).not.toContain(secret);
    }

    await open(page, "/payment");
    await expect(card.getByLabel(/^Cardholder Name/)).toHaveValue("Mere Tuilau");
    await expect(card.getByLabel(/^Street Address/)).toHaveValue("12 Victoria Parade");
    await expect(card.getByLabel(/^City/)).toHaveValue("Suva");
    await expect(card.getByLabel(/^Email/)).toHaveValue("mere.tuilau@example.com");
    await expect(card.getByLabel(/^Card Number/)).toHaveValue("");
    await expect(card.getByLabel(/^Expiry Date/)).toHaveValue("");
    await expect(card.getByLabel(/^CVV/)).toHaveValue("");

    await card.getByRole("button", { name: "Clear", exact: true }).click();
    await expect(card.getByLabel(/^Cardholder Name/)).toHaveValue("");
    expect(await storedItem(page, "form-draft:card-payment")).toBeNull();
  });

  test("the wallet form keeps its draft but a payment request is never queued", async ({ page, context }) => {
    await open(page, "/mpaisa-payment");
    const requests = postsTo(page, "/api/create-mpaisa-payment");
    await page.getByLabel(/^M-PAiSA Mobile Number/).fill("9123456");
    await page.getByLabel(/^Email/).fill("litia.naivalu@example.com");
    await page.getByLabel(/^Full Name/).fill("Litia Naivalu");
    await page.getByLabel(/^Amount \(FJD\)/).fill("40.00");
    await expect.poll(() => storedItem(page, "form-draft:wallet-payment")).toContain("40.00");

    await goOffline(context, page);
    await page.getByRole("button", { name: "Send Payment Request" }).click();
    await expect(page.getByText("Payment Failed", { exact: true })).toBeVisible();
    await expect(page.getByText(/saved on this device/)).toHaveCount(0);
    expect(await storedItem(page, "form-queue")).toBeNull();
    await context.setOffline(false);
    await open(page, "/mpaisa-payment");
    await expect(page.getByLabel(/^Full Name/)).toHaveValue("Litia Naivalu");
    await expect(page.getByLabel(/^Amount \(FJD\)/)).toHaveValue("40.00");
    // Nothing went out once the connection was back, on that page or the next.
    expect(requests).toHaveLength(1);
    expect(await storedItem(page, "form-queue")).toBeNull();
  });
});

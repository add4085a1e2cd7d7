import { COMPANY } from "../../web/content/company";
import { TESTIMONIALS } from "../../web/features/landing/testimonials";
import { expect, expectScrolledTo, jumpTo, open, test } from "./fixtures";

test.beforeEach(async ({ page }) => {
  await open(page, "/");
});

test.describe("reviews", () => {
  test("three testimonials and a review form with a 1-5 star rating", async ({ page }) => {
    const section = page.locator("section#client-reviews");
    // The three samples always; reviews approved by staff (other tests approve some) come on top of them.
    for (const testimonial of TESTIMONIALS) {
      await expect(section.getByText(testimonial.name, { exact: true })).toBeVisible();
    }
    expect(await section.locator("blockquote").count()).toBeGreaterThanOrEqual(TESTIMONIALS.length);
    const rating = section.getByRole("group", { name: /Rating/ });
    await expect(rating).toBeVisible();
    for (const name of ["1 star", "2 stars", "3 stars", "4 stars", "5 stars"]) {
      await expect(rating.getByRole("radio", { name, exact: true })).toHaveCount(1);
    }
    await expect(section.getByLabel(/^Name/)).toBeVisible();
    await expect(section.getByLabel(/Your Review/)).toBeVisible();
  });

  test("an incomplete review is refused with the SPEC's message", async ({ page }) => {
    await page.getByRole("button", { name: "Submit Review" }).click();
    await expect(page.getByText("Required fields missing", { exact: true })).toBeVisible();
    await expect(
      page.getByText("Please fill in your name, review, and rating.", { exact: true }),
    ).toBeVisible();
  });

  test("a valid review appears first, marked NEW, and the form resets", async ({ page }) => {
    const section = page.locator("section#client-reviews");
    await section.getByLabel(/^Name/).fill("Mere Tuilau");
    await section.getByLabel(/^Organization/).fill("Fiji Roads Authority");
    // The radios are visually hidden behind their stars: a visitor clicks the fourth star (the radio's label).
    await section
      .getByRole("group", { name: /Rating/ })
      .locator("label")
      .filter({ hasText: "4 stars" })
      .click();
    await expect(section.getByRole("radio", { name: "4 stars" })).toBeChecked();
    await section.getByLabel(/Your Review/).fill("Clear briefings and a survey delivered ahead of schedule.");
    await section.getByRole("button", { name: "Submit Review" }).click();

    await expect(page.getByText("Thank you for your review!", { exact: true })).toBeVisible();
    // Counted by content, not position in a fixed list: staff-approved reviews from other tests may be listed too.
    await expect(
      section.locator("blockquote").filter({ hasText: "survey delivered ahead of schedule" }),
    ).toHaveCount(1);
    await expect(section.locator("blockquote").first()).toContainText("survey delivered ahead of schedule");
    await expect(section.getByText("NEW", { exact: true })).toBeVisible();
    await expect(section.getByText("Fiji Roads Authority", { exact: true })).toBeVisible();
    await expect(section.getByLabel(/^Name/)).toHaveValue("");
    await expect(section.getByRole("radio", { name: "4 stars" })).not.toBeChecked();
  });
});

test.describe("contact", () => {
  test("the form has its fields, and refuses an empty message", async ({ page }) => {
    const section = page.locator("section#contact");
    await expect(section.getByLabel(/^First Name/)).toBeVisible();
    await expect(section.getByLabel(/^Last Name/)).toBeVisible();
    await expect(section.getByLabel(/^Email/)).toHaveAttribute("type", "email");
    await expect(section.getByLabel(/^Organization/)).toBeVisible();
    await expect(section.getByLabel(/^Message/)).toBeVisible();
    const interest = section.getByLabel(/^Service Interest/);
    for (const option of [
      "Training Programs",
      "Consultancy Services",
      "Climate Change Solutions",
      "Disaster Management",
      "Defence Services",
      "General Inquiry",
    ]) {
      await expect(interest.getByRole("option", { name: option, exact: true })).toHaveCount(1);
    }
    await section.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByText("Please fill in all required fields.", { exact: true })).toBeVisible();
  });

  test("shows the address, two phones, two e-mails and the business hours", async ({ page }) => {
    const section = page.locator("section#contact");
    await expect(section.getByText(COMPANY.address.street)).toBeVisible();
    for (const phone of COMPANY.phones) {
      await expect(section.getByRole("link", { name: phone.display })).toHaveAttribute(
        "href",
        `tel:${phone.tel}`,
      );
    }
    for (const email of COMPANY.emails) {
      await expect(section.getByRole("link", { name: email.address })).toHaveAttribute(
        "href",
        `mailto:${email.address}`,
      );
    }
    await expect(section.getByText(/Business Hours/)).toBeVisible();
    for (const row of COMPANY.hours) {
      await expect(section.getByText(row.days, { exact: true })).toBeVisible();
      await expect(section.getByText(row.hours, { exact: true })).toBeVisible();
    }
  });

  test("the quick actions scroll to training, documents and services", async ({ page }) => {
    for (const [label, id] of [
      ["Enroll in Training", "training"],
      ["Download Resources", "documents"],
      ["Partnership Inquiry", "services"],
    ] as const) {
      await jumpTo(page, "contact");
      await page.getByRole("link", { name: label }).click();
      await expectScrolledTo(page, id);
    }
  });
});

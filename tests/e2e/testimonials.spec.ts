// Testimonials with consent (docs/product.md, Testimonials with consent): a visitor ticks "You may feature my review"
// and sends; the owner sees the consent on the review's card, approves it and features it on the home page, and can
// stop again; a review sent without the box cannot be featured. Each step is axe clean.
import { expect, expectAxeClean, open, test } from "./fixtures";
import { openDashboard, signIn } from "./staff-helpers";

async function sendReview(
  page: import("@playwright/test").Page,
  review: { name: string; text: string; consent: boolean },
) {
  await open(page, "/");
  const section = page.locator("section#client-reviews");
  const box = section.getByRole("checkbox", { name: "You may feature my review" });
  // Unticked until the visitor ticks it.
  await expect(box).not.toBeChecked();
  await section.getByLabel(/^Name/).fill(review.name);
  await section
    .getByRole("group", { name: /Rating/ })
    .locator("label")
    .filter({ hasText: "4 stars" })
    .click();
  await section.getByLabel(/Your Review/).fill(review.text);
  if (review.consent) {
    await box.check();
    await expectAxeClean(page, "the review form with the consent box ticked");
  }
  const sent = page.waitForResponse(
    (r) => r.url().endsWith("/api/reviews") && r.request().method() === "POST",
  );
  await section.getByRole("button", { name: "Submit Review" }).click();
  const response = await sent;
  expect(response.status()).toBe(201);
  expect(response.request().postDataJSON()).toMatchObject({ featureConsent: review.consent });
  // The spec's toast, word for word.
  await expect(page.getByText("Thank you for your review!", { exact: true })).toBeVisible();
  await expect(
    page.getByText("Your feedback has been submitted and now appears at the top of our reviews.", {
      exact: true,
    }),
  ).toBeVisible();
  // The form is reset: the box is unticked again.
  await expect(box).not.toBeChecked();
}

test("a visitor lets their review be featured, and the owner features it on the home page", async ({
  page,
  baseURL,
}, testInfo) => {
  const tag = `t${testInfo.workerIndex}${Date.now().toString(36)}`;
  const name = `Litia ${tag}`;
  const text = `They mapped our whole plantation in a day, ${tag}.`;
  const unconsented = `Jone ${tag}`;
  await sendReview(page, { name, text, consent: true });
  await sendReview(page, { name: unconsented, text: `Good service, ${tag}.`, consent: false });

  await signIn(page, baseURL ?? "");
  await openDashboard(page);
  await page.getByRole("tab", { name: "Reviews" }).click();
  const card = page.getByRole("article", { name });
  await expect(card).toContainText(text);
  await expect(card).toContainText("The author may have it featured");
  // Only an approved review can be featured: the button waits for the approval.
  await expect(card.getByRole("button", { name: "Feature on the home page" })).toHaveCount(0);
  const other = page.getByRole("article", { name: unconsented });
  await expect(other).toContainText("The author did not ask for it to be featured.");
  await expectAxeClean(page, "reviews waiting, one that may be featured");

  await card.getByRole("button", { name: "Approve" }).click();
  await expect(page.getByText("Review approved", { exact: true })).toBeVisible();
  await page.getByLabel("Show").selectOption("approved");
  const approved = page.getByRole("article", { name });
  await approved.getByRole("button", { name: "Feature on the home page" }).click();
  await expect(page.getByText("Review featured", { exact: true })).toBeVisible();
  await expect(approved.getByText("Featured", { exact: true })).toBeVisible();
  await expect(approved).toContainText(/Featured by \S+ since/);
  await expectAxeClean(page, "a featured review");

  // The review without the box is approved too, but offers no Feature button.
  await page.getByLabel("Show").selectOption("pending");
  await page.getByRole("article", { name: unconsented }).getByRole("button", { name: "Approve" }).click();
  await page.getByLabel("Show").selectOption("approved");
  const plain = page.getByRole("article", { name: unconsented });
  await expect(plain).toBeVisible();
  await expect(plain.getByRole("button", { name: "Feature on the home page" })).toHaveCount(0);

  await approved.getByRole("button", { name: "Stop featuring" }).click();
  await expect(page.getByText("No longer featured", { exact: true })).toBeVisible();
  await expect(approved.getByRole("button", { name: "Feature on the home page" })).toBeVisible();
});

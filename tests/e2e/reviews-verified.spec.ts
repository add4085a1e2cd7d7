// Verified-trainee reviews (issue 15, point 5): a trainee passed by staff follows the review link of their
// certificate e-mail, the form says their review will show as a verified trainee's, staff see the badge while
// moderating, and once approved the landing page shows "Verified trainee · <course>" on it.
import { passTrainee, startedIntakeWithTrainee } from "./certificate-helpers";
import { expect, expectAxeClean, jumpTo, open, test } from "./fixtures";
import { openDashboard, signIn } from "./staff-helpers";
import { mailsTo } from "./subscriber";

const NOTE = "Thank you for training with us! Your review will show that it comes from a verified trainee.";
const BADGE = "Verified trainee · Basic RPAS Pilot";

/**
 * The review link of the certificate e-mail to `email`, waiting for the outbox to send it. Its text part is
 * quoted-printable inside a multipart message (the PDF is attached): soft line breaks and "=3D" are undone here.
 */
async function reviewLinkTo(email: string): Promise<string> {
  let link = "";
  await expect
    .poll(async () => {
      for (const mail of await mailsTo(email)) {
        const text = mail.replace(/=\n/g, "").replace(/=3D/g, "=");
        const found = /\/\?review=[^\s#]+#client-reviews/.exec(text)?.[0];
        if (found) link = found;
      }
      return link;
    })
    .not.toBe("");
  return link;
}

test("a trainee's review from the certificate e-mail's link is approved and shows as a verified trainee's", async ({
  page,
  request,
  baseURL,
}, testInfo) => {
  const origin = baseURL ?? "";
  const { tag, seatId, email, today } = await startedIntakeWithTrainee(request, origin, testInfo, {
    firstName: "Losana",
    lastName: "Waqa",
  });
  // Staff mark the day present and pass the trainee: the certificate is issued and e-mailed with its review link.
  await passTrainee(request, origin, { seatId, today });
  const link = await reviewLinkTo(email);

  // Without the link the form says nothing about it.
  await open(page, "/");
  const section = page.locator("section#client-reviews");
  await expect(section.getByRole("button", { name: "Submit Review" })).toBeVisible();
  await expect(section.getByText(NOTE)).toHaveCount(0);

  await open(page, link);
  await expect(section.getByText(NOTE, { exact: true })).toBeVisible();
  await expectAxeClean(page, "the review form opened from the certificate e-mail");
  const name = `Losana ${tag}`;
  const text = `The instructors made every flight feel safe, ${tag}.`;
  await section.getByLabel(/^Name/).fill(name);
  await section
    .getByRole("group", { name: /Rating/ })
    .locator("label")
    .filter({ hasText: "5 stars" })
    .click();
  await section.getByLabel(/Your Review/).fill(text);
  const sent = page.waitForResponse(
    (r) => r.url().endsWith("/api/reviews") && r.request().method() === "POST",
  );
  await section.getByRole("button", { name: "Submit Review" }).click();
  expect((await sent).status()).toBe(201);
  await expect(page.getByText("Thank you for your review!", { exact: true })).toBeVisible();

  // Staff see it is verified while moderating, then approve it.
  await signIn(page, origin);
  await openDashboard(page);
  await page.getByRole("tab", { name: "Reviews" }).click();
  const card = page.getByRole("article", { name });
  await expect(card).toContainText(text);
  await expect(card.getByText(BADGE, { exact: true })).toBeVisible();
  await expectAxeClean(page, "a verified review waiting for moderation");
  await card.getByRole("button", { name: "Approve" }).click();
  await expect(page.getByText("Review approved", { exact: true })).toBeVisible();

  await open(page, "/");
  await jumpTo(page, "client-reviews");
  const approved = section.getByRole("listitem").filter({ hasText: text });
  await expect(approved.getByText(BADGE, { exact: true })).toBeVisible();
  await expect(approved.getByText(name, { exact: true })).toBeVisible();
  await expectAxeClean(page, "the landing page with a verified review");
});

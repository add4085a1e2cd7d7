// The review form (docs/product.md, Review form): one schema for the landing-page form and POST /api/reviews.
import * as z from "zod/mini";
import { RATING_SCALE } from "./constants";
import { optionalText, requiredText } from "./fields";

export const REVIEW_LIMITS = {
  name: 100,
  organization: 200,
  position: 200,
  text: 3000,
  traineeToken: 64,
} as const;

export const ReviewSchema = z.object({
  name: requiredText(REVIEW_LIMITS.name, "Name"),
  organization: optionalText(REVIEW_LIMITS.organization, "Organization"),
  position: optionalText(REVIEW_LIMITS.position, "Position"),
  rating: z
    .number({ error: "Rating must be a number from 1 to 5" })
    .check(
      z.int("Rating must be a whole number"),
      z.gte(RATING_SCALE.min, "Rating must be from 1 to 5"),
      z.lte(RATING_SCALE.max, "Rating must be from 1 to 5"),
    ),
  text: requiredText(REVIEW_LIMITS.text, "Review"),
  /**
   * The box "You may feature my review" (FEATURE_CONSENT_LABEL), unticked unless the writer ticks it: the review may
   * then be shown as a testimonial on the home page, in the writer's own words. Absent is not ticked.
   */
  featureConsent: z.optional(z.boolean({ error: "featureConsent must be true or false" })),
  /**
   * A certificate's review token, from the certificate e-mail's link: the review shows as a verified trainee's when
   * it names a valid certificate. One that names none is no error: the review is kept unverified.
   */
  traineeToken: z.optional(
    z
      .string({ error: "traineeToken must be text" })
      .check(
        z.minLength(1, "traineeToken must not be empty"),
        z.maxLength(
          REVIEW_LIMITS.traineeToken,
          `traineeToken must be at most ${REVIEW_LIMITS.traineeToken} characters`,
        ),
      ),
  ),
});
export type Review = z.output<typeof ReviewSchema>;

/** The review form's consent box, word for word (docs/product.md, Review form). */
export const FEATURE_CONSENT_LABEL = "You may feature my review";

/** Under a reviewer's name: their position, else their organization, else 'Customer', so the line is never empty. */
export function reviewPosition(review: { position?: string | null; organization?: string | null }): string {
  return review.position || review.organization || "Customer";
}

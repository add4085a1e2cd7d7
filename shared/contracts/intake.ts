// What the public intake routes answer: POST /api/contacts, POST and GET /api/reviews. Kept apart from the form
// schemas (shared/contact.ts, shared/review.ts) so the landing page, which imports those, ships none of this; the
// browser uses these types only.
import * as z from "zod/mini";
import { timestamp } from "../wire";

export const ContactCreatedSchema = z.object({ message: z.string() });

export const ReviewCreatedSchema = z.object({ message: z.string(), id: z.number() });

/** An approved review as every visitor sees it. */
export const PublicReviewSchema = z.object({
  id: z.number(),
  name: z.string(),
  organization: z.nullable(z.string()),
  position: z.nullable(z.string()),
  rating: z.number(),
  text: z.string(),
  createdAt: timestamp,
  /** The course title of the certificate its writer held (a "Verified trainee" review), else null. */
  verifiedCourse: z.nullable(z.string()),
});
export type PublicReview = z.input<typeof PublicReviewSchema>;
export const PublicReviewListSchema = z.array(PublicReviewSchema);

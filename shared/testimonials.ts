// Testimonials with consent (docs/product.md, Testimonials with consent): what the owner's Feature and Photo calls
// take and answer, the refusals they give, and the withdraw link's address. Server and dashboard read these.
import * as z from "zod/mini";

/** The withdraw link's page: `/reviews/withdraw/<token>` (GET shows a button, POST withdraws). */
export const WITHDRAW_PATH = "/reviews/withdraw";
export const withdrawPathOf = (token: string) => `${WITHDRAW_PATH}/${token}`;

export const FEATURE_REFUSALS = {
  notApproved: "Only an approved review can be featured. Approve it first.",
  noConsent:
    'The author did not tick "You may feature my review", so this review cannot be featured or given a photo.',
  withdrawn:
    "The author has withdrawn their permission to feature this review, so it cannot be featured or given a photo.",
} as const;

export const PHOTO_ALT_MAX = 300;
export const MEDIA_ID_MAX = 100;

/** PUT /api/admin/reviews/:id/photo: a picture from the media library, and its text for those who cannot see it. */
export const ReviewPhotoSchema = z.object({
  mediaId: z
    .string({ error: "mediaId is required" })
    .check(
      z.trim(),
      z.minLength(1, "mediaId is required"),
      z.maxLength(MEDIA_ID_MAX, `mediaId must be at most ${MEDIA_ID_MAX} characters`),
    ),
  alt: z
    .string({ error: "Describe the photo for people who cannot see it (alt text is required)" })
    .check(
      z.trim(),
      z.minLength(1, "Describe the photo for people who cannot see it (alt text is required)"),
      z.maxLength(PHOTO_ALT_MAX, `The alt text must be at most ${PHOTO_ALT_MAX} characters`),
    ),
});
export type ReviewPhoto = z.output<typeof ReviewPhotoSchema>;

/**
 * A client review featured on the home page, its words as its writer wrote them. `Photo` is what the server stores
 * (a media id and its alt text) or what the page shows (the picture's sized copies).
 */
export interface Featured<Photo> {
  reviewId: number;
  quote: string;
  name: string;
  /** Position, else organization, else 'Customer': as the landing page's review cards show it. */
  position: string;
  rating: number;
  /** The course of the certificate that verified the writer (a verified trainee), else null. */
  verifiedCourse: string | null;
  photo: Photo | null;
}

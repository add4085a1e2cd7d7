// The testimonials the home page features (docs/product.md, Testimonials with consent): approved reviews whose writer
// consented and has not withdrawn, featured by the owner, oldest featuring first. The quote is the review's text as
// its writer wrote it; the line under the name is the one the landing page's reviews show.
import { and, asc, eq, isNotNull, isNull } from "drizzle-orm";
import { reviewPosition } from "../../shared/review";
import type { Featured } from "../../shared/testimonials";
import type { Db } from "../db/client";
import { reviews } from "../db/schema";
import { verifiedCourse } from "./review-verification";

export type FeaturedTestimonial = Featured<{ mediaId: string; alt: string }>;

export async function featuredTestimonials(db: Pick<Db, "select">): Promise<FeaturedTestimonial[]> {
  const rows = await db
    .select({
      id: reviews.id,
      text: reviews.text,
      name: reviews.name,
      position: reviews.position,
      organization: reviews.organization,
      rating: reviews.rating,
      verifiedCourse,
      photoMediaId: reviews.photoMediaId,
      photoAlt: reviews.photoAlt,
    })
    .from(reviews)
    .where(
      and(
        eq(reviews.status, "approved"),
        isNotNull(reviews.featureConsentAt),
        isNull(reviews.featureWithdrawnAt),
        isNotNull(reviews.featuredAt),
      ),
    )
    .orderBy(asc(reviews.featuredAt), asc(reviews.id));
  return rows.map((row) => ({
    reviewId: row.id,
    quote: row.text,
    name: row.name,
    position: reviewPosition(row),
    rating: row.rating,
    verifiedCourse: row.verifiedCourse,
    photo: row.photoMediaId ? { mediaId: row.photoMediaId, alt: row.photoAlt ?? "" } : null,
  }));
}

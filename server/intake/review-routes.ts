import { desc, eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { PublicReviewListSchema, ReviewCreatedSchema } from "../../shared/contracts/intake";
import { ReviewSchema } from "../../shared/review";
import { reviews } from "../db/schema";
import { readUserSession } from "../platform/sessions";
import { staffEmailAddress } from "../settings/staff-notifications";
import { reviewNotification } from "./emails";
import { certificateEmail, verifiedCourse, verifyingCertificate } from "./review-verification";
import { type PublicFormContract, publicForm } from "./submissions";

const PUBLIC_REVIEWS_LIMIT = 50;

/** A review as every visitor may see it once approved; staff see these and its moderation. */
export const publicReviewColumns = {
  id: reviews.id,
  name: reviews.name,
  organization: reviews.organization,
  position: reviews.position,
  rating: reviews.rating,
  text: reviews.text,
  createdAt: reviews.createdAt,
  verifiedCourse,
};

/** POST /api/reviews, and the same form posted without script (native-intake.ts): one schema, one write. */
export function reviewContract(app: FastifyInstance): PublicFormContract<typeof ReviewSchema> {
  return {
    url: "/api/reviews",
    form: ReviewSchema,
    created: ReviewCreatedSchema,
    write: async (tx, { traineeToken, featureConsent, ...review }, { isSpam, spamReason }, request) => {
      // A writer signed in at /my-training (the applicant session) is verified by the certificates of their e-mail.
      const session = await readUserSession(tx, app.userCookie.read(request));
      const verifiedCertificateId = await verifyingCertificate(tx, {
        traineeToken,
        signedInEmail: session?.email,
      });
      const authorEmail = session?.email ?? (await certificateEmail(tx, verifiedCertificateId));
      const [row] = await tx
        .insert(reviews)
        .values({
          ...review,
          // The database's clock, as every other time the review keeps (moderation, featuring, withdrawal).
          featureConsentAt: featureConsent === true ? sql`now()` : null,
          authorEmail,
          organization: review.organization ?? null,
          position: review.position ?? null,
          status: isSpam ? "spam" : "pending",
          spamReason,
          verifiedCertificateId,
        })
        .returning({ id: reviews.id });
      const id = row?.id ?? 0;
      const staff = isSpam ? null : await staffEmailAddress(tx, app.env);
      return {
        status: 201,
        body: { message: "Thank you for your review! It will appear for other visitors once approved.", id },
        emails: staff ? [reviewNotification({ ...review, featureConsent }, staff, id)] : [],
      };
    },
  };
}

export const reviewRoutes: FastifyPluginAsyncZod = async (app) => {
  publicForm(app, reviewContract(app));

  /** Approved reviews, newest first, for every visitor. */
  app.get("/api/reviews", { schema: { response: { 200: PublicReviewListSchema } } }, async () => {
    const rows = await app.db
      .select(publicReviewColumns)
      .from(reviews)
      .where(eq(reviews.status, "approved"))
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(PUBLIC_REVIEWS_LIMIT);
    return rows;
  });
};

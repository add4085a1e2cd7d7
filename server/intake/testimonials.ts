// Testimonials with consent (docs/product.md, Testimonials with consent; ADR 061). A review becomes a testimonial on
// the home page only when it is approved, its writer ticked "You may feature my review" and has not withdrawn since;
// the owner features it (and may add a photo under the same consent), the wording stays the writer's. The writer
// withdraws with the link of the e-mail their approval sent: consent, featuring and photo end together, at once.
// Each owner decision is audited in the transaction that makes it.
import { createHash, randomBytes } from "node:crypto";
import { and, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { FEATURE_REFUSALS, type ReviewPhoto } from "../../shared/testimonials";
import type { Db } from "../db/client";
import { reviews } from "../db/schema";
import { enqueueEmails } from "../integrations/mail/outbox";
import { httpError } from "../plugins/errors";
import { audit, auditedChange } from "../staff/audit";
import { reviewApprovedEmail } from "./testimonial-emails";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
type StaffAction = { actor: string; ip: string };

/** 32 random bytes: the withdraw link's token, which only its hash outlives. */
export function newWithdrawToken(): string {
  return randomBytes(32).toString("base64url");
}

export const withdrawTokenHash = (token: string) => createHash("sha256").update(token).digest("hex");

/** A token's shape as newWithdrawToken writes it; anything else names no review and is not looked up. */
export const WITHDRAW_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** Locks the review and refuses featuring it (or giving it a photo) unless its writer's consent stands. */
async function consentingReview(tx: Tx, id: number, needApproved: boolean) {
  const [row] = await tx
    .select({
      status: reviews.status,
      featureConsentAt: reviews.featureConsentAt,
      featureWithdrawnAt: reviews.featureWithdrawnAt,
    })
    .from(reviews)
    .where(eq(reviews.id, id))
    .for("update");
  if (!row) return undefined;
  if (row.featureWithdrawnAt) throw httpError(409, FEATURE_REFUSALS.withdrawn);
  if (!row.featureConsentAt) throw httpError(409, FEATURE_REFUSALS.noConsent);
  if (needApproved && row.status !== "approved") throw httpError(409, FEATURE_REFUSALS.notApproved);
  return row;
}

/** Features an approved, consented review on the home page (kept at its first time if it already is). */
export function featureReview(db: Db, id: number, by: StaffAction) {
  const event = { ...by, action: "review.featured", subject: `review ${id}` };
  return auditedChange(db, event, async (tx) => {
    if (!(await consentingReview(tx, id, true))) return undefined;
    const [row] = await tx
      .update(reviews)
      .set({
        featuredAt: sql`coalesce(${reviews.featuredAt}, now())`,
        featuredBy: sql`coalesce(${reviews.featuredBy}, ${by.actor})`,
      })
      .where(eq(reviews.id, id))
      .returning({ id: reviews.id });
    return row;
  });
}

/** Stops featuring a review; it stays among the approved reviews. Refused for no review only. */
export function unfeatureReview(db: Db, id: number, by: StaffAction) {
  const event = { ...by, action: "review.unfeatured", subject: `review ${id}` };
  return auditedChange(db, event, async (tx) => {
    const [row] = await tx
      .update(reviews)
      .set({ featuredAt: null, featuredBy: null })
      .where(eq(reviews.id, id))
      .returning({ id: reviews.id });
    return row;
  });
}

/** Sets the testimonial's photo (a media library id and its alt text); its writer's consent must stand. */
export function setReviewPhoto(db: Db, id: number, photo: ReviewPhoto, by: StaffAction) {
  const event = {
    ...by,
    action: "review.photo",
    subject: `review ${id}`,
    details: { mediaId: photo.mediaId },
  };
  return auditedChange(db, event, async (tx) => {
    if (!(await consentingReview(tx, id, false))) return undefined;
    const [row] = await tx
      .update(reviews)
      .set({ photoMediaId: photo.mediaId, photoAlt: photo.alt })
      .where(eq(reviews.id, id))
      .returning({ id: reviews.id });
    return row;
  });
}

export function removeReviewPhoto(db: Db, id: number, by: StaffAction) {
  const event = { ...by, action: "review.photo-removed", subject: `review ${id}` };
  return auditedChange(db, event, async (tx) => {
    const [row] = await tx
      .update(reviews)
      .set({ photoMediaId: null, photoAlt: null })
      .where(eq(reviews.id, id))
      .returning({ id: reviews.id });
    return row;
  });
}

/**
 * After a review's status changed (same transaction): a review no longer approved is no longer featured; one just
 * approved whose writer consented and can be written to gets the e-mail with the withdraw link, once per review
 * (the token's hash marks it sent).
 */
export async function afterModeration(tx: Tx, id: number, publicUrl: string): Promise<void> {
  await tx
    .update(reviews)
    .set({ featuredAt: null, featuredBy: null })
    .where(and(eq(reviews.id, id), sql`${reviews.status} <> 'approved'`, isNotNull(reviews.featuredAt)));
  const token = newWithdrawToken();
  const [row] = await tx
    .update(reviews)
    .set({ withdrawTokenHash: withdrawTokenHash(token) })
    .where(
      and(
        eq(reviews.id, id),
        eq(reviews.status, "approved"),
        isNotNull(reviews.featureConsentAt),
        isNull(reviews.featureWithdrawnAt),
        isNotNull(reviews.authorEmail),
        isNull(reviews.withdrawTokenHash),
      ),
    )
    .returning({ name: reviews.name, text: reviews.text, email: reviews.authorEmail });
  if (!row?.email) return;
  await enqueueEmails(tx, [reviewApprovedEmail(row.email, row, publicUrl, token)]);
}

/** What the withdraw page shows for a token: nothing (no such link), waiting for the button, or already done. */
export async function withdrawState(db: Db, token: string): Promise<"unknown" | "consented" | "withdrawn"> {
  if (!WITHDRAW_TOKEN.test(token)) return "unknown";
  const [row] = await db
    .select({ withdrawnAt: reviews.featureWithdrawnAt })
    .from(reviews)
    .where(eq(reviews.withdrawTokenHash, withdrawTokenHash(token)))
    .limit(1);
  if (!row) return "unknown";
  return row.withdrawnAt ? "withdrawn" : "consented";
}

/**
 * The writer withdraws (the link's button): consent ends, featuring stops and the photo goes, in one statement; the
 * first withdrawal's time is kept. Audited as the writer's own act. False when the token names no review.
 */
export async function withdrawConsent(db: Db, token: string, ip: string): Promise<boolean> {
  if (!WITHDRAW_TOKEN.test(token)) return false;
  const event = { actor: "review author", action: "review.consent-withdrawn", ip };
  const row = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(reviews)
      .set({
        featureWithdrawnAt: sql`coalesce(${reviews.featureWithdrawnAt}, now())`,
        featuredAt: null,
        featuredBy: null,
        photoMediaId: null,
        photoAlt: null,
      })
      .where(eq(reviews.withdrawTokenHash, withdrawTokenHash(token)))
      .returning({ id: reviews.id });
    if (updated) await audit(tx, { ...event, subject: `review ${updated.id}` });
    return updated;
  });
  return row !== undefined;
}

// Staff's inbox: contact messages to answer and reviews to moderate (approved ones go public). Each decision is
// audited in the same transaction as the change it records.
import { and, eq, ilike, isNotNull, isNull, or, type SQL, sql } from "drizzle-orm";
import type { ReviewStatus } from "../../shared/constants";
import type { Db } from "../db/client";
import { containsPattern } from "../db/like";
import { newestFirstPage } from "../db/newest-first";
import { contactMessages, reviews } from "../db/schema";
import { auditedChange } from "../staff/audit";
import { publicReviewColumns } from "./review-routes";
import { afterModeration } from "./testimonials";

type Page = { limit: number; offset: number };
type StaffAction = { actor: string; ip: string };
export type MessageFilter = "open" | "handled" | "all";

const messageColumns = {
  id: contactMessages.id,
  firstName: contactMessages.firstName,
  lastName: contactMessages.lastName,
  email: contactMessages.email,
  organization: contactMessages.organization,
  serviceInterest: contactMessages.serviceInterest,
  message: contactMessages.message,
  createdAt: contactMessages.createdAt,
  handledAt: contactMessages.handledAt,
  handledBy: contactMessages.handledBy,
};

const reviewColumns = {
  ...publicReviewColumns,
  status: reviews.status,
  moderatedAt: reviews.moderatedAt,
  moderatedBy: reviews.moderatedBy,
  featureConsentAt: reviews.featureConsentAt,
  featureWithdrawnAt: reviews.featureWithdrawnAt,
  featuredAt: reviews.featuredAt,
  featuredBy: reviews.featuredBy,
  photoMediaId: reviews.photoMediaId,
  photoAlt: reviews.photoAlt,
  withdrawLinkSent: sql<boolean>`${reviews.withdrawTokenHash} is not null`,
};

/** One review as staff see it, after a change made to it. */
export async function staffReview(db: Pick<Db, "select">, id: number) {
  const [row] = await db.select(reviewColumns).from(reviews).where(eq(reviews.id, id));
  return row;
}

/** Messages kept as spam are in the quarantine instead; the search matches names, e-mail and organisation. */
function messageFilter(status: MessageFilter, q: string | undefined): SQL | undefined {
  const text = q?.trim();
  return and(
    eq(contactMessages.isSpam, false),
    status === "open" ? isNull(contactMessages.handledAt) : undefined,
    status === "handled" ? isNotNull(contactMessages.handledAt) : undefined,
    text
      ? or(
          ilike(contactMessages.firstName, containsPattern(text)),
          ilike(contactMessages.lastName, containsPattern(text)),
          ilike(contactMessages.email, containsPattern(text)),
          ilike(contactMessages.organization, containsPattern(text)),
        )
      : undefined,
  );
}

export function listMessages(db: Db, query: Page & { status: MessageFilter; q?: string }) {
  const rows = db.select(messageColumns).from(contactMessages).$dynamic();
  const where = messageFilter(query.status, query.q);
  const list = {
    rows,
    table: contactMessages,
    where,
    newest: contactMessages.createdAt,
    id: contactMessages.id,
  };
  return newestFirstPage(db, list, query);
}

/** Marks a message handled; the first handler and time are kept if it already was. Undefined when no such message. */
export function markMessageHandled(db: Db, id: number, by: StaffAction) {
  const event = { ...by, action: "message.handled", subject: `message ${id}` };
  return auditedChange(db, event, async (tx) => {
    const [updated] = await tx
      .update(contactMessages)
      .set({
        handledAt: sql`coalesce(${contactMessages.handledAt}, now())`,
        handledBy: sql`coalesce(${contactMessages.handledBy}, ${by.actor})`,
      })
      .where(and(eq(contactMessages.id, id), eq(contactMessages.isSpam, false)))
      .returning(messageColumns);
    return updated;
  });
}

export function listReviews(db: Db, query: Page & { status: ReviewStatus }) {
  const rows = db.select(reviewColumns).from(reviews).$dynamic();
  const list = {
    rows,
    table: reviews,
    where: eq(reviews.status, query.status),
    newest: reviews.createdAt,
    id: reviews.id,
  };
  return newestFirstPage(db, list, query);
}

/**
 * Sets a review's status (approved ones go public; one no longer approved is no longer featured, and the writer who
 * consented to featuring is e-mailed the withdraw link on approval: testimonials.ts). Undefined when no such review.
 */
export function moderateReview(db: Db, id: number, status: ReviewStatus, by: StaffAction, publicUrl: string) {
  const event = { ...by, action: `review.${status}`, subject: `review ${id}` };
  return auditedChange(db, event, async (tx) => {
    const [updated] = await tx
      .update(reviews)
      .set({ status, moderatedAt: sql`now()`, moderatedBy: by.actor })
      .where(eq(reviews.id, id))
      .returning({ id: reviews.id });
    if (!updated) return undefined;
    await afterModeration(tx, id, publicUrl);
    return staffReview(tx, id);
  });
}

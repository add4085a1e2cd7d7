// Quarantined submissions (the honeypot caught them): listed for staff, restored with the e-mails they missed,
// deleted, and purged after SPAM_RETENTION_DAYS. A "too fast" submission alone is not quarantined (ADR 021).
import { and, desc, eq, lt, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { COURSES } from "../../shared/constants";
import { SPAM_RETENTION_DAYS, type SpamItem, type SpamKind } from "../../shared/spam";
import type { Db } from "../db/client";
import { contactMessages, enrollments, reviews } from "../db/schema";
import type { EmailMessage } from "../integrations/mail/mailer";
import { enqueueEmails } from "../integrations/mail/outbox";
import {
  contactNotification,
  enrollmentConfirmation,
  enrollmentStaffNotification,
  enrollmentSummary,
  reviewNotification,
} from "./emails";

type Executor = Pick<Db, "select" | "insert" | "update" | "delete">;

const SUMMARY_LENGTH = 160;
const clip = (text: string) =>
  text.length > SUMMARY_LENGTH ? `${text.slice(0, SUMMARY_LENGTH - 1)}…` : text;

const spamWhere = {
  contact: eq(contactMessages.isSpam, true),
  review: eq(reviews.status, "spam"),
  enrollment: eq(enrollments.isSpam, true),
} as const;

async function listKind(db: Executor, kind: SpamKind, take: number): Promise<SpamItem[]> {
  if (kind === "contact") {
    const rows = await db
      .select()
      .from(contactMessages)
      .where(spamWhere.contact)
      .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
      .limit(take);
    return rows.map((r) => ({
      kind,
      id: r.id,
      name: `${r.firstName} ${r.lastName}`,
      email: r.email,
      summary: clip(r.message),
      reason: r.spamReason,
      createdAt: r.createdAt.toISOString(),
    }));
  }
  if (kind === "review") {
    const rows = await db
      .select()
      .from(reviews)
      .where(spamWhere.review)
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(take);
    return rows.map((r) => ({
      kind,
      id: r.id,
      name: r.name,
      email: null,
      summary: clip(`${r.rating}/5: ${r.text}`),
      reason: r.spamReason,
      createdAt: r.createdAt.toISOString(),
    }));
  }
  const rows = await db
    .select()
    .from(enrollments)
    .where(spamWhere.enrollment)
    .orderBy(desc(enrollments.submittedAt), desc(enrollments.id))
    .limit(take);
  return rows.map((r) => ({
    kind,
    id: r.id,
    name: `${r.firstName} ${r.lastName}`,
    email: r.email,
    summary: `${COURSES[r.courseType].title} course application`,
    reason: r.spamReason,
    createdAt: r.submittedAt.toISOString(),
  }));
}

async function countKind(db: Executor, kind: SpamKind): Promise<number> {
  const table = kind === "contact" ? contactMessages : kind === "review" ? reviews : enrollments;
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(table).where(spamWhere[kind]);
  return Number(row?.n ?? 0);
}

/** One page of caught submissions, newest first, of one kind or of all three. */
export async function listSpam(
  db: Executor,
  options: { kinds: readonly SpamKind[]; limit: number; offset: number },
): Promise<{ items: SpamItem[]; total: number }> {
  const take = options.offset + options.limit;
  const [lists, counts] = await Promise.all([
    Promise.all(options.kinds.map((kind) => listKind(db, kind, take))),
    Promise.all(options.kinds.map((kind) => countKind(db, kind))),
  ]);
  const items = lists
    .flat()
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id)
    .slice(options.offset, take);
  return { items, total: counts.reduce((sum, n) => sum + n, 0) };
}

/**
 * Takes a caught submission out of quarantine and queues the e-mails it missed (the person's confirmation where the
 * form sends one, and the staff notification). Answers false when no such caught row exists. Call inside a
 * transaction; kick the outbox after it commits.
 */
export async function restoreSpam(
  tx: Executor,
  kind: SpamKind,
  id: number,
  mail: { staffEmail: string | undefined; dashboardUrl: string },
): Promise<boolean> {
  const staff = mail.staffEmail;
  const emails: EmailMessage[] = [];
  if (kind === "contact") {
    const [row] = await tx
      .update(contactMessages)
      .set({ isSpam: false })
      .where(and(eq(contactMessages.id, id), spamWhere.contact))
      .returning();
    if (!row) return false;
    if (staff)
      emails.push(
        contactNotification(
          { ...row, organization: row.organization ?? undefined } as Parameters<
            typeof contactNotification
          >[0],
          staff,
          id,
        ),
      );
  } else if (kind === "review") {
    const [row] = await tx
      .update(reviews)
      .set({ status: "pending" })
      .where(and(eq(reviews.id, id), spamWhere.review))
      .returning();
    if (!row) return false;
    const review = {
      ...row,
      organization: row.organization ?? undefined,
      position: row.position ?? undefined,
    };
    if (staff) emails.push(reviewNotification(review, staff, id));
  } else {
    const [row] = await tx
      .update(enrollments)
      .set({ isSpam: false })
      .where(and(eq(enrollments.id, id), spamWhere.enrollment))
      .returning();
    if (!row) return false;
    const summary = enrollmentSummary(row.id, row.courseType, row);
    if (staff) emails.push(enrollmentStaffNotification(summary, staff, mail.dashboardUrl));
    emails.push(enrollmentConfirmation(summary));
  }
  await enqueueEmails(tx, emails);
  return true;
}

/** Deletes one caught submission for good; false when no such caught row exists. */
export async function deleteSpam(db: Executor, kind: SpamKind, id: number): Promise<boolean> {
  const rows =
    kind === "contact"
      ? await db
          .delete(contactMessages)
          .where(and(eq(contactMessages.id, id), spamWhere.contact))
          .returning({ id: contactMessages.id })
      : kind === "review"
        ? await db
            .delete(reviews)
            .where(and(eq(reviews.id, id), spamWhere.review))
            .returning({ id: reviews.id })
        : await db
            .delete(enrollments)
            .where(and(eq(enrollments.id, id), spamWhere.enrollment))
            .returning({ id: enrollments.id });
  return rows.length > 0;
}

/** Deletes caught submissions older than SPAM_RETENTION_DAYS; answers how many of each went. */
export async function purgeSpam(db: Executor, now = new Date()): Promise<Record<SpamKind, number>> {
  const cutoff = new Date(now.getTime() - SPAM_RETENTION_DAYS * 86_400_000);
  const contact = await db
    .delete(contactMessages)
    .where(and(spamWhere.contact, lt(contactMessages.createdAt, cutoff)))
    .returning({ id: contactMessages.id });
  const review = await db
    .delete(reviews)
    .where(and(spamWhere.review, lt(reviews.createdAt, cutoff)))
    .returning({ id: reviews.id });
  const enrollment = await db
    .delete(enrollments)
    .where(and(spamWhere.enrollment, lt(enrollments.submittedAt, cutoff)))
    .returning({ id: enrollments.id });
  return { contact: contact.length, review: review.length, enrollment: enrollment.length };
}

const PURGE_EVERY_MS = 6 * 60 * 60 * 1000;

/** Purges a little after start and every 6 hours; a failed purge is logged and tried again next time. */
export function startSpamPurgeTimer(app: FastifyInstance, intervalMs = PURGE_EVERY_MS): void {
  let running: Promise<unknown> = Promise.resolve();
  const run = () => {
    running = purgeSpam(app.db).catch((error: unknown) => {
      app.log.warn({ err: error }, "spam purge failed; will retry later");
    });
  };
  const first = setTimeout(run, 15_000);
  const timer = setInterval(run, intervalMs);
  first.unref();
  timer.unref();
  app.addHook("onClose", async () => {
    clearTimeout(first);
    clearInterval(timer);
    await running;
  });
}

// The monthly digest (docs/product.md, Monthly digest): on the first working day of each month (Fiji time), every
// subscriber with current access who has not unsubscribed gets one e-mail listing the documents that became public
// or were updated in the previous calendar month; nothing is sent when there are none. Each recipient's e-mail has a
// key (month and subscriber) written to notices_sent in the transaction that queues it, so several instances, or a
// restart, never send it twice. An hourly check sends it: a short outage on that day only delays it.
import { and, eq, gt, gte, isNotNull, like, lt, or, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { fijiToday } from "../../shared/fiji-time";
import type { Db } from "../db/client";
import { documentCategories, documents, noticesSent, subscriptions, users } from "../db/schema";
import { enqueueEmails } from "../integrations/mail/outbox";
import { startRepeatingTask } from "../platform/repeating-task";
import { unsubscribeLinks } from "../portal/unsubscribe-token";
import { type DigestDocument, digestEmail } from "./digest-email";
import { type DigestMonth, isFirstWorkingDay, previousMonth } from "./digest-schedule";

export interface DigestContext {
  publicUrl: string;
  /** app.unsubscribeKey */
  key: Buffer;
}

/**
 * Documents public by the month's end that became public in it ("new") or changed in it ("updated"). One published
 * only after the month ended is left for next month's digest, where its publish time falls.
 */
export async function documentsChangedIn(db: Db, month: DigestMonth): Promise<DigestDocument[]> {
  const rows = await db
    .select({
      title: documents.title,
      category: sql<string>`coalesce(${documentCategories.name}, ${documents.category})`,
      publishAt: documents.publishAt,
    })
    .from(documents)
    .leftJoin(documentCategories, eq(documentCategories.id, documents.categoryId))
    .where(
      and(
        isNotNull(documents.publishAt),
        lt(documents.publishAt, month.to),
        or(
          gte(documents.publishAt, month.from),
          and(gte(documents.updatedAt, month.from), lt(documents.updatedAt, month.to)),
        ),
      ),
    )
    .orderBy(documents.title);
  return rows.map((row) => ({
    title: row.title,
    category: row.category,
    change: row.publishAt && row.publishAt >= month.from ? "new" : "updated",
  }));
}

const keyPrefix = (month: DigestMonth) => `digest:${month.key}:`;

/** Subscribers whose access runs past `now`, with their portal account when they have one. */
async function subscribersWithAccess(db: Db, now: Date) {
  return db
    .select({ email: subscriptions.email, userId: users.id, optedOutAt: users.digestOptOutAt })
    .from(subscriptions)
    .leftJoin(users, eq(users.email, subscriptions.email))
    .where(gt(subscriptions.currentPeriodEnd, now))
    .orderBy(subscriptions.email);
}

/**
 * Queues one subscriber's digest unless it was queued before or they unsubscribed meanwhile. A subscriber who paid
 * without ever signing in gets their portal account here: the opt-out and the link's token belong to it.
 */
async function sendTo(
  db: Db,
  email: string,
  month: DigestMonth,
  docs: DigestDocument[],
  context: DigestContext,
) {
  return db.transaction(async (tx) => {
    await tx.insert(users).values({ email }).onConflictDoNothing();
    const [user] = await tx
      .select({ id: users.id, firstName: users.firstName, optedOutAt: users.digestOptOutAt })
      .from(users)
      .where(eq(users.email, email))
      .limit(1);
    if (!user || user.optedOutAt) return false;
    const claimed = await tx
      .insert(noticesSent)
      .values({ key: `${keyPrefix(month)}${user.id}` })
      .onConflictDoNothing()
      .returning({ key: noticesSent.key });
    if (claimed.length === 0) return false;
    await enqueueEmails(tx, [
      digestEmail({
        to: email,
        firstName: user.firstName,
        monthLabel: month.label,
        documents: docs,
        portalUrl: `${context.publicUrl}/portal`,
        unsubscribe: unsubscribeLinks(context.publicUrl, context.key, user.id),
      }),
    ]);
    return true;
  });
}

/** Sends the digest if today (in Fiji) is the first working day of the month; answers how many were queued now. */
export async function sendMonthlyDigest(db: Db, context: DigestContext, now = new Date()): Promise<number> {
  const today = fijiToday(now);
  if (!isFirstWorkingDay(today)) return 0;
  const month = previousMonth(today);
  const docs = await documentsChangedIn(db, month);
  if (docs.length === 0) return 0;
  // The hourly checks after the first one find every key taken: skip those without opening a transaction each.
  const sentKeys = await db
    .select({ key: noticesSent.key })
    .from(noticesSent)
    .where(like(noticesSent.key, `${keyPrefix(month)}%`));
  const done = new Set(sentKeys.map((row) => row.key));
  let sent = 0;
  for (const subscriber of await subscribersWithAccess(db, now)) {
    if (subscriber.optedOutAt) continue;
    if (subscriber.userId !== null && done.has(`${keyPrefix(month)}${subscriber.userId}`)) continue;
    if (await sendTo(db, subscriber.email, month, docs, context)) sent += 1;
  }
  return sent;
}

const EVERY_HOUR_MS = 60 * 60 * 1000;

/** Checks every hour (and a minute after start) whether the digest is due, and sends it. */
export function startDigestTimer(app: FastifyInstance, intervalMs = EVERY_HOUR_MS): void {
  const context = { publicUrl: app.env.PUBLIC_URL, key: app.unsubscribeKey };
  startRepeatingTask(
    app,
    { firstAfterMs: 60_000, intervalMs, failure: "monthly digest failed; will retry next hour" },
    async () => {
      if ((await sendMonthlyDigest(app.db, context)) > 0) app.outbox.kick();
    },
  );
}

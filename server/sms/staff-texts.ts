// What staff see and do with texts (issue 34): the list beside the e-mail queue (numbers masked, a code's body
// blank), the e-mail that tells staff once a Fiji day that the daily cap on SMS parts is reached, and the one-off text
// staff write to one applicant from the places list.
import { count, eq, sql } from "drizzle-orm";
import type { TextFilter } from "../../shared/contracts/texts";
import { fijiToday } from "../../shared/fiji-time";
import type { NotTextable } from "../../shared/one-off-text";
import { maskNumber } from "../../shared/texts";
import type { Db } from "../db/client";
import { newestFirstPage } from "../db/newest-first";
import { enrollments, textCapNotices, textOptOuts, textOutbox } from "../db/schema";
import { enqueueEmails } from "../integrations/mail/outbox";
import { textCapEmail } from "./text-cap-email";

/** Texts newest first, as staff may see them: never a whole number, never a code. */
export async function listTexts(db: Db, query: { status: TextFilter; limit: number; offset: number }) {
  const rows = db
    .select({
      id: textOutbox.id,
      kind: textOutbox.kind,
      channel: textOutbox.channel,
      toE164: textOutbox.toE164,
      firstName: enrollments.firstName,
      lastName: enrollments.lastName,
      status: textOutbox.status,
      deliveryStatus: textOutbox.deliveryStatus,
      body: textOutbox.body,
      sensitive: textOutbox.sensitive,
      segments: textOutbox.segments,
      attempts: textOutbox.attempts,
      lastError: textOutbox.lastError,
      createdAt: textOutbox.createdAt,
      notBefore: textOutbox.notBefore,
      sentAt: textOutbox.sentAt,
    })
    .from(textOutbox)
    .leftJoin(enrollments, eq(enrollments.id, textOutbox.enrollmentId))
    .$dynamic();
  const where = query.status === "all" ? undefined : eq(textOutbox.status, query.status);
  const list = { rows, table: textOutbox, where, newest: textOutbox.createdAt, id: textOutbox.id };
  const page = await newestFirstPage(db, list, query);
  const items = page.items.map(({ toE164, firstName, lastName, body, sensitive, ...row }) => ({
    ...row,
    to: maskNumber(toE164),
    name: firstName === null ? null : `${firstName} ${lastName}`,
    body: sensitive ? "" : (body ?? ""),
  }));
  return { items, total: page.total };
}

/** Texts still to go (every one waits for tomorrow once the cap is reached). */
async function waitingTexts(db: Pick<Db, "select">): Promise<number> {
  const [row] = await db.select({ n: count() }).from(textOutbox).where(eq(textOutbox.status, "pending"));
  return row?.n ?? 0;
}

/** Whether today's (Fiji) cap was reached, and how many texts wait: the dashboard's notice. */
export async function textCapState(db: Pick<Db, "select">, cap: number, now = new Date()) {
  const [notice] = await db
    .select({ day: textCapNotices.day })
    .from(textCapNotices)
    .where(eq(textCapNotices.day, fijiToday(now)))
    .limit(1);
  return { reached: notice !== undefined, cap, waiting: notice ? await waitingTexts(db) : 0 };
}

/**
 * Records that today's cap was reached and, if this call recorded it first (of every instance), queues the e-mail
 * to staff. Answers whether it queued one (then kick the e-mail outbox).
 */
export async function noteTextCapReached(
  db: Db,
  context: { cap: number; publicUrl: string; staffEmail: (tx: Pick<Db, "select">) => Promise<string | null> },
  now = new Date(),
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(textCapNotices)
      .values({ day: fijiToday(now), at: now })
      .onConflictDoNothing()
      .returning({ day: textCapNotices.day });
    if (inserted.length === 0) return false;
    const to = await context.staffEmail(tx);
    if (!to) return false;
    const waiting = await waitingTexts(tx);
    await enqueueEmails(tx, [textCapEmail(to, context.cap, waiting, `${context.publicUrl}/admin/dashboard`)]);
    return true;
  });
}

/** Why an application cannot be texted now, or null when it can (the rule of textableApplication, as a reason). */
export const notTextableReason = sql<NotTextable | null>`case
  when not ${enrollments.textsWanted} or ${enrollments.phoneE164} is null then 'not-asked'
  when ${enrollments.phoneConfirmedAt} is null then 'not-confirmed'
  when exists (select 1 from ${textOptOuts} where ${textOptOuts.toE164} = ${enrollments.phoneE164}) then 'stopped'
  else null end`;

// Quarantined submissions (the honeypot caught them): listed for staff, restored with the e-mails they missed,
// deleted, and purged after SPAM_RETENTION_DAYS. A "too fast" submission alone is not quarantined (ADR 021).
import { and, desc, eq, lt, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { FastifyInstance } from "fastify";
import { COURSES } from "../../shared/constants";
import { SPAM_KINDS, SPAM_RETENTION_DAYS, type SpamItem, type SpamKind } from "../../shared/spam";
import type { Db } from "../db/client";
import { contactMessages, enrollments, reviews } from "../db/schema";
import type { EmailMessage } from "../integrations/mail/mailer";
import { enqueueEmails } from "../integrations/mail/outbox";
import { startRepeatingTask } from "../platform/repeating-task";
import { placeApplication } from "../training/applications";
import {
  contactNotification,
  enrollmentConfirmation,
  enrollmentStaffNotification,
  enrollmentSummary,
  reviewNotification,
} from "./emails";

type Executor = Pick<Db, "select" | "insert" | "update" | "delete">;
type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

const SUMMARY_LENGTH = 160;
const clip = (text: string) =>
  text.length > SUMMARY_LENGTH ? `${text.slice(0, SUMMARY_LENGTH - 1)}…` : text;

const spamWhere = {
  contact: eq(contactMessages.isSpam, true),
  review: eq(reviews.status, "spam"),
  enrollment: eq(enrollments.isSpam, true),
} as const;

// The three tables differ in type but are read the same way; one loosely typed view keeps one query for all.
type Source = {
  table: PgTable;
  id: PgColumn;
  createdAt: PgColumn;
  item: (row: never) => Omit<SpamItem, "kind" | "id" | "createdAt"> & { createdAt: Date };
};
type SpamTable = typeof contactMessages | typeof reviews | typeof enrollments;

/**
 * Where a kind of submission lives (its table, and the column it is dated by), and how staff see one caught row of
 * it: who sent it and what it said in short; the reason it was caught and its date are read the same for all kinds.
 */
function sourceOf<T extends SpamTable>(
  table: T,
  dated: keyof T["$inferSelect"] & ("createdAt" | "submittedAt"),
  shown: (row: T["$inferSelect"]) => Pick<SpamItem, "name" | "email" | "summary">,
): Source {
  const column = (table as unknown as Record<string, PgColumn>)[dated];
  const item = (row: T["$inferSelect"]) => ({
    ...shown(row),
    reason: row.spamReason,
    createdAt: (row as unknown as Record<string, Date>)[dated] as Date,
  });
  return { table, id: table.id, createdAt: column as PgColumn, item: item as Source["item"] };
}

const fullName = (r: { firstName: string; lastName: string }) => `${r.firstName} ${r.lastName}`;

const sources: Record<SpamKind, Source> = {
  contact: sourceOf(contactMessages, "createdAt", (r) => ({
    name: fullName(r),
    email: r.email,
    summary: clip(r.message),
  })),
  review: sourceOf(reviews, "createdAt", (r) => ({
    name: r.name,
    email: null,
    summary: clip(`${r.rating}/5: ${r.text}`),
  })),
  enrollment: sourceOf(enrollments, "submittedAt", (r) => ({
    name: fullName(r),
    email: r.email,
    summary: `${COURSES[r.courseType].title} course application`,
  })),
};
const source = (kind: SpamKind) => sources[kind];

async function listKind(db: Executor, kind: SpamKind, take: number): Promise<SpamItem[]> {
  const { table, id, createdAt, item } = source(kind);
  const rows = (await db
    .select()
    .from(table)
    .where(spamWhere[kind])
    .orderBy(desc(createdAt), desc(id))
    .limit(take)) as { id: number }[];
  return rows.map((row) => {
    const shown = item(row as never);
    return { kind, id: row.id, ...shown, createdAt: shown.createdAt.toISOString() };
  });
}

async function countKind(db: Executor, kind: SpamKind): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(source(kind).table)
    .where(spamWhere[kind]);
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

/** How each table marks a row that is not (or no longer) spam: a review goes back to moderation. */
const notSpam = {
  contact: { isSpam: false },
  review: { status: "pending" },
  enrollment: { isSpam: false },
} as const;

interface SpamRows {
  contact: typeof contactMessages.$inferSelect;
  review: typeof reviews.$inferSelect;
  enrollment: typeof enrollments.$inferSelect;
}

/** Takes one caught row out of quarantine: the row as it now is, or undefined when no such caught row exists. */
async function release<K extends SpamKind>(tx: Tx, kind: K, id: number): Promise<SpamRows[K] | undefined> {
  const { table, id: idColumn } = source(kind);
  const [row] = await tx
    .update(table)
    .set(notSpam[kind])
    .where(and(eq(idColumn, id), spamWhere[kind]))
    .returning();
  return row as SpamRows[K] | undefined;
}

/**
 * Takes a caught submission out of quarantine and queues the e-mails it missed (the person's confirmation where the
 * form sends one, and the staff notification). Answers false when no such caught row exists. Call inside a
 * transaction; kick the outbox after it commits.
 */
export async function restoreSpam(
  tx: Tx,
  kind: SpamKind,
  id: number,
  mail: {
    /** Where the staff notification goes (settings/staff-notifications.ts); null: none is sent. */
    staffEmail: string | null;
    dashboardUrl: string;
    /** The address confirmation link of a restored application (training/applicant-token.ts). */
    confirmUrl?: (enrollmentId: number) => string;
  },
): Promise<boolean> {
  const staff = mail.staffEmail;
  const emails: EmailMessage[] = [];
  if (kind === "contact") {
    const row = await release(tx, kind, id);
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
    const row = await release(tx, kind, id);
    if (!row) return false;
    const review = {
      ...row,
      organization: row.organization ?? undefined,
      position: row.position ?? undefined,
    };
    if (staff) emails.push(reviewNotification(review, staff, id));
  } else {
    const row = await release(tx, kind, id);
    if (!row) return false;
    // Its chosen intake's seat (or waitlist place) is taken now, not when the submission arrived.
    const placed = await placeApplication(tx, {
      enrollmentId: row.id,
      email: row.email,
      intakeId: row.intakeId,
    });
    const summary = enrollmentSummary(row.id, row.courseType, row);
    if (staff) emails.push(enrollmentStaffNotification(summary, staff, mail.dashboardUrl, placed));
    emails.push(enrollmentConfirmation(summary, placed, mail.confirmUrl?.(row.id)));
  }
  await enqueueEmails(tx, emails);
  return true;
}

/** Deletes one caught submission for good; false when no such caught row exists. */
export async function deleteSpam(db: Executor, kind: SpamKind, id: number): Promise<boolean> {
  const { table, id: idColumn } = source(kind);
  const rows = await db
    .delete(table)
    .where(and(eq(idColumn, id), spamWhere[kind]))
    .returning({ id: idColumn });
  return rows.length > 0;
}

/** Deletes caught submissions older than SPAM_RETENTION_DAYS; answers how many of each went. */
export async function purgeSpam(db: Executor, now = new Date()): Promise<Record<SpamKind, number>> {
  const cutoff = new Date(now.getTime() - SPAM_RETENTION_DAYS * 86_400_000);
  const purged = { contact: 0, review: 0, enrollment: 0 };
  for (const kind of SPAM_KINDS) {
    const { table, id, createdAt } = source(kind);
    const rows = await db
      .delete(table)
      .where(and(spamWhere[kind], lt(createdAt, cutoff)))
      .returning({ id });
    purged[kind] = rows.length;
  }
  return purged;
}

const PURGE_EVERY_MS = 6 * 60 * 60 * 1000;

/** Purges a little after start and every 6 hours; a failed purge is logged and tried again next time. */
export function startSpamPurgeTimer(app: FastifyInstance, intervalMs = PURGE_EVERY_MS): void {
  startRepeatingTask(
    app,
    { firstAfterMs: 15_000, intervalMs, failure: "spam purge failed; will retry later" },
    () => purgeSpam(app.db),
  );
}

// The durable e-mail outbox. Submissions enqueue their e-mails inside their own transaction; a worker sends them
// after the commit and retries failures with backoff.
//
// No transaction is ever open while a mail server is talked to: a sender claims a batch of due rows with one short
// UPDATE that sets a lease (SKIP LOCKED, so several instances share one outbox without sending a message twice),
// sends each message with nothing held, and then records the outcome only if its lease is still the one it took.
// A sender that dies mid-batch leaves leases that run out, and another sender retries those rows. On the embedded
// database (one connection for everything) this is what keeps a slow mail server from stalling the whole site.
import { randomUUID } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client";
import { newestFirstPage } from "../../db/newest-first";
import { emailOutbox } from "../../db/schema";
import { type DrainWorker, drainWorker } from "../../platform/drain-worker";
import type { EmailMessage, Mailer } from "./mailer";

export const MAX_ATTEMPTS = 8;
/** Rows claimed per statement; a drain keeps claiming until nothing is due. */
const BATCH = 25;
/** Long enough for a slow SMTP exchange of a whole batch; a lease past it is taken as its sender gone. */
export const LEASE_MS = 5 * 60 * 1000;
/** What a sent sensitive message keeps of its body. */
export const BLANKED_TEXT = "[sign-in code or link removed after sending]";

/** 30 s, 1 min, 2 min … capped at 1 hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** (attempts - 1), 3_600_000);
}

type Executor = Pick<Db, "insert">;

export async function enqueueEmails(tx: Executor, messages: EmailMessage[]): Promise<void> {
  if (messages.length === 0) return;
  await tx.insert(emailOutbox).values(
    messages.map((m) => ({
      to: m.to,
      replyTo: m.replyTo ?? null,
      subject: m.subject,
      text: m.text,
      headers: m.headers ?? null,
      attachments: m.attachments?.length ? m.attachments : null,
      sensitive: m.sensitive ?? false,
    })),
  );
}

/** Sends everything that is due on drain(); kick() after a commit; start() and stop() its timer. */
export type OutboxWorker = DrainWorker;

type Row = typeof emailOutbox.$inferSelect;

/** Claims up to `limit` due rows for `owner` in one statement (its own short transaction). */
export async function claimDue(db: Db, owner: string, limit = BATCH): Promise<Row[]> {
  const due = db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(
      and(
        eq(emailOutbox.status, "pending"),
        sql`${emailOutbox.nextAttemptAt} <= now()`,
        sql`(${emailOutbox.leaseUntil} is null or ${emailOutbox.leaseUntil} < now())`,
      ),
    )
    .orderBy(emailOutbox.id)
    .limit(limit)
    .for("update", { skipLocked: true });
  const claimed = await db
    .update(emailOutbox)
    .set({
      leaseOwner: owner,
      leaseUntil: sql`now() + make_interval(secs => ${LEASE_MS / 1000})`,
      attempts: sql`${emailOutbox.attempts} + 1`,
    })
    .where(inArray(emailOutbox.id, due))
    .returning();
  // RETURNING comes in storage order, not the subquery's: messages leave in the order they were queued.
  return claimed.sort((a, b) => a.id - b.id);
}

export function createOutboxWorker(db: Db, mailer: Mailer, log: FastifyBaseLogger): OutboxWorker {
  const owner = randomUUID();

  const mine = (id: number) => and(eq(emailOutbox.id, id), eq(emailOutbox.leaseOwner, owner));

  async function sendOne(row: Row): Promise<boolean> {
    try {
      await mailer.send({
        to: row.to,
        replyTo: row.replyTo,
        subject: row.subject,
        text: row.text,
        headers: row.headers,
        attachments: row.attachments,
      });
    } catch (error) {
      const failed = row.attempts >= MAX_ATTEMPTS;
      const lastError = String(error instanceof Error ? error.message : error).slice(0, 1000);
      if (failed) {
        // Never silent: staff see it in the dashboard's E-mail view, with Resend.
        log.error(
          { outboxId: row.id, to: row.to, attempts: row.attempts, lastError },
          "e-mail failed for good",
        );
      } else {
        log.warn({ outboxId: row.id, attempts: row.attempts, lastError }, "e-mail failed; will retry");
      }
      await db
        .update(emailOutbox)
        .set({
          status: failed ? "failed" : "pending",
          lastError,
          nextAttemptAt: new Date(Date.now() + retryDelayMs(row.attempts)),
          leaseOwner: null,
          leaseUntil: null,
        })
        .where(mine(row.id));
      return false;
    }
    return true;
  }

  async function drainLoop(): Promise<number> {
    let attempted = 0;
    for (;;) {
      const batch = await claimDue(db, owner);
      if (batch.length === 0) break;
      const sent: number[] = [];
      for (const row of batch) {
        if (await sendOne(row)) sent.push(row.id);
      }
      attempted += batch.length;
      if (sent.length > 0) {
        await db
          .update(emailOutbox)
          .set({
            status: "sent",
            sentAt: sql`now()`,
            lastError: null,
            leaseOwner: null,
            leaseUntil: null,
            // A sign-in code or link has done its job once delivered: a copy of this table must not replay it. The
            // HTML part is drawn from this text when sending (ADR 049) and never stored, so this blanks both parts.
            text: sql`case when ${emailOutbox.sensitive} then ${BLANKED_TEXT} else ${emailOutbox.text} end`,
          })
          .where(and(inArray(emailOutbox.id, sent), eq(emailOutbox.leaseOwner, owner)));
      }
    }
    return attempted;
  }

  return drainWorker(drainLoop, (error) => log.error({ err: error }, "outbox drain failed"));
}

/** Staff put a failed (or stuck) message back in the queue; sensitive ones are never resent. */
export async function requeueEmail(
  db: Db,
  id: number,
): Promise<"requeued" | "unknown" | "sensitive" | "not-failed"> {
  const [row] = await db
    .select({ status: emailOutbox.status, sensitive: emailOutbox.sensitive })
    .from(emailOutbox)
    .where(eq(emailOutbox.id, id))
    .limit(1);
  if (!row) return "unknown";
  if (row.sensitive) return "sensitive";
  const moved = await db
    .update(emailOutbox)
    .set({ status: "pending", attempts: 0, nextAttemptAt: sql`now()`, leaseOwner: null, leaseUntil: null })
    .where(and(eq(emailOutbox.id, id), eq(emailOutbox.status, "failed")))
    .returning({ id: emailOutbox.id });
  return moved.length > 0 ? "requeued" : "not-failed";
}

export const MASKED_SUBJECT = "Sign-in code or link (hidden)";

/** The queue as staff see it, newest first. The body is never listed; a sensitive message's subject is masked too. */
export async function listOutbox(
  db: Db,
  query: { status: (typeof emailOutbox.$inferSelect)["status"]; limit: number; offset: number },
) {
  const rows = db
    .select({
      id: emailOutbox.id,
      to: emailOutbox.to,
      subject: emailOutbox.subject,
      status: emailOutbox.status,
      attempts: emailOutbox.attempts,
      lastError: emailOutbox.lastError,
      sensitive: emailOutbox.sensitive,
      createdAt: emailOutbox.createdAt,
      sentAt: emailOutbox.sentAt,
      nextAttemptAt: emailOutbox.nextAttemptAt,
    })
    .from(emailOutbox)
    .$dynamic();
  const where = eq(emailOutbox.status, query.status);
  const list = { rows, table: emailOutbox, where, newest: emailOutbox.createdAt, id: emailOutbox.id };
  const page = await newestFirstPage(db, list, query);
  const items = page.items.map((row) => ({ ...row, subject: row.sensitive ? MASKED_SUBJECT : row.subject }));
  return { items, total: page.total };
}

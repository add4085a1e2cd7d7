// The durable e-mail outbox. Submissions enqueue their e-mails inside their own transaction; a worker sends them
// after the commit and retries failures with backoff. Rows are claimed with SKIP LOCKED so several instances can
// drain one outbox without sending a message twice.
import { and, asc, eq, lte, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../db/client";
import { emailOutbox } from "../db/schema";
import type { EmailMessage, Mailer } from "./mailer";

export const MAX_ATTEMPTS = 8;
const BATCH = 10;

/** 30 s, 1 min, 2 min … capped at 1 hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** (attempts - 1), 3_600_000);
}

type Executor = Pick<Db, "insert">;

export async function enqueueEmails(tx: Executor, messages: EmailMessage[]): Promise<void> {
  if (messages.length === 0) return;
  await tx
    .insert(emailOutbox)
    .values(
      messages.map((m) => ({ to: m.to, replyTo: m.replyTo ?? null, subject: m.subject, text: m.text })),
    );
}

export interface OutboxWorker {
  /** Sends what is due now; resolves with the number of messages attempted. */
  drain(): Promise<number>;
  /** Ask for a drain soon (after a commit), without waiting for it. */
  kick(): void;
  start(intervalMs?: number): void;
  stop(): Promise<void>;
}

export function createOutboxWorker(db: Db, mailer: Mailer, log: FastifyBaseLogger): OutboxWorker {
  let timer: ReturnType<typeof setInterval> | undefined;
  let running: Promise<number> | undefined;
  let again = false;

  async function sendOne(): Promise<boolean> {
    return db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(emailOutbox)
        .where(and(eq(emailOutbox.status, "pending"), lte(emailOutbox.nextAttemptAt, sql`now()`)))
        .orderBy(asc(emailOutbox.id))
        .limit(1)
        .for("update", { skipLocked: true });
      if (!row) return false;
      try {
        await mailer.send({ to: row.to, replyTo: row.replyTo, subject: row.subject, text: row.text });
        await tx
          .update(emailOutbox)
          .set({ status: "sent", sentAt: sql`now()`, attempts: row.attempts + 1, lastError: null })
          .where(eq(emailOutbox.id, row.id));
      } catch (error) {
        const attempts = row.attempts + 1;
        const failed = attempts >= MAX_ATTEMPTS;
        log.warn(
          { err: error, outboxId: row.id, attempts },
          failed ? "e-mail failed for good" : "e-mail failed; will retry",
        );
        await tx
          .update(emailOutbox)
          .set({
            attempts,
            status: failed ? "failed" : "pending",
            lastError: String(error instanceof Error ? error.message : error).slice(0, 1000),
            nextAttemptAt: new Date(Date.now() + retryDelayMs(attempts)),
          })
          .where(eq(emailOutbox.id, row.id));
      }
      return true;
    });
  }

  async function drainLoop(): Promise<number> {
    let sent = 0;
    do {
      again = false;
      for (let i = 0; i < BATCH * 10; i += 1) {
        if (!(await sendOne())) break;
        sent += 1;
      }
    } while (again);
    return sent;
  }

  const worker: OutboxWorker = {
    drain() {
      if (running) {
        again = true;
        return running;
      }
      running = drainLoop().finally(() => {
        running = undefined;
      });
      return running;
    },
    kick() {
      worker.drain().catch((error: unknown) => log.error({ err: error }, "outbox drain failed"));
    },
    start(intervalMs = 15_000) {
      timer ??= setInterval(() => worker.kick(), intervalMs);
      timer.unref();
      worker.kick();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running?.catch(() => undefined);
    },
  };
  return worker;
}

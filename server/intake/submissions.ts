// One path for every public write: an Idempotency-Key replays the first answer, the row, its e-mails and the
// remembered answer commit in one transaction, and the 2xx leaves only after that commit.
import { eq } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Db } from "../db/client";
import { idempotencyKeys } from "../db/schema";
import type { EmailMessage } from "../integrations/mail/mailer";
import { enqueueEmails } from "../integrations/mail/outbox";

export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export interface SubmissionResult {
  status: number;
  body: Record<string, unknown>;
  emails?: EmailMessage[];
}

const KEY_PATTERN = /^[\w.:-]{8,200}$/;

class ReplayInstead extends Error {}

function idempotencyKey(request: FastifyRequest): string | null {
  const raw = request.headers["idempotency-key"];
  if (raw === undefined) return null;
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (!value || !KEY_PATTERN.test(value)) {
    throw Object.assign(new Error("Idempotency-Key must be 8 to 200 letters, digits, '-', '_', '.' or ':'"), {
      statusCode: 400,
    });
  }
  // Scoped by route so one key can never replay another endpoint's answer.
  return `${request.method} ${request.routeOptions.url}#${value}`;
}

/** Sends the remembered answer of an earlier request with this key; false when there is none. */
async function replay(app: FastifyInstance, key: string, reply: FastifyReply): Promise<boolean> {
  const [stored] = await app.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key)).limit(1);
  if (!stored) return false;
  reply.header("Idempotent-Replayed", "true").status(stored.statusCode).send(stored.responseBody);
  return true;
}

export async function submitOnce(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  write: (tx: Tx) => Promise<SubmissionResult>,
): Promise<void> {
  const key = idempotencyKey(request);
  if (key && (await replay(app, key, reply))) return;
  let result: SubmissionResult;
  try {
    result = await app.db.transaction(async (tx) => {
      const written = await write(tx);
      await enqueueEmails(tx, written.emails ?? []);
      if (key) {
        // A concurrent request with the same key blocks here until the other commits; then we roll back ours.
        const inserted = await tx
          .insert(idempotencyKeys)
          .values({ key, statusCode: written.status, responseBody: written.body })
          .onConflictDoNothing()
          .returning({ key: idempotencyKeys.key });
        if (inserted.length === 0) throw new ReplayInstead();
      }
      return written;
    });
  } catch (error) {
    if (error instanceof ReplayInstead && key && (await replay(app, key, reply))) return;
    throw error;
  }
  app.outbox.kick();
  // Sent here, not returned: the route's typed handler answers with its body type or nothing.
  reply.status(result.status).send(result.body);
}

// One path for every public write: an Idempotency-Key replays the first answer, the row, its e-mails and the
// remembered answer commit in one transaction, and the 2xx leaves only after that commit. publicForm() adds what
// every public form shares: the anti-spam fields, the per-IP limit and the 201 contract.
import { eq } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import * as z from "zod/mini";
import { AntiSpamFields, looksLikeSpam, type SpamSignal, spamSignal } from "../../shared/anti-spam";
import type { Db } from "../db/client";
import { idempotencyKeys } from "../db/schema";
import type { EmailMessage } from "../integrations/mail/mailer";
import { enqueueEmails } from "../integrations/mail/outbox";
import { publicWriteLimit } from "../plugins/public-write";

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

/** Sends the remembered answer of an earlier request with this key; null when there is none. */
async function replay(app: FastifyInstance, key: string, reply: FastifyReply): Promise<FastifyReply | null> {
  const [stored] = await app.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key)).limit(1);
  if (!stored) return null;
  return reply.header("Idempotent-Replayed", "true").status(stored.statusCode).send(stored.responseBody);
}

/**
 * Answers the request once and hands back the reply, which the route handler must return: an async handler that
 * resolves to nothing after `send` makes Fastify send again while the async onSend hooks still run (a logged
 * "Reply was already sent" and a 500 in the request log, though the browser got its 201).
 */
export async function submitOnce(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  write: (tx: Tx) => Promise<SubmissionResult>,
): Promise<FastifyReply> {
  const key = idempotencyKey(request);
  const replayed = key ? await replay(app, key, reply) : null;
  if (replayed) return replayed;
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
    const replayedNow = error instanceof ReplayInstead && key ? await replay(app, key, reply) : null;
    if (replayedNow) return replayedNow;
    throw error;
  }
  app.outbox.kick();
  return reply.status(result.status).send(result.body);
}

/** What the anti-spam fields said: a caught submission is kept (for staff's Spam view) but sends no e-mail. */
export interface SpamVerdict {
  isSpam: boolean;
  spamReason: SpamSignal | null;
}

/**
 * POST `url`: the form's own fields (validated by the shared schema the page uses) plus the anti-spam fields, under
 * the per-IP limit, written once by `write` and answered with a 201 from the `created` contract.
 */
export function publicForm<Form extends z.ZodMiniObject>(
  app: FastifyInstance,
  contract: { url: string; form: Form; created: z.ZodMiniType },
  write: (
    tx: Tx,
    fields: z.output<Form>,
    spam: SpamVerdict,
    request: FastifyRequest,
  ) => Promise<SubmissionResult>,
): void {
  const body = z.object({ ...contract.form.shape, ...AntiSpamFields });
  const schema = { body: body as unknown, response: { 201: contract.created as unknown } };
  app.post(contract.url, { schema, config: publicWriteLimit(app) }, (request, reply) =>
    submitOnce(app, request, reply, (tx) => {
      type Signals = z.output<z.ZodMiniObject<typeof AntiSpamFields>>;
      const { website, formElapsedMs, formStartedAt: _ignored, ...fields } = request.body as Signals;
      const spam = {
        isSpam: looksLikeSpam({ website, formElapsedMs }),
        spamReason: spamSignal({ website, formElapsedMs }),
      };
      return write(tx, fields as z.output<Form>, spam, request);
    }),
  );
}

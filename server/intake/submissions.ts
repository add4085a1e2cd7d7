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

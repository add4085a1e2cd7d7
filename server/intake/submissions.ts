// One path for every public write: an Idempotency-Key replays the first answer, the row, its e-mails and the
// remembered answer commit in one transaction, and the 2xx leaves only after that commit. publicForm() adds what
// every public form shares: the anti-spam fields, the per-IP limit and the 201 contract.
import { and, gte, inArray } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import * as z from "zod/mini";
import { AntiSpamFields, looksLikeSpam, type SpamSignal, spamSignal } from "../../shared/anti-spam";
import type { Db } from "../db/client";
import { idempotencyKeys } from "../db/schema";
import type { EmailMessage } from "../integrations/mail/mailer";
import { enqueueEmails } from "../integrations/mail/outbox";
import { KEY_PATTERN, type OnceKey } from "../platform/once-key";
import { errorBody } from "../plugins/errors";
import { publicWriteLimit } from "../plugins/public-write";

export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export interface SubmissionResult {
  status: number;
  body: Record<string, unknown>;
  emails?: EmailMessage[];
}

class ReplayInstead extends Error {}

/** The request's Idempotency-Key, scoped by route (null without one); a malformed key is a 400. */
export function idempotencyKey(request: FastifyRequest): string | null {
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

/** What a public write answered: the first answer again when one was remembered under its key. */
export interface StoredAnswer {
  status: number;
  body: Record<string, unknown>;
  replayed: boolean;
}

async function remembered(app: FastifyInstance, once: OnceKey): Promise<StoredAnswer | null> {
  const rows = await app.db
    .select()
    .from(idempotencyKeys)
    .where(
      and(
        inArray(idempotencyKeys.key, [...once.replay]),
        once.since ? gte(idempotencyKeys.createdAt, once.since) : undefined,
      ),
    );
  const stored = rows.sort((a, b) => once.replay.indexOf(a.key) - once.replay.indexOf(b.key))[0];
  if (!stored) return null;
  return { status: stored.statusCode, body: stored.responseBody as Record<string, unknown>, replayed: true };
}

/**
 * Writes once: with a key, an earlier answer under it is replayed instead, and the row, its e-mails and the answer
 * commit in one transaction (two concurrent requests with one key serialise on the key's primary key, and the loser
 * replays the winner's answer). The JSON routes (submitOnce) and the forms posted without script share it.
 */
export async function storeOnce(
  app: FastifyInstance,
  once: OnceKey | null,
  write: (tx: Tx) => Promise<SubmissionResult>,
): Promise<StoredAnswer> {
  const earlier = once ? await remembered(app, once) : null;
  if (earlier) return earlier;
  let result: SubmissionResult;
  try {
    result = await app.db.transaction(async (tx) => {
      const written = await write(tx);
      await enqueueEmails(tx, written.emails ?? []);
      if (once) {
        // A concurrent request with the same key blocks here until the other commits; then we roll back ours.
        const inserted = await tx
          .insert(idempotencyKeys)
          .values({ key: once.key, statusCode: written.status, responseBody: written.body })
          .onConflictDoNothing()
          .returning({ key: idempotencyKeys.key });
        if (inserted.length === 0) throw new ReplayInstead();
      }
      return written;
    });
  } catch (error) {
    const replayedNow =
      error instanceof ReplayInstead && once
        ? await remembered(app, { key: once.key, replay: [once.key] })
        : null;
    if (replayedNow) return replayedNow;
    throw error;
  }
  app.outbox.kick();
  // A text decided in the write (an application's number code) goes now rather than at the next timer.
  app.textOutbox.kick();
  return { status: result.status, body: result.body, replayed: false };
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
  const answer = await storeOnce(app, key ? { key, replay: [key] } : null, write);
  if (answer.replayed) reply.header("Idempotent-Replayed", "true");
  return reply.status(answer.status).send(answer.body);
}

/** What the anti-spam fields said: a caught submission is kept (for staff's Spam view) but sends no e-mail. */
export interface SpamVerdict {
  isSpam: boolean;
  spamReason: SpamSignal | null;
}

/** The fields of a public form's body without its anti-spam fields, and what those said. */
export function withoutSignals<Fields>(body: unknown): { fields: Fields; spam: SpamVerdict } {
  type Signals = z.output<z.ZodMiniObject<typeof AntiSpamFields>>;
  const { website, formElapsedMs, formStartedAt: _ignored, ...fields } = body as Signals;
  return {
    fields: fields as Fields,
    spam: {
      isSpam: looksLikeSpam({ website, formElapsedMs }),
      spamReason: spamSignal({ website, formElapsedMs }),
    },
  };
}

/** A refusal only the server can make (a phone number's kind, say), tied to the field it is about. */
export interface FieldRefusal {
  field: string;
  message: string;
}

/** A public form: its API path, the shared schema of its fields, its 201 contract and how it is stored. */
export interface PublicFormContract<Form extends z.ZodMiniObject> {
  url: string;
  form: Form;
  created: z.ZodMiniType;
  /**
   * Checks the schema cannot make, before anything is stored: a 400 naming the field for the JSON route (its
   * `field` beside the message), the page again with the error beside the field for the post without script.
   */
  refuse?: (fields: z.output<Form>) => FieldRefusal | null;
  write: (
    tx: Tx,
    fields: z.output<Form>,
    spam: SpamVerdict,
    request: FastifyRequest,
  ) => Promise<SubmissionResult>;
}

/** What a public form's body is checked with: its own fields plus the anti-spam fields. */
export function publicFormBody<Form extends z.ZodMiniObject>(form: Form) {
  return z.object({ ...form.shape, ...AntiSpamFields });
}

/**
 * POST `url`: the form's own fields (validated by the shared schema the page uses) plus the anti-spam fields, under
 * the per-IP limit, written once by `write` and answered with a 201 from the `created` contract. The same form
 * posted without script is taken by server/platform/native-posts.ts with the same contract.
 */
export function publicForm<Form extends z.ZodMiniObject>(
  app: FastifyInstance,
  contract: PublicFormContract<Form>,
): void {
  const schema = {
    body: publicFormBody(contract.form) as unknown,
    response: { 201: contract.created as unknown },
  };
  app.post(contract.url, { schema, config: publicWriteLimit(app) }, (request, reply: FastifyReply) => {
    const { fields, spam } = withoutSignals<z.output<Form>>(request.body);
    const refused = contract.refuse?.(fields);
    if (refused) return reply.status(400).send({ ...errorBody(refused.message), field: refused.field });
    return submitOnce(app, request, reply, (tx) => contract.write(tx, fields, spam, request));
  });
}

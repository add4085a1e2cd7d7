// The durable text-message outbox (issue 34), modelled on the e-mail outbox: callers queue texts inside their own
// transaction; a worker sends them after the commit, with no transaction open while Twilio is talked to. A sender
// claims due rows with one short UPDATE that sets a lease (SKIP LOCKED, so several instances never send a text
// twice), sends each with nothing held, and records the outcome only if its lease is still its own.
//
// When a text may go is decided when it is queued (quiet hours, shared with staff as not_before); a text that may not
// go at all is kept as 'dropped' with its reason. At send time the worker holds every text to three limits, since
// every part costs money and a phone buzzes: only numbers in allowed countries; at most a few texts per number per
// Fiji day (more wait for the next morning); and a daily cap on parts across all texts (more wait for the next day,
// with a warning in the log and an e-mail to staff once a day). A held-back text whose deadline would then be too near is dropped. Numbers
// and bodies never reach a log: only ids.
import { randomUUID } from "node:crypto";
import { and, eq, gte, inArray, lt, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { addDays } from "../../../shared/calendar-dates";
import { endOfFijiDay, fijiToday } from "../../../shared/fiji-time";
import type { Db } from "../../db/client";
import { enrollments, textOptOuts, textOutbox } from "../../db/schema";
import { type DrainWorker, drainWorker } from "../../platform/drain-worker";
import { inAllowedCountry } from "../../sms/phone-numbers";
import { nextSendingMoment, sendTime, tooNearAfterWaiting } from "../../sms/quiet-hours";
import { segments } from "../../sms/sms-text";
import { retryDelayMs } from "../mail/outbox";
import { type SmsChannel, type SmsProvider, SmsSendError, type SmsTemplate } from "./sms-provider";

export const MAX_TEXT_ATTEMPTS = 8;
/** The most parts one SMS may take. */
export const MAX_SEGMENTS = 2;
const BATCH = 25;
/** Long enough for a slow batch; a lease past it is taken as its sender gone. */
export const TEXT_LEASE_MS = 5 * 60 * 1000;
export const COUNTRY_NOT_ALLOWED = "country not allowed";
export const NUMBER_STOPPED = "number stopped";
export const CONSENT_WITHDRAWN = "consent withdrawn";
/** What a sent sensitive text (a number's code) keeps of its body. */
export const BLANKED_TEXT_BODY = "[code removed after sending]";

export interface QueuedText {
  /** E.164 ("+6797012345"). */
  to: string;
  kind: string;
  channel?: SmsChannel;
  /** Built with gsmReplace: GSM-7, at most two parts. */
  body?: string;
  template?: SmsTemplate;
  /** The deadline the text is about: it is never sent with under 2 hours left after waiting. */
  deadline?: Date;
  /** Answers the person's own action: goes whatever the hour. */
  immediate?: boolean;
  /** The application the text is about. */
  enrollmentId?: number;
  /** A code: the body is blanked once sent. */
  sensitive?: boolean;
}

type Executor = Pick<Db, "insert">;

/** Queues texts in the caller's transaction; `now` is when they were decided. Throws on a body that is not GSM-7 or too long. */
export async function enqueueTexts(tx: Executor, texts: QueuedText[], now = new Date()): Promise<void> {
  if (texts.length === 0) return;
  const rows = texts.map((t) => {
    let parts = 1;
    if (t.body !== undefined) {
      const size = segments(t.body);
      if (size.encoding !== "GSM-7") throw new Error(`A "${t.kind}" text is not wholly GSM-7.`);
      if (size.segments > MAX_SEGMENTS) {
        throw new Error(`A "${t.kind}" text takes ${size.segments} SMS parts; at most ${MAX_SEGMENTS}.`);
      }
      parts = size.segments;
    } else if (!t.template) {
      throw new Error(`A "${t.kind}" text has neither a body nor a template.`);
    }
    const immediate = t.immediate ?? false;
    const decision = sendTime(now, { immediate, deadline: t.deadline });
    const dropped = "drop" in decision;
    return {
      toE164: t.to,
      kind: t.kind,
      enrollmentId: t.enrollmentId ?? null,
      sensitive: t.sensitive ?? false,
      channel: t.channel ?? "sms",
      body: t.body ?? null,
      template: t.template ?? null,
      segments: parts,
      status: dropped ? ("dropped" as const) : ("pending" as const),
      lastError: dropped ? decision.drop : null,
      notBefore: dropped ? now : decision.at,
      nextAttemptAt: dropped ? now : decision.at,
      deadline: t.deadline ?? null,
      immediate,
      createdAt: now,
    };
  });
  await tx.insert(textOutbox).values(rows);
}

export interface TextOutboxOptions {
  now?: () => Date;
  /** Country calling codes texts may go to ("679"). */
  allowedCountries: string[];
  perNumberPerDay?: number;
  /** Parts sent per Fiji day across all texts. */
  dailySegmentCap: number;
  /** Where the provider reports delivery, when it does (Twilio). */
  statusCallback?: string;
  /** Called after a drain that first met the segment cap today (per instance): staff are told (staff-texts.ts). */
  onCapReached?: (at: Date) => Promise<void>;
}

/** Looks at every text that is due on drain(); kick() after a commit; start() and stop() its timer. */
export type TextOutboxWorker = DrainWorker;

type Row = typeof textOutbox.$inferSelect;

/** The first and last instants of the Fiji day `now` falls in, and 08:00 on the next. */
function fijiDay(now: Date): { start: Date; end: Date; nextMorning: Date } {
  const today = fijiToday(now);
  const end = endOfFijiDay(today) as Date;
  const start = new Date((endOfFijiDay(addDays(today, -1)) as Date).getTime() + 1);
  return { start, end, nextMorning: nextSendingMoment(new Date(end.getTime() + 1)) };
}

export function createTextOutboxWorker(
  db: Db,
  provider: SmsProvider,
  log: FastifyBaseLogger,
  options: TextOutboxOptions,
): TextOutboxWorker {
  const now = options.now ?? (() => new Date());
  const perNumberPerDay = options.perNumberPerDay ?? 3;
  const owner = randomUUID();
  /** The Fiji day the segment cap was last warned about. */
  let warnedCapOn: string | undefined;
  /** Set when this drain first met the cap today: staff are told once the drain has held back what it must. */
  let capReachedAt: Date | undefined;

  const mine = (id: number) => and(eq(textOutbox.id, id), eq(textOutbox.leaseOwner, owner));
  const release = { leaseOwner: null, leaseUntil: null };

  async function claimDue(): Promise<Row[]> {
    const at = now();
    const due = db
      .select({ id: textOutbox.id })
      .from(textOutbox)
      .where(
        and(
          eq(textOutbox.status, "pending"),
          sql`${textOutbox.nextAttemptAt} <= ${at}`,
          sql`(${textOutbox.leaseUntil} is null or ${textOutbox.leaseUntil} < ${at})`,
        ),
      )
      .orderBy(textOutbox.id)
      .limit(BATCH)
      .for("update", { skipLocked: true });
    const claimed = await db
      .update(textOutbox)
      .set({ leaseOwner: owner, leaseUntil: new Date(at.getTime() + TEXT_LEASE_MS) })
      .where(inArray(textOutbox.id, due))
      .returning();
    return claimed.sort((a, b) => a.id - b.id);
  }

  /** Puts a text back until `until`, or drops it when its deadline would then be too near. */
  async function holdBack(row: Row, until: Date, reason: string): Promise<void> {
    if (row.deadline && !row.immediate && tooNearAfterWaiting(until, row.deadline)) {
      log.info({ textId: row.id, reason }, "text dropped: its deadline would be too near");
      await db
        .update(textOutbox)
        .set({ status: "dropped", lastError: `${reason}; too close to deadline`, ...release })
        .where(mine(row.id));
      return;
    }
    await db
      .update(textOutbox)
      .set({ nextAttemptAt: until, lastError: reason, ...release })
      .where(mine(row.id));
  }

  /** Texts sent today to `to`, and parts sent today to anyone: both caps from one read. */
  async function sentToday(start: Date, end: Date, to: string) {
    const [counts] = await db
      .select({
        toNumber: sql<number>`(count(*) filter (where ${textOutbox.toE164} = ${to}))::int`,
        parts: sql<number>`coalesce(sum(${textOutbox.segments}), 0)::int`,
      })
      .from(textOutbox)
      .where(
        and(
          eq(textOutbox.status, "sent"),
          gte(textOutbox.sentAt, start),
          lt(textOutbox.sentAt, new Date(end.getTime() + 1)),
        ),
      );
    return counts ?? { toNumber: 0, parts: 0 };
  }

  /**
   * Why a queued text may no longer go, checked at send time so the opt-out link (or consent withdrawn at
   * /my-training) ends texts already waiting: the number asked to stop, or its application no longer wants texts.
   */
  async function noLongerWanted(row: Row): Promise<string | null> {
    const [stopped] = await db
      .select({ at: textOptOuts.at })
      .from(textOptOuts)
      .where(eq(textOptOuts.toE164, row.toE164))
      .limit(1);
    if (stopped) return NUMBER_STOPPED;
    if (row.enrollmentId === null) return null;
    const [application] = await db
      .select({ wanted: enrollments.textsWanted })
      .from(enrollments)
      .where(eq(enrollments.id, row.enrollmentId))
      .limit(1);
    return application?.wanted ? null : CONSENT_WITHDRAWN;
  }

  async function sendOne(row: Row): Promise<void> {
    const at = now();
    const unwanted = await noLongerWanted(row);
    if (unwanted) {
      log.info({ textId: row.id, reason: unwanted }, "text dropped");
      await db
        .update(textOutbox)
        .set({ status: "dropped", lastError: unwanted, ...release })
        .where(mine(row.id));
      return;
    }
    if (!inAllowedCountry(row.toE164, options.allowedCountries)) {
      log.warn({ textId: row.id }, "text not sent: country not allowed");
      await db
        .update(textOutbox)
        .set({ status: "failed", lastError: COUNTRY_NOT_ALLOWED, ...release })
        .where(mine(row.id));
      return;
    }
    const day = fijiDay(at);
    const sentSoFar = await sentToday(day.start, day.end, row.toE164);
    if (sentSoFar.toNumber >= perNumberPerDay) {
      return holdBack(row, day.nextMorning, "daily limit for this number");
    }
    if (sentSoFar.parts + row.segments > options.dailySegmentCap) {
      const today = fijiToday(at);
      if (warnedCapOn !== today) {
        warnedCapOn = today;
        log.warn({ textId: row.id, cap: options.dailySegmentCap }, "daily text segment cap reached");
        capReachedAt = at;
      }
      return holdBack(row, day.nextMorning, "daily segment cap");
    }
    const attempts = row.attempts + 1;
    try {
      const sent = await provider.send({
        to: row.toE164,
        channel: row.channel,
        ...(row.body !== null ? { body: row.body } : {}),
        ...(row.template ? { template: row.template } : {}),
        ...(options.statusCallback ? { statusCallback: options.statusCallback } : {}),
      });
      await db
        .update(textOutbox)
        .set({
          status: "sent",
          attempts,
          sentAt: now(),
          providerId: sent.providerId,
          deliveryStatus: sent.status,
          lastError: null,
          // A code has done its job once sent: a copy of this table must not replay it.
          ...(row.sensitive
            ? {
                body: row.body === null ? null : BLANKED_TEXT_BODY,
                template: row.template ? { contentSid: row.template.contentSid, variables: {} } : null,
              }
            : {}),
          ...release,
        })
        .where(mine(row.id));
    } catch (error) {
      const retryable = error instanceof SmsSendError ? error.retryable : true;
      const failed = !retryable || attempts >= MAX_TEXT_ATTEMPTS;
      // The provider's messages are written without numbers (see twilio-sms.ts); anything else is cut short.
      const lastError = String(error instanceof Error ? error.message : error).slice(0, 500);
      if (failed) log.error({ textId: row.id, attempts, lastError }, "text failed for good");
      else log.warn({ textId: row.id, attempts, lastError }, "text failed; will retry");
      await db
        .update(textOutbox)
        .set({
          status: failed ? "failed" : "pending",
          attempts,
          lastError,
          nextAttemptAt: new Date(now().getTime() + retryDelayMs(attempts)),
          ...release,
        })
        .where(mine(row.id));
    }
  }

  async function drainLoop(): Promise<number> {
    let looked = 0;
    for (;;) {
      const batch = await claimDue();
      if (batch.length === 0) break;
      for (const row of batch) await sendOne(row);
      looked += batch.length;
    }
    if (capReachedAt && options.onCapReached) {
      const at = capReachedAt;
      capReachedAt = undefined;
      // Telling staff must not fail the drain; only the error's kind is logged, as below.
      await options.onCapReached(at).catch((error: unknown) => {
        log.error({ errorName: String((error as { name?: unknown })?.name) }, "text cap notice failed");
      });
    }
    return looked;
  }

  // Only the error's kind: a failed query's message carries its parameters, numbers among them.
  return drainWorker(drainLoop, (error: unknown) => {
    const { name, code } = (error ?? {}) as { name?: unknown; code?: unknown };
    log.error({ errorName: String(name), code: String(code) }, "text outbox drain failed");
  });
}

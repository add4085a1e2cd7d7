// Confirming wallet payments with the gateway's status call, the only word we credit on: when the payer comes back
// through the return route, and by polling, for as long as the request can still be paid, every payment whose payer
// never came back (a closed tab, a lost connection). The status call always runs outside any transaction; only the
// result is then applied, exactly once, by applyWalletResult.
import { and, asc, eq, gt, inArray, isNotNull, or, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { walletPayments } from "../db/schema";
import { MpaisaError, type PaymentStatus, type WalletGateway } from "../integrations/mpaisa";
import { EXPIRED_CODE, RESPONSE_CODES } from "../integrations/mpaisa-wire";
import { startRepeatingTask } from "../platform/repeating-task";
import { applyWalletResult } from "./wallet-payments";

const MINUTE_MS = 60_000;
/** How often the poller looks for payments to ask about. */
export const POLL_EVERY_MS = 30_000;
/** A payable request is asked about at most this often. */
export const POLL_SPACING_MS = MINUTE_MS;
/** Polling goes on this long past payableUntil, for a payment approved at the last moment. */
export const POLL_GRACE_MS = 10 * MINUTE_MS;
/** Past the grace a request is asked about only while the gateway has not answered yet, this often... */
export const LATE_SPACING_MS = 15 * MINUTE_MS;
/** ...and no longer than this after payableUntil: then it stays pending for staff to confirm by hand. */
export const GIVE_UP_AFTER_MS = 2 * 24 * 60 * MINUTE_MS;
const BATCH = 50;
/** The smallest amount a request is made for (and a payment row may hold). */
const MIN_CREDIT_CENTS = 100;

export const EXPIRED_MESSAGE = RESPONSE_CODES[EXPIRED_CODE]?.reason ?? "The payment request expired.";

export interface PendingWalletPayment {
  reference: string;
  providerTransactionId: string | null;
  payableUntil: Date | null;
}

/**
 * What a status answer settles: paid, failed, or expired (a request still open past its payable time plus the
 * grace); null while it is still open. `event` names the outcome once per request (payment_events).
 */
export function gatewayVerdict(
  status: PaymentStatus,
  payableUntil: Date | null,
  now: Date,
): { paid: boolean; expired: boolean; outcome: "paid" | "failed" | "expired"; event: string } | null {
  const expired =
    status.outcome === "pending" &&
    payableUntil !== null &&
    now.getTime() > payableUntil.getTime() + POLL_GRACE_MS;
  if (status.outcome !== "paid" && status.outcome !== "failed" && !expired) return null;
  const paid = status.outcome === "paid";
  const outcome = paid ? "paid" : expired ? "expired" : "failed";
  return { paid, expired, outcome, event: paid || expired ? outcome : `code-${status.code}` };
}

/** What asking the gateway did to the payment: settled it, found it settled already, or left it pending. */
export type ConfirmOutcome = "completed" | "failed" | "already-settled" | "pending";

/**
 * Asks the gateway about one payment and applies what it says: paid credits (the amount it reports), a refusal
 * fails, and a request still open past its payable time plus the grace has expired. Throws the gateway's
 * MpaisaError when it could not be asked.
 */
export async function confirmWithGateway(
  app: FastifyInstance,
  gateway: WalletGateway,
  payment: PendingWalletPayment,
  now = new Date(),
): Promise<ConfirmOutcome> {
  const requestId = payment.providerTransactionId;
  if (!requestId) return "pending";
  const status = await gateway.checkStatus({ reference: payment.reference, requestId });
  if (
    status.outcome === "paid" &&
    status.amountCents !== undefined &&
    status.amountCents < MIN_CREDIT_CENTS
  ) {
    // Less than any request we make: staff look at it rather than a rule guessing.
    throw new MpaisaError("M-PAiSA reported a payment below the minimum amount.", "bad-answer");
  }
  const verdict = gatewayVerdict(status, payment.payableUntil, now);
  if (!verdict) return "pending";

  const { paid, expired } = verdict;
  const result = await applyWalletResult(app, {
    reference: payment.reference,
    status: paid ? "completed" : "failed",
    transactionId: requestId,
    amountCents: paid ? status.amountCents : undefined,
    message: expired ? EXPIRED_MESSAGE : status.reason,
    // Paid once per request, however many times the return and the poller both ask.
    eventId: `${requestId}:${verdict.event}`,
    eventType: `status.${verdict.outcome}`,
    settledBy: "mpaisa",
  });
  if (result.outcome === "applied") return result.status;
  return result.outcome === "unknown" ? "pending" : "already-settled";
}

export interface PollOptions {
  now?: Date;
  spacingMs?: number;
  lateSpacingMs?: number;
}

/**
 * One round: claims the pending payments due a status call (one UPDATE … RETURNING moves their last_checked_at, so
 * another instance polling at the same moment skips them), then asks the gateway about each, outside any transaction.
 */
export async function pollWalletPayments(
  app: FastifyInstance,
  gateway: WalletGateway,
  options: PollOptions = {},
): Promise<Record<ConfirmOutcome | "unanswered", number>> {
  const now = options.now ?? new Date();
  const before = (ms: number) => new Date(now.getTime() - ms).toISOString();
  const lastAsked = sql`coalesce(${walletPayments.lastCheckedAt}, ${walletPayments.createdAt})`;
  const due = and(
    eq(walletPayments.status, "pending"),
    isNotNull(walletPayments.providerTransactionId),
    gt(walletPayments.payableUntil, new Date(now.getTime() - GIVE_UP_AFTER_MS)),
    or(
      and(
        gt(walletPayments.payableUntil, new Date(now.getTime() - POLL_GRACE_MS)),
        sql`${lastAsked} <= ${before(options.spacingMs ?? POLL_SPACING_MS)}::timestamptz`,
      ),
      sql`${lastAsked} <= ${before(options.lateSpacingMs ?? LATE_SPACING_MS)}::timestamptz`,
    ),
  );
  const candidates = app.db
    .select({ id: walletPayments.id })
    .from(walletPayments)
    .where(due)
    .orderBy(asc(lastAsked))
    .limit(BATCH)
    .for("update", { skipLocked: true });
  const claimed = await app.db
    .update(walletPayments)
    .set({ lastCheckedAt: now })
    .where(and(inArray(walletPayments.id, candidates), due))
    .returning({
      reference: walletPayments.reference,
      providerTransactionId: walletPayments.providerTransactionId,
      payableUntil: walletPayments.payableUntil,
    });

  const counts = { completed: 0, failed: 0, "already-settled": 0, pending: 0, unanswered: 0 };
  for (const payment of claimed) {
    try {
      counts[await confirmWithGateway(app, gateway, payment, now)] += 1;
    } catch (error) {
      counts.unanswered += 1;
      if (error instanceof MpaisaError) {
        app.log.warn({ reference: payment.reference, kind: error.kind }, "M-PAiSA status call failed");
      } else {
        app.log.error({ err: error, reference: payment.reference }, "M-PAiSA status poll failed");
      }
    }
  }
  return counts;
}

/**
 * Runs `poll` with the wallet gateway every `intervalMs` (30 seconds) while one is configured; the timer never keeps
 * the process alive. The portal's payments and the course fees each poll through it.
 */
export function startWalletPoll(
  app: FastifyInstance,
  what: { firstAfterMs: number; failure: string },
  poll: (gateway: WalletGateway) => Promise<unknown>,
  intervalMs = POLL_EVERY_MS,
): void {
  const { wallet } = app;
  if (!wallet) return;
  startRepeatingTask(app, { ...what, intervalMs }, () => poll(wallet.gateway));
}

/** Follows the portal's pending wallet payments. */
export function startWalletStatusTimer(app: FastifyInstance, intervalMs = POLL_EVERY_MS): void {
  const failure = "wallet status poll failed; will retry";
  startWalletPoll(
    app,
    { firstAfterMs: 5_000, failure },
    (gateway) => pollWalletPayments(app, gateway),
    intervalMs,
  );
}

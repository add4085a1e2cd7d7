// Course fees paid with M-PAiSA: the payer's return from the gateway's page (its token checked, as for the portal's
// wallet payments) and the gateway's status call, the only word a payment is settled on. The status is asked
// when the payer comes back, when their payment page looks (at most every 20 seconds), and by the wallet poller.
// The call is always made with no transaction open.
import { and, eq, gt, isNotNull, lte, or, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { coursePayments } from "../db/schema";
import { MpaisaError, type WalletGateway } from "../integrations/mpaisa";
import type { GatewayReturn } from "../integrations/mpaisa-wire";
import type { WalletClient } from "../integrations/wallet-plugin";
import { isGenuineReturn } from "../payments/wallet-return";
import { gatewayVerdict, POLL_EVERY_MS, POLL_GRACE_MS, startWalletPoll } from "../payments/wallet-status";
import { courseItemDetail, settleAndMail, settleContextFor } from "./fee-payments";
import type { SettleOutcome } from "./fee-settle";
import { coursePaymentPath } from "./fee-token";

const MINUTE_MS = 60_000;
/** A pending request is asked about at most this often from the payer's page. */
export const PAGE_CHECK_SPACING_MS = 20_000;
/** Polling goes on this long past a request's payable time (then it is settled as expired). */
const GRACE_MS = POLL_GRACE_MS;
const POLL_SPACING_MS = MINUTE_MS;

type CoursePaymentRow = typeof coursePayments.$inferSelect;

export const isCourseReference = (reference: string) => /^CFP-[A-Z2-7]{10}$/.test(reference);

async function findByReference(app: FastifyInstance, reference: string) {
  const [row] = await app.db
    .select()
    .from(coursePayments)
    .where(eq(coursePayments.reference, reference))
    .limit(1);
  return row;
}

/** Asks the gateway about one pending course payment and settles it on a final answer. */
export async function confirmCourseWithGateway(
  app: FastifyInstance,
  gateway: WalletGateway,
  payment: Pick<CoursePaymentRow, "reference" | "providerReference" | "payableUntil" | "email">,
  now = new Date(),
): Promise<SettleOutcome | "pending"> {
  const requestId = payment.providerReference;
  if (!requestId) return "pending";
  const status = await gateway.checkStatus({ reference: payment.reference, requestId });
  const verdict = gatewayVerdict(status, payment.payableUntil, now);
  if (!verdict) return "pending";
  const { paid } = verdict;
  return settleAndMail(
    await settleContextFor(app),
    {
      provider: "mpaisa",
      eventId: `${requestId}:${verdict.event}`,
      eventType: `course.${verdict.outcome}`,
      reference: payment.reference,
      providerReference: requestId,
      method: "mpaisa",
      paid,
      amountCents: paid ? (status.amountCents ?? null) : null,
      email: payment.email,
      message: status.reason,
    },
    () => app.outbox.kick(),
  );
}

/**
 * The return from the gateway's page for a course payment: where to send the payer (their payment page), or
 * "unknown" / "refused" as the portal's return answers them.
 */
export async function acceptCourseReturn(
  app: FastifyInstance,
  wallet: WalletClient,
  back: GatewayReturn,
): Promise<{ outcome: "unknown" } | { outcome: "refused" } | { outcome: "redirect"; location: string }> {
  const payment = await findByReference(app, back.reference);
  if (!payment) return { outcome: "unknown" };
  const location = payment.seatId
    ? `${coursePaymentPath(app.payLinkKey, payment.seatId)}&reference=${payment.reference}`
    : "/";
  if (payment.status !== "pending") return { outcome: "redirect", location };
  const genuine = isGenuineReturn(wallet, payment.providerReference, back, {
    amountCents: payment.amountCents,
    itemDetail: courseItemDetail(payment.reference),
  });
  if (!genuine) return { outcome: "refused" };
  try {
    await confirmCourseWithGateway(app, wallet.gateway, payment);
  } catch (error) {
    // Still pending: the payment page and the poller ask again.
    if (!(error instanceof MpaisaError)) throw error;
    app.log.warn({ reference: payment.reference, kind: error.kind }, "M-PAiSA status call failed");
  }
  return { outcome: "redirect", location };
}

/** The payer's page looks at a pending wallet payment: the gateway is asked, no more than every 20 seconds. */
export async function checkCoursePaymentNow(app: FastifyInstance, reference: string, now = new Date()) {
  const wallet = app.wallet;
  if (!wallet) return;
  const claimed = await app.db
    .update(coursePayments)
    .set({ lastCheckedAt: now })
    .where(
      and(
        eq(coursePayments.reference, reference),
        eq(coursePayments.status, "pending"),
        eq(coursePayments.method, "mpaisa"),
        isNotNull(coursePayments.providerReference),
        or(
          sql`${coursePayments.lastCheckedAt} is null`,
          lte(coursePayments.lastCheckedAt, new Date(now.getTime() - PAGE_CHECK_SPACING_MS)),
        ),
      ),
    )
    .returning();
  const payment = claimed[0];
  if (!payment) return;
  try {
    await confirmCourseWithGateway(app, wallet.gateway, payment, now);
  } catch (error) {
    if (!(error instanceof MpaisaError)) throw error;
  }
}

/** One poll round over pending course payments whose payer never came back (run by the wallet status timer). */
export async function pollCourseWalletPayments(
  app: FastifyInstance,
  gateway: WalletGateway,
  now = new Date(),
) {
  const due = and(
    eq(coursePayments.status, "pending"),
    eq(coursePayments.method, "mpaisa"),
    isNotNull(coursePayments.providerReference),
    gt(coursePayments.payableUntil, new Date(now.getTime() - GRACE_MS - MINUTE_MS)),
    or(
      sql`${coursePayments.lastCheckedAt} is null`,
      lte(coursePayments.lastCheckedAt, new Date(now.getTime() - POLL_SPACING_MS)),
    ),
  );
  const claimed = await app.db.update(coursePayments).set({ lastCheckedAt: now }).where(due).returning();
  for (const payment of claimed) {
    try {
      await confirmCourseWithGateway(app, gateway, payment, now);
    } catch (error) {
      app.log.warn({ err: error, reference: payment.reference }, "M-PAiSA course payment poll failed");
    }
  }
  return claimed.length;
}

/** Follows course fees paid with M-PAiSA, as the portal's payments are followed. */
export function startCourseWalletTimer(app: FastifyInstance, intervalMs = POLL_EVERY_MS): void {
  const failure = "course wallet status poll failed; will retry";
  startWalletPoll(
    app,
    { firstAfterMs: 7_000, failure },
    (gateway) => pollCourseWalletPayments(app, gateway),
    intervalMs,
  );
}

// Staff decide refund requests. Approving a card payment's refund refunds it through Stripe: the request is marked
// approved (audited) and committed, Stripe is called with the request as its idempotency key, then the refund is
// recorded; should Stripe fail, the request stays approved and approving again retries the same refund. A wallet,
// bank or cash payment is refunded outside the site (M-PAiSA's reversal, a transfer, cash), so approving records
// that refund's receipt number. Rejecting keeps the reason.
import { and, eq, inArray, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Db } from "../db/client";
import { coursePayments, courseRefunds } from "../db/schema";
import { oneOffCardPaymentsFor } from "../payments/card-one-off";
import { httpError } from "../plugins/errors";
import { auditedChange } from "../staff/audit";

type StaffAction = { actor: string; ip: string };
type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export const RECEIPT_NEEDED_MESSAGE =
  "Enter the receipt number of the refund (the M-PAiSA reversal, the bank transfer or the cash voucher).";
export const CARD_REFUND_FAILED_MESSAGE =
  "Stripe did not take the refund. Nothing was refunded; try approving again in a moment.";

async function findRefund(db: Pick<Db, "select">, refundId: number) {
  const [row] = await db
    .select({ refund: courseRefunds, payment: coursePayments })
    .from(courseRefunds)
    .innerJoin(coursePayments, eq(coursePayments.id, courseRefunds.paymentId))
    .where(eq(courseRefunds.id, refundId))
    .limit(1);
  if (!row) throw httpError(404, "Refund request not found.");
  return row;
}

/** Moves a request that is still only requested to `status`: false when someone decided it meanwhile. */
async function decideRequested(tx: Tx, refundId: number, status: "approved" | "rejected", actor: string) {
  const moved = await tx
    .update(courseRefunds)
    .set({ status, decidedBy: actor, decidedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(courseRefunds.id, refundId), eq(courseRefunds.status, "requested")))
    .returning({ id: courseRefunds.id });
  return moved.length > 0;
}

/** Marks a refund made, and its payment refunded once refunds cover all of it. */
async function recordRefunded(tx: Tx, refundId: number, paymentId: number, reference: string, actor: string) {
  const moved = await tx
    .update(courseRefunds)
    .set({
      status: "refunded",
      refundReference: reference,
      decidedBy: actor,
      decidedAt: new Date(),
      updatedAt: new Date(),
    })
    .where(and(eq(courseRefunds.id, refundId), inArray(courseRefunds.status, ["requested", "approved"])))
    .returning({ id: courseRefunds.id });
  if (moved.length === 0) return false;
  await tx
    .update(coursePayments)
    .set({ status: "refunded", updatedAt: new Date() })
    .where(
      and(
        eq(coursePayments.id, paymentId),
        sql`${coursePayments.amountCents} <= (select coalesce(sum(${courseRefunds.amountCents}), 0) from ${courseRefunds}
          where ${courseRefunds.paymentId} = ${paymentId} and ${courseRefunds.status} = 'refunded')`,
      ),
    );
  return true;
}

export async function approveRefund(
  app: FastifyInstance,
  refundId: number,
  by: StaffAction,
  receiptNumber?: string,
): Promise<void> {
  const { refund, payment } = await findRefund(app.db, refundId);
  if (refund.status !== "requested" && refund.status !== "approved") {
    throw httpError(409, `This refund request is already ${refund.status}.`);
  }
  const subject = `course refund ${refundId}`;
  if (payment.method !== "card") {
    if (!receiptNumber) throw httpError(400, RECEIPT_NEEDED_MESSAGE);
    const event = {
      ...by,
      action: "course-refund.refunded",
      subject,
      details: { receiptNumber, amountCents: refund.amountCents },
    };
    const done = await auditedChange(app.db, event, (tx) =>
      recordRefunded(tx, refundId, payment.id, receiptNumber, by.actor),
    );
    if (!done) throw httpError(409, "This refund request was decided meanwhile.");
    return;
  }

  const card = oneOffCardPaymentsFor(app);
  if (!card || !payment.providerReference) {
    throw httpError(503, "Card payments are not configured, so a card refund cannot be made here.");
  }
  await auditedChange(
    app.db,
    { ...by, action: "course-refund.approved", subject, details: { amountCents: refund.amountCents } },
    (tx) => decideRequested(tx, refundId, "approved", by.actor),
  );
  // Committed: Stripe is asked with nothing held open.
  let stripeRefund: string;
  try {
    stripeRefund = await card.refund(
      payment.providerReference,
      refund.amountCents,
      `course-refund-${refundId}`,
    );
  } catch (error) {
    app.log.error({ err: error, refundId }, "Stripe course refund failed");
    throw httpError(502, CARD_REFUND_FAILED_MESSAGE);
  }
  const event = {
    ...by,
    action: "course-refund.refunded",
    subject,
    details: { stripeRefund, amountCents: refund.amountCents },
  };
  await auditedChange(app.db, event, (tx) =>
    recordRefunded(tx, refundId, payment.id, stripeRefund, by.actor),
  );
}

export async function rejectRefund(db: Db, refundId: number, reason: string, by: StaffAction): Promise<void> {
  const { refund } = await findRefund(db, refundId);
  if (refund.status !== "requested") throw httpError(409, `This refund request is already ${refund.status}.`);
  const event = {
    ...by,
    action: "course-refund.rejected",
    subject: `course refund ${refundId}`,
    details: { reason },
  };
  await auditedChange(db, event, (tx) => decideRequested(tx, refundId, "rejected", by.actor));
}

// Refund and dispute events about a card-paid course fee (a one-off payment intent of a course_payments row): the
// event only says "look again", so the charge, its refunds and the dispute are read from Stripe with no transaction
// open, then the course-fee rules (server/training/fee-card-changes.ts) apply them once per event id.
import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import { coursePayments } from "../db/schema";
import { enqueueEmails } from "../integrations/mail/outbox";
import { readSettings } from "../settings/settings";
import { applyCardFeeChange, type CardFeeChargeState } from "../training/fee-card-changes";
import { type ApplyDeps, type ApplyResult, recordEvent } from "./stripe-apply";

const idOf = (ref: string | { id: string } | null | undefined) =>
  typeof ref === "string" ? ref : (ref?.id ?? null);

/**
 * The state of a course fee's charge as Stripe has it now, or null when the charge paid for no course fee (a
 * subscription's invoice: stripe-charges.ts applies those). `read` is the charge read of the caller's.
 */
export async function readCourseFeeCharge(
  deps: ApplyDeps,
  event: Stripe.Event,
  charge: Stripe.Charge | null,
  read: <T>(call: Promise<T>) => Promise<T | null>,
): Promise<CardFeeChargeState | null> {
  const paymentIntentId = idOf(charge?.payment_intent);
  if (!charge || !paymentIntentId) return null;
  const [payment] = await deps.db
    .select({ id: coursePayments.id })
    .from(coursePayments)
    .where(eq(coursePayments.providerReference, paymentIntentId))
    .limit(1);
  if (!payment) return null;
  const object = event.data.object as { object?: string; id?: string };
  const [refunds, dispute] = await Promise.all([
    read(deps.stripe.client.refunds.list({ payment_intent: paymentIntentId, limit: 100 })),
    object.object === "dispute" && object.id
      ? read(deps.stripe.client.disputes.retrieve(object.id))
      : Promise.resolve(null),
  ]);
  return {
    paymentIntentId,
    refunds: (refunds?.data ?? []).map((refund) => ({
      id: refund.id,
      amountCents: refund.amount,
      status: refund.status,
      requestKey: refund.metadata?.refund ?? null,
    })),
    dispute: dispute ? { id: dispute.id, status: dispute.status, amountCents: dispute.amount } : null,
  };
}

export async function applyCourseFeeCharge(
  deps: ApplyDeps,
  event: Stripe.Event,
  state: CardFeeChargeState,
): Promise<ApplyResult> {
  const settings = await readSettings(deps.db);
  return deps.db.transaction(async (tx) => {
    if (!(await recordEvent(tx, event))) return "duplicate";
    const emails = await applyCardFeeChange(tx, state, {
      db: deps.db,
      settings,
      staffEmail: deps.staffEmail ?? null,
      publicUrl: deps.publicUrl,
    });
    await enqueueEmails(tx, emails);
    return "applied";
  });
}

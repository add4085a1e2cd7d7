// Refunds and disputes of card payments (course fees: card-fee-charges.ts). A refund in full takes back the period that payment bought; a dispute
// suspends it while it is open (or lost) and gives it back when it is won; staff are told either way. As with
// subscription events, the event only says "look again": the charge, the dispute and the invoice the charge paid
// are read from Stripe (with no transaction open), then applied in one transaction, once per event id.
import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import { stripeCharges } from "../db/schema";
import { enqueueEmails } from "../integrations/mail/outbox";
import { missingAtStripe, type StripeAdapter } from "../integrations/stripe";
import { withLease } from "../platform/job-lease";
import { audit } from "../staff/audit";
import { applyCourseFeeCharge, readCourseFeeCharge } from "./card-fee-charges";
import { type CardChange, cardChangeStaffNote } from "./emails";
import { refreshAccess } from "./entitlements";
import { type ApplyDeps, type ApplyResult, recordEvent, seenEvent } from "./stripe-apply";

export const CHARGE_EVENTS = new Set<string>([
  "charge.refunded",
  "charge.dispute.created",
  "charge.dispute.updated",
  "charge.dispute.closed",
]);

/** Dispute states in which the money is (or may stay) with the card holder: the access it bought is held back. */
const WITHHOLDING_DISPUTES = new Set<string>([
  "warning_needs_response",
  "warning_under_review",
  "needs_response",
  "under_review",
  "appeal_needs_response",
  "appeal_under_review",
  "lost",
]);

export function withholds(charge: { refunded: boolean }, disputeStatus: string | null): boolean {
  return charge.refunded || (disputeStatus !== null && WITHHOLDING_DISPUTES.has(disputeStatus));
}

interface ChargeRead {
  charge: Stripe.Charge;
  paymentIntentId: string;
  dispute: Stripe.Dispute | null;
  invoiceId: string;
  subscriptionId: string;
  email: string;
  period: { start: Date; end: Date };
}

type Db = ApplyDeps["db"];
type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

const idOf = (ref: string | { id: string } | null | undefined) =>
  typeof ref === "string" ? ref : (ref?.id ?? null);

export function chargeIdOf(event: Stripe.Event): string | null {
  const object = event.data.object as { object?: string; id?: string; charge?: string | { id: string } };
  if (object.object === "charge") return object.id ?? null;
  if (object.object === "dispute") return idOf(object.charge);
  return null;
}

export async function applyChargeEvent(deps: ApplyDeps, event: Stripe.Event): Promise<ApplyResult> {
  const chargeId = chargeIdOf(event);
  if (!chargeId) return "ignored";
  if (await seenEvent(deps.db, event.id)) return "duplicate";
  return withLease(deps.db, `stripe-charge:${chargeId}`, { ms: 90_000, pollMs: 50 }, async () => {
    // A course fee's charge (a one-off payment intent of ours) follows the course-fee rules instead.
    const charge = await missingAsNull(deps.stripe.client.charges.retrieve(chargeId));
    const courseFee = await readCourseFeeCharge(deps, event, charge, missingAsNull);
    if (courseFee) return applyCourseFeeCharge(deps, event, courseFee);
    const read = await readCharge(deps.stripe, event, chargeId);
    return deps.db.transaction((tx) => applyRead(deps, tx, event, read));
  });
}

/** Everything the event points at, as Stripe has it now; null when the charge did not pay for our portal. */
async function readCharge(
  stripe: StripeAdapter,
  event: Stripe.Event,
  chargeId: string,
): Promise<ChargeRead | null> {
  const object = event.data.object as { object?: string; id?: string };
  const [charge, dispute, priceId] = await Promise.all([
    missingAsNull(stripe.client.charges.retrieve(chargeId)),
    object.object === "dispute" && object.id
      ? missingAsNull(stripe.client.disputes.retrieve(object.id))
      : Promise.resolve(null),
    stripe.priceId(),
  ]);
  const paymentIntentId = idOf(charge?.payment_intent);
  if (!charge || !paymentIntentId) return null;
  const payments = await stripe.client.invoicePayments.list({
    payment: { type: "payment_intent", payment_intent: paymentIntentId },
    expand: ["data.invoice"],
    limit: 1,
  });
  const invoiceRef = payments.data[0]?.invoice;
  const invoice =
    typeof invoiceRef === "string"
      ? await missingAsNull(stripe.client.invoices.retrieve(invoiceRef))
      : invoiceRef && !invoiceRef.deleted
        ? invoiceRef
        : null;
  if (!invoice?.id) return null;
  const lines = invoice.lines?.data ?? [];
  const ours = lines.some((line) => idOf(line.pricing?.price_details?.price) === priceId);
  const subscriptionId = idOf(invoice.parent?.subscription_details?.subscription);
  const email = invoice.customer_email?.trim().toLowerCase();
  if (!ours || !subscriptionId || !email || lines.length === 0) return null;
  const period = {
    start: new Date(Math.min(...lines.map((line) => line.period.start)) * 1000),
    end: new Date(Math.max(...lines.map((line) => line.period.end)) * 1000),
  };
  return { charge, paymentIntentId, dispute, invoiceId: invoice.id, subscriptionId, email, period };
}

async function missingAsNull<T>(call: Promise<T>): Promise<T | null> {
  try {
    return await call;
  } catch (error) {
    if (await missingAtStripe(error)) return null;
    // Anything else is a 500, so Stripe delivers the event again later.
    throw new Error("could not read a charge from Stripe", { cause: error });
  }
}

async function applyRead(
  deps: ApplyDeps,
  tx: Tx,
  event: Stripe.Event,
  read: ChargeRead | null,
): Promise<ApplyResult> {
  if (!(await recordEvent(tx, event))) return "duplicate";
  if (!read) return "ignored";
  const { charge, dispute } = read;

  const [before] = await tx
    .select()
    .from(stripeCharges)
    .where(eq(stripeCharges.paymentIntentId, read.paymentIntentId))
    .limit(1);
  const disputeStatus = dispute?.status ?? before?.disputeStatus ?? null;
  const withheld = withholds(charge, disputeStatus);
  const values = {
    invoiceId: read.invoiceId,
    subscriptionId: read.subscriptionId,
    email: read.email,
    amountCents: charge.amount,
    periodStart: read.period.start,
    periodEnd: read.period.end,
    refundedCents: charge.amount_refunded,
    disputeId: dispute?.id ?? before?.disputeId ?? null,
    disputeStatus,
    withheld,
    updatedAt: new Date(),
  };
  await tx
    .insert(stripeCharges)
    .values({ paymentIntentId: read.paymentIntentId, ...values })
    .onConflictDoUpdate({ target: stripeCharges.paymentIntentId, set: values });
  const accessUntil = await refreshAccess(tx, read.email, "stripe");

  const change = describeChange(before ?? null, values);
  if (change) {
    await audit(tx, {
      actor: "stripe",
      action: change,
      subject: read.email,
      details: {
        invoice: read.invoiceId,
        charge: charge.id,
        amountCents: charge.amount,
        refundedCents: charge.amount_refunded,
        dispute: values.disputeId,
        disputeStatus,
        accessUntil: accessUntil?.toISOString() ?? null,
      },
    });
    if (deps.staffEmail) {
      await enqueueEmails(tx, [
        cardChangeStaffNote({
          to: deps.staffEmail,
          change,
          subscriber: read.email,
          amountCents: charge.amount,
          refundedCents: charge.amount_refunded,
          period: read.period,
          dispute: values.disputeId ? { id: values.disputeId, status: disputeStatus } : null,
          accessUntil,
        }),
      ]);
    }
  }
  return "applied";
}

interface ChargeState {
  refundedCents: number;
  disputeStatus: string | null;
  withheld: boolean;
}

/** What changed for staff in this event, if anything (cardChangeStaffNote words it). */
export function describeChange(
  before: ChargeState | null,
  after: ChargeState & { amountCents: number },
): CardChange | null {
  if (after.refundedCents > (before?.refundedCents ?? 0)) {
    return after.refundedCents >= after.amountCents ? "card.refunded" : "card.partially_refunded";
  }
  if (after.disputeStatus === (before?.disputeStatus ?? null)) return null;
  if (after.disputeStatus === "won") return "card.dispute_won";
  if (after.disputeStatus === "lost") return "card.dispute_lost";
  if (after.withheld && !before?.withheld) return "card.disputed";
  return null;
}

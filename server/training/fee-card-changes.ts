// Refunds and disputes of card-paid course fees, as Stripe reports them (server/payments/card-fee-charges.ts reads
// the charge, its refunds and the dispute, then calls this in the transaction that records the event).
// - A refund made at Stripe (its dashboard) is recorded against the payment, once per Stripe refund id; what the
//   place owes follows (paid is net of refunds). When nothing paid is left, the place is cancelled and its seat goes
//   to the waitlist (promoteWaitlist, as for any freed seat); the payer and staff are told. Otherwise staff are told.
// - Refunds the site made itself (a staff-approved request: fee-refund-decisions.ts) are recognised by Stripe's refund
//   id or the request key in its metadata, and never recorded twice.
// - A dispute flags the payment (and so the place) and tells staff; lost, its amount is recorded as a refund and
//   treated like one; won, the flag is cleared and staff told.
// - A place already over (cancelled, declined, lapsed) is left as it is.
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Settings } from "../../shared/settings";
import type { Db } from "../db/client";
import { coursePayments, courseRefunds, enrollments, type SeatState, seats } from "../db/schema";
import type { EmailMessage } from "../integrations/mail/mailer";
import { audit } from "../staff/audit";
import { type CardFeeChange, cardFeeReturnedEmail, cardFeeStaffNote } from "./fee-card-emails";
import { dueCentsOf, findPlace, paidTowards } from "./fee-dues";
import { lockIntake } from "./intakes";
import { promoteWaitlist } from "./seat-lifecycle";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** A refund of the charge as Stripe lists it. */
export interface ProviderRefund {
  id: string;
  amountCents: number;
  status: string | null;
  /** The refund request key the site put in its metadata when it made the refund ("course-refund-12"). */
  requestKey: string | null;
}

export interface CardFeeChargeState {
  paymentIntentId: string;
  refunds: ProviderRefund[];
  dispute: { id: string; status: string; amountCents: number } | null;
}

export interface CardFeeContext {
  db: Db;
  settings: Settings;
  staffEmail: string | null;
  publicUrl: string;
  now?: Date;
}

/** Dispute states in which the bank has not (yet) decided for us: the place stays flagged. */
const OPEN_DISPUTES = new Set([
  "warning_needs_response",
  "warning_under_review",
  "needs_response",
  "under_review",
  "appeal_needs_response",
  "appeal_under_review",
]);
export const disputeOpen = (status: string | null) => status !== null && OPEN_DISPUTES.has(status);

/** Refunds that take money back (a failed or cancelled one does not). */
const MONEY_BACK = new Set(["succeeded", "pending", "requires_action"]);
const ACTIVE: SeatState[] = ["held", "offered", "confirmed", "waitlisted"];

/** The site's own refunds of this payment: their Stripe ids and request ids. */
async function ownRefunds(tx: Tx, paymentId: number) {
  const rows = await tx
    .select({ id: courseRefunds.id, reference: courseRefunds.refundReference, origin: courseRefunds.origin })
    .from(courseRefunds)
    .where(eq(courseRefunds.paymentId, paymentId));
  const site = rows.filter((row) => row.origin === "site");
  return {
    ids: new Set(site.map((row) => `course-refund-${row.id}`)),
    references: new Set(rows.map((row) => row.reference).filter((reference) => reference !== null)),
  };
}

/** Records a refund made at the provider: the cents it added, 0 when it was recorded before. */
async function recordProviderRefund(
  tx: Tx,
  paymentId: number,
  reference: string,
  amountCents: number,
  reason: string,
  now: Date,
): Promise<number> {
  if (amountCents <= 0) return 0;
  const inserted = await tx
    .insert(courseRefunds)
    .values({
      paymentId,
      amountCents,
      reason,
      status: "refunded",
      origin: "provider",
      refundReference: reference,
      decidedBy: "stripe",
      decidedAt: now,
    })
    .onConflictDoNothing()
    .returning({ amountCents: courseRefunds.amountCents });
  return inserted[0]?.amountCents ?? 0;
}

/** Applies the charge's state to its course payment; answers the e-mails to queue (in the same transaction). */
export async function applyCardFeeChange(
  tx: Tx,
  state: CardFeeChargeState,
  ctx: CardFeeContext,
): Promise<EmailMessage[]> {
  const now = ctx.now ?? new Date();
  const [found] = await tx
    .select()
    .from(coursePayments)
    .where(eq(coursePayments.providerReference, state.paymentIntentId))
    .limit(1);
  if (!found) return [];
  // Seat changes take the intake's lock first, like every other change to a place.
  if (found.intakeId !== null) await lockIntake(tx, found.intakeId);
  const [payment] = await tx
    .select()
    .from(coursePayments)
    .where(eq(coursePayments.id, found.id))
    .for("update");
  if (!payment) return [];

  const own = await ownRefunds(tx, payment.id);
  let added = 0;
  for (const refund of state.refunds) {
    if (!refund.status || !MONEY_BACK.has(refund.status)) continue;
    if (own.references.has(refund.id) || (refund.requestKey && own.ids.has(refund.requestKey))) continue;
    added += await recordProviderRefund(
      tx,
      payment.id,
      refund.id,
      refund.amountCents,
      "Refunded in the Stripe dashboard",
      now,
    );
  }

  const before = payment.disputeStatus;
  const dispute = state.dispute;
  let disputeChange: CardFeeChange | null = null;
  if (dispute && dispute.status !== before) {
    await tx
      .update(coursePayments)
      .set({ disputeId: dispute.id, disputeStatus: dispute.status, updatedAt: now })
      .where(eq(coursePayments.id, payment.id));
    if (dispute.status === "lost") {
      const lost = await recordProviderRefund(
        tx,
        payment.id,
        dispute.id,
        Math.min(dispute.amountCents, payment.amountCents),
        "Dispute lost: the payer's bank took the payment back",
        now,
      );
      added += lost;
      disputeChange = "dispute-lost";
    } else if (dispute.status === "won") disputeChange = "dispute-won";
    else if (disputeOpen(dispute.status) && !disputeOpen(before)) disputeChange = "disputed";
  }
  if (added === 0 && disputeChange === null) return [];

  await markRefundedIfCovered(tx, payment.id, now);
  const refundedCents = await refundedOf(tx, payment.id);
  const place = payment.seatId !== null ? await findPlace(tx, payment.seatId) : null;
  const paid = place ? await paidTowards(tx, place.seat.id) : null;
  const nothingPaidLeft = paid !== null && paid.paidCents <= 0 && !paid.waived;
  const active = place !== null && ACTIVE.includes(place.seat.state);

  let placeCancelled = false;
  if (added > 0 && place && active && nothingPaidLeft) {
    await tx
      .update(seats)
      .set({ state: "cancelled", updatedAt: now })
      .where(and(eq(seats.id, place.seat.id), inArray(seats.state, ACTIVE)));
    if (place.seat.state !== "waitlisted") {
      await promoteWaitlist(tx, place.intake.id, ctx.settings, now, ctx.db);
    }
    placeCancelled = true;
  }

  const change: CardFeeChange =
    disputeChange ?? (refundedCents >= payment.amountCents ? "refunded" : "partially-refunded");
  await audit(tx, {
    actor: "stripe",
    action: `course-payment.${change}`,
    subject: place ? `seat ${place.seat.id}` : `course payment ${payment.reference}`,
    details: {
      payment: payment.reference,
      paymentIntent: state.paymentIntentId,
      addedRefundCents: added,
      refundedCents,
      dispute: dispute ? { id: dispute.id, status: dispute.status } : null,
      placeCancelled,
    },
  });

  const emails: EmailMessage[] = [];
  if (placeCancelled && place) {
    emails.push(
      cardFeeReturnedEmail({
        to: place.seat.email,
        firstName: await firstNameOf(tx, place.seat.enrollmentId),
        intake: place.intake,
        amountCents: payment.amountCents,
        reference: payment.reference,
        how: disputeChange === "dispute-lost" ? "dispute" : "refund",
      }),
    );
  }
  if (ctx.staffEmail) {
    emails.push(
      cardFeeStaffNote({
        to: ctx.staffEmail,
        change,
        payer: place?.seat.email ?? payment.email ?? "unknown payer",
        intake: place?.intake ?? null,
        seatId: place?.seat.id ?? null,
        reference: payment.reference,
        amountCents: payment.amountCents,
        refundedCents,
        dueCents: place && paid ? dueCentsOf(place.intake.feeCents, paid) : null,
        placeCancelled,
        placeEndedAs: place && !active ? place.seat.state : null,
        disputeId: dispute?.id ?? payment.disputeId,
        dashboardUrl: `${ctx.publicUrl}/admin`,
      }),
    );
  }
  return emails;
}

async function refundedOf(tx: Tx, paymentId: number): Promise<number> {
  const [row] = await tx
    .select({ cents: sql<number>`coalesce(sum(${courseRefunds.amountCents}), 0)::int` })
    .from(courseRefunds)
    .where(and(eq(courseRefunds.paymentId, paymentId), eq(courseRefunds.status, "refunded")));
  return Number(row?.cents ?? 0);
}

/** A payment refunded in full is marked so, as when staff refund it (fee-refund-decisions.ts). */
async function markRefundedIfCovered(tx: Tx, paymentId: number, now: Date) {
  const refunded = await refundedOf(tx, paymentId);
  await tx
    .update(coursePayments)
    .set({ status: "refunded", updatedAt: now })
    .where(
      and(
        eq(coursePayments.id, paymentId),
        eq(coursePayments.status, "paid"),
        sql`${coursePayments.amountCents} <= ${refunded}`,
      ),
    );
}

async function firstNameOf(tx: Tx, enrollmentId: number): Promise<string | null> {
  const [row] = await tx
    .select({ firstName: enrollments.firstName })
    .from(enrollments)
    .where(eq(enrollments.id, enrollmentId))
    .limit(1);
  return row?.firstName.trim() || null;
}

// Applying a provider's word about a course payment, exactly once: Stripe's webhook (after re-reading the payment
// intent) and the wallet's status check both land here. The event id is recorded in payment_events and the payment
// only moves while it is pending, in one transaction under the intake's lock, so a repeated or concurrent answer
// never confirms a place twice. Money that cannot buy a place (the place ended, the intake was cancelled, the place
// was already paid, or no place is known at all) is recorded and a refund is requested; it never grants a seat.
// The e-mails are handed back for the caller to queue once the transaction has committed.

import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { vatIncluded } from "../../shared/course-payment";
import { paymentTerms } from "../../shared/due-dates";
import { fijiToday } from "../../shared/fiji-time";
import { refundDeadlines, refundRuleText } from "../../shared/refund-rule";
import type { Settings } from "../../shared/settings";
import type { Db } from "../db/client";
import { coursePayments, paymentEvents, seats } from "../db/schema";
import type { EmailMessage } from "../integrations/mail/mailer";
import { paidText, queueBookingText } from "../sms/booking-texts";
import { findPlace, type IntakeRow, paidTowards, placeDues, type SeatRow } from "./fee-dues";
import { courseReceiptEmail, paymentNotPlacedEmail } from "./fee-emails";
import { requestRefund } from "./fee-refunds";
import { coursePaymentLink, type PayLinks } from "./fee-token";
import { lockIntake } from "./intakes";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

/** "CFP-" and 10 random base32 characters: 50 bits, so a reference cannot be guessed to read a payment's state. */
export function newCourseReference(): string {
  return `CFP-${Array.from(randomBytes(10), (byte) => BASE32[byte & 31]).join("")}`;
}

/** What every payment towards a place starts with: a new reference, the place, its application, intake and e-mail. */
export function placePaymentBase(place: { seat: SeatRow; intake: IntakeRow }) {
  return {
    reference: newCourseReference(),
    seatId: place.seat.id,
    enrollmentId: place.seat.enrollmentId,
    intakeId: place.intake.id,
    email: place.seat.email,
  };
}

export interface ProviderAnswer {
  provider: "stripe" | "mpaisa";
  /** payment_events id: once per provider event (or gateway request and outcome). */
  eventId: string;
  eventType: string;
  /** Ours, when the provider carries it back (Stripe's metadata, M-PAiSA's tID). */
  reference: string | null;
  providerReference: string;
  method: "card" | "mpaisa";
  paid: boolean;
  /** What the provider says was taken (paid), or null to keep what was asked. */
  amountCents: number | null;
  email: string | null;
  message?: string | null;
}

export type SettleOutcome =
  | "confirmed"
  | "paid"
  | "refund-requested"
  | "failed"
  | "duplicate"
  | "not-pending"
  | "ignored"
  | "recorded-unknown";

export interface SettleResult {
  outcome: SettleOutcome;
  emails: EmailMessage[];
}

export interface SettleContext {
  db: Db;
  settings: Settings;
  links: PayLinks;
}

export async function settleCoursePayment(
  ctx: SettleContext,
  answer: ProviderAnswer,
  now = new Date(),
): Promise<SettleResult> {
  return ctx.db.transaction(async (tx): Promise<SettleResult> => {
    const recorded = await tx
      .insert(paymentEvents)
      .values({ provider: answer.provider, eventId: answer.eventId, type: answer.eventType })
      .onConflictDoNothing()
      .returning({ eventId: paymentEvents.eventId });
    if (recorded.length === 0) return { outcome: "duplicate", emails: [] };

    const [payment] = await tx
      .select()
      .from(coursePayments)
      .where(
        answer.reference
          ? eq(coursePayments.reference, answer.reference)
          : eq(coursePayments.providerReference, answer.providerReference),
      )
      .limit(1);
    if (!payment) {
      if (!answer.paid || !answer.amountCents) return { outcome: "ignored", emails: [] };
      return recordStray(tx, answer);
    }
    // Locked before the payment moves, so the place's state read below cannot change underneath.
    const intake = payment.intakeId ? await lockIntake(tx, payment.intakeId) : undefined;
    const amountCents = answer.amountCents ?? payment.amountCents;
    const moved = await tx
      .update(coursePayments)
      .set({
        status: answer.paid ? "paid" : "failed",
        amountCents,
        vatCents: vatIncluded(amountCents, ctx.settings.vatPercent),
        providerReference: payment.providerReference ?? answer.providerReference,
        note: answer.paid ? payment.note : (answer.message ?? "The payment did not go through."),
        paidAt: answer.paid ? now : null,
        updatedAt: now,
      })
      .where(and(eq(coursePayments.id, payment.id), eq(coursePayments.status, "pending")))
      .returning();
    const settled = moved[0];
    if (!settled) return { outcome: "not-pending", emails: [] };
    if (!answer.paid) return { outcome: "failed", emails: [] };
    return placePayment(ctx, tx, settled, intake ?? null, now);
  });
}

type PaymentRow = typeof coursePayments.$inferSelect;

/** A payment the provider took for no payment we know of: kept, and its refund asked for. */
async function recordStray(tx: Tx, answer: ProviderAnswer): Promise<SettleResult> {
  const amountCents = answer.amountCents ?? 0;
  const [row] = await tx
    .insert(coursePayments)
    .values({
      reference: newCourseReference(),
      email: answer.email,
      kind: "full",
      method: answer.method,
      amountCents,
      status: "paid",
      providerReference: answer.providerReference,
      note: "Paid for no known application",
      paidAt: new Date(),
    })
    .onConflictDoNothing()
    .returning();
  if (!row) return { outcome: "not-pending", emails: [] };
  await requestRefund(tx, row.id, amountCents, "Paid for no known application");
  const emails = row.email
    ? [paymentNotPlacedEmail({ email: row.email, firstName: null }, null, amountCents, row.reference)]
    : [];
  return { outcome: "recorded-unknown", emails };
}

/** A paid payment confirms its offered place, adds to a confirmed one, or is refunded (in part or whole). */
async function placePayment(
  ctx: SettleContext,
  tx: Tx,
  payment: PaymentRow,
  intake: Awaited<ReturnType<typeof lockIntake>> | null,
  now: Date,
): Promise<SettleResult> {
  const place = payment.seatId ? await findPlace(tx, payment.seatId) : null;
  const usable =
    place && intake && intake.status !== "cancelled" && ["offered", "confirmed"].includes(place.seat.state);
  if (!place || !usable) {
    const why = place ? `Paid after the place was ${place.seat.state}` : "Paid for no known application";
    await requestRefund(
      tx,
      payment.id,
      payment.amountCents,
      intake?.status === "cancelled" ? "Paid for a cancelled intake" : why,
    );
    const to = payment.email;
    const firstName = place?.firstName ?? null;
    const emails = to
      ? [
          paymentNotPlacedEmail(
            { email: to, firstName },
            intake ?? null,
            payment.amountCents,
            payment.reference,
          ),
        ]
      : [];
    return { outcome: "refund-requested", emails };
  }

  const paid = await paidTowards(tx, place.seat.id);
  const before = paid.paidCents - payment.amountCents;
  // What goes beyond the fee (a second full payment, a second tab, a balance paid twice) is refunded.
  const excess = paid.waived
    ? payment.amountCents
    : Math.max(before + payment.amountCents - intake.feeCents, 0);
  let outcome: SettleOutcome = "paid";
  // A place is confirmed by the deposit (or the fee, when the offer asks the full fee) at least: a wallet reporting
  // less than was asked leaves the offer open with the money counted towards it.
  const terms = paymentTerms(intake, place.seat.offerExpiresAt, ctx.settings.balanceDueDaysBeforeStart);
  const confirming =
    paid.paidCents >= (terms.depositAllowed && intake.depositCents ? intake.depositCents : intake.feeCents);
  if (place.seat.state === "offered" && confirming) {
    await tx
      .update(seats)
      .set({ state: "confirmed", updatedAt: now })
      .where(and(eq(seats.id, place.seat.id), eq(seats.state, "offered")));
    outcome = "confirmed";
  }
  if (excess > 0) {
    await requestRefund(tx, payment.id, excess, "Paid twice: more than the course fee was received");
    if (outcome !== "confirmed") outcome = "refund-requested";
  }
  const state = outcome === "confirmed" ? "confirmed" : place.seat.state;
  const after = placeDues({ seat: { ...place.seat, state }, intake }, paid, ctx.settings, now);
  const emails: EmailMessage[] = [];
  const to = payment.email ?? place.seat.email;
  if (excess >= payment.amountCents) {
    emails.push(
      paymentNotPlacedEmail(
        { email: to, firstName: place.firstName },
        intake ?? null,
        payment.amountCents,
        payment.reference,
      ),
    );
  } else {
    // The text goes in this transaction, with the decision; the receipt e-mail is queued by the caller after it.
    await queueBookingText(
      tx,
      ctx.db,
      place.seat.enrollmentId,
      (texts, to) =>
        paidText(
          tx,
          texts,
          to,
          {
            ...intake,
            amountCents: payment.amountCents,
            confirmed: state === "confirmed",
            dueCents: after.dueCents,
            balanceDueDate: after.dueCents > 0 ? after.balanceDueDate : null,
          },
          now,
        ),
      now,
    );
    emails.push(
      courseReceiptEmail({
        to,
        firstName: place.firstName,
        intake,
        reference: payment.reference,
        method: payment.method,
        receiptNumber: payment.receiptNumber,
        amountCents: payment.amountCents,
        vatCents: payment.vatCents,
        vatPercent: ctx.settings.vatPercent,
        dueCents: after.dueCents,
        balanceDueDate: after.dueCents > 0 ? after.balanceDueDate : null,
        payUrl: after.dueCents > 0 ? coursePaymentLink(ctx.links, place.seat.id) : null,
        confirmed: state === "confirmed",
        fullFeeDue: after.fullFeeDue,
        refundRule: refundRuleText(refundDeadlines(intake.startDate, ctx.settings), fijiToday(now)),
        calendar: {
          seatId: place.seat.id,
          sequence: place.seat.calendarSequence,
          publicUrl: ctx.links.publicUrl,
        },
      }),
    );
  }
  return { outcome, emails };
}

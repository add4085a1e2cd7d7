// Staff's course-fee overrides: a bank transfer or cash payment recorded with its receipt number, and a place
// confirmed without payment (the reason goes to the audit log). Each is one audited transaction under the intake's
// lock; the receipt e-mail is queued after it commits. Also the lists staff read: a place's payments and refunds.

import { asc, desc, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { vatIncluded } from "../../shared/course-payment";
import { fijiToday } from "../../shared/fiji-time";
import { refundDeadlines, refundRuleText } from "../../shared/refund-rule";
import type { Db } from "../db/client";
import { coursePayments, courseRefunds, type SeatState, seats } from "../db/schema";
import type { EmailMessage } from "../integrations/mail/mailer";
import { enqueueEmails } from "../integrations/mail/outbox";
import { httpError } from "../plugins/errors";
import { readSettings } from "../settings/settings";
import { paidText, queueBookingText } from "../sms/booking-texts";
import { auditedChange } from "../staff/audit";
import { findPlace, paidTowards, placeDues } from "./fee-dues";
import { courseReceiptEmail, placeConfirmedEmail } from "./fee-emails";
import { requestRefund } from "./fee-refunds";
import { placePaymentBase } from "./fee-settle";
import { coursePaymentLink } from "./fee-token";
import { lockIntake } from "./intakes";

type StaffAction = { actor: string; ip: string };
type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** Places staff may record money for or confirm: a hold, an offer (even past its deadline) or a confirmed place; a place that ended gave its seat away, so confirming it could oversell the class. */
const OVERRIDABLE: SeatState[] = ["held", "offered", "confirmed"];

async function lockedPlace(tx: Tx, seatId: number) {
  const found = await findPlace(tx, seatId);
  if (!found) throw httpError(404, "Place not found.");
  await lockIntake(tx, found.intake.id);
  const place = await findPlace(tx, seatId);
  if (!place) throw httpError(404, "Place not found.");
  if (!OVERRIDABLE.includes(place.seat.state) || place.intake.status === "cancelled") {
    throw httpError(
      409,
      `This place is ${place.seat.state}: record or confirm on a place that is held, offered or confirmed.`,
    );
  }
  return place;
}

async function confirmSeat(tx: Tx, seatId: number, state: SeatState) {
  if (state === "confirmed") return;
  await tx.update(seats).set({ state: "confirmed", updatedAt: new Date() }).where(eq(seats.id, seatId));
}

export async function recordManualPayment(
  app: FastifyInstance,
  seatId: number,
  input: { method: "bank" | "cash"; amountCents: number; receiptNumber: string },
  by: StaffAction,
): Promise<void> {
  const settings = await readSettings(app.db);
  const links = { publicUrl: app.env.PUBLIC_URL, key: app.payLinkKey };
  const event = {
    ...by,
    action: "course-payment.recorded",
    subject: `seat ${seatId}`,
    details: { ...input },
  };
  const emails = await auditedChange(app.db, event, async (tx): Promise<EmailMessage[]> => {
    const place = await lockedPlace(tx, seatId);
    const vatCents = vatIncluded(input.amountCents, settings.vatPercent);
    const [row] = await tx
      .insert(coursePayments)
      .values({
        ...placePaymentBase(place),
        kind: input.method,
        method: input.method,
        amountCents: input.amountCents,
        vatCents,
        status: "paid",
        receiptNumber: input.receiptNumber,
        recordedBy: by.actor,
        paidAt: new Date(),
      })
      .returning();
    if (!row) throw new Error("course payment insert returned nothing");
    await confirmSeat(tx, seatId, place.seat.state);
    const paid = await paidTowards(tx, seatId);
    const excess = Math.max(paid.paidCents - place.intake.feeCents, 0);
    if (excess > 0)
      await requestRefund(
        tx,
        row.id,
        Math.min(excess, row.amountCents),
        "More than the course fee was received",
      );
    const after = placeDues({ ...place, seat: { ...place.seat, state: "confirmed" } }, paid, settings);
    await queueBookingText(tx, app.db, place.seat.enrollmentId, (texts, to) =>
      paidText(tx, texts, to, {
        ...place.intake,
        amountCents: row.amountCents,
        confirmed: true,
        dueCents: after.dueCents,
        balanceDueDate: after.dueCents > 0 ? after.balanceDueDate : null,
      }),
    );
    return [
      courseReceiptEmail({
        to: place.seat.email,
        firstName: place.firstName,
        intake: place.intake,
        reference: row.reference,
        method: row.method,
        receiptNumber: row.receiptNumber,
        amountCents: row.amountCents,
        vatCents,
        vatPercent: settings.vatPercent,
        dueCents: after.dueCents,
        balanceDueDate: after.dueCents > 0 ? after.balanceDueDate : null,
        payUrl: after.dueCents > 0 ? coursePaymentLink(links, seatId) : null,
        refundRule: refundRuleText(refundDeadlines(place.intake.startDate, settings), fijiToday()),
        calendar: { seatId, sequence: place.seat.calendarSequence, publicUrl: links.publicUrl },
      }),
    ];
  });
  await enqueueEmails(app.db, emails);
  app.outbox.kick();
}

/** Confirms a place without payment: a "waived" payment of nothing keeps the reason, and the place owes nothing. */
export async function confirmWithoutPayment(
  app: FastifyInstance,
  seatId: number,
  reason: string,
  by: StaffAction,
): Promise<void> {
  const event = {
    ...by,
    action: "place.confirmed-without-payment",
    subject: `seat ${seatId}`,
    details: { reason },
  };
  await auditedChange(app.db, event, async (tx) => {
    const place = await lockedPlace(tx, seatId);
    await tx.insert(coursePayments).values({
      ...placePaymentBase(place),
      kind: "waived",
      method: "none",
      amountCents: 0,
      status: "paid",
      recordedBy: by.actor,
      note: reason,
      paidAt: new Date(),
    });
    await confirmSeat(tx, seatId, place.seat.state);
    // Queued with the confirmation itself: the trainee hears of it exactly when it happened.
    await enqueueEmails(tx, [
      placeConfirmedEmail({ email: place.seat.email, firstName: place.firstName }, place.intake, {
        seatId,
        sequence: place.seat.calendarSequence,
        publicUrl: app.env.PUBLIC_URL,
      }),
    ]);
    return true;
  });
  app.outbox.kick();
}

export const refundColumns = {
  id: courseRefunds.id,
  paymentId: courseRefunds.paymentId,
  amountCents: courseRefunds.amountCents,
  reason: courseRefunds.reason,
  status: courseRefunds.status,
  refundReference: courseRefunds.refundReference,
  origin: courseRefunds.origin,
  decidedBy: courseRefunds.decidedBy,
  decidedAt: courseRefunds.decidedAt,
  createdAt: courseRefunds.createdAt,
  method: coursePayments.method,
  email: coursePayments.email,
  seatId: coursePayments.seatId,
};

/** A place's payments and refunds, and what it has paid and owes. */
export async function placePayments(db: Db, seatId: number) {
  const place = await findPlace(db, seatId);
  if (!place) throw httpError(404, "Place not found.");
  const [payments, refunds, paid] = await Promise.all([
    db.select().from(coursePayments).where(eq(coursePayments.seatId, seatId)).orderBy(asc(coursePayments.id)),
    db
      .select(refundColumns)
      .from(courseRefunds)
      .innerJoin(coursePayments, eq(coursePayments.id, courseRefunds.paymentId))
      .where(eq(coursePayments.seatId, seatId))
      .orderBy(asc(courseRefunds.id)),
    paidTowards(db, seatId),
  ]);
  const dues = placeDues(place, paid, await readSettings(db));
  return { paidCents: dues.paidCents, dueCents: dues.dueCents, payments, refunds };
}

/** Refund requests, newest first, optionally of one status. */
export function listRefunds(db: Db, status?: (typeof courseRefunds.$inferSelect)["status"]) {
  return db
    .select(refundColumns)
    .from(courseRefunds)
    .innerJoin(coursePayments, eq(coursePayments.id, courseRefunds.paymentId))
    .where(status ? eq(courseRefunds.status, status) : undefined)
    .orderBy(desc(courseRefunds.id))
    .limit(200);
}

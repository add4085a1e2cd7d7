// Refund requests and the refund rules. A cancellation after paying refunds all of it at least fullRefundDaysBefore
// the start, partialRefundPercent of it at least partialRefundDaysBefore, and nothing later (everything when the
// intake itself was cancelled); the refund is asked of the place's payments, newest first. Staff approve or reject
// each request (fee-refund-decisions.ts). cancelPlaceWithRefund is what the applicant's cancel route calls, and
// refundPreview what it shows before the person confirms.
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { fijiToday } from "../../shared/fiji-time";
import { type RefundRule, refundRuleOn } from "../../shared/refund-rule";
import type { Settings } from "../../shared/settings";
import type { Db } from "../db/client";
import { coursePayments, courseRefunds, type SeatState, seats } from "../db/schema";
import { audit } from "../staff/audit";
import { findPlace, paidTowards } from "./fee-dues";
import { lockIntake } from "./intakes";
import { promoteWaitlist } from "./seat-lifecycle";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
type Executor = Pick<Db, "select" | "insert">;

/** Asks for a refund of a payment (once: a live request for it already there is kept). Answers the new id, if any. */
export async function requestRefund(
  tx: Executor,
  paymentId: number,
  amountCents: number,
  reason: string,
): Promise<number | null> {
  if (amountCents <= 0) return null;
  const [row] = await tx
    .insert(courseRefunds)
    .values({ paymentId, amountCents, reason: reason.slice(0, 500) })
    .onConflictDoNothing()
    .returning({ id: courseRefunds.id });
  return row?.id ?? null;
}

export type { RefundRule };

/** What the refund rules (shared/refund-rule.ts, as the pay page states them) give back of `paidCents` now. */
export function refundFor(
  startDate: string,
  paidCents: number,
  settings: Settings,
  now = new Date(),
  intakeCancelled = false,
): { rule: RefundRule; percent: number; refundCents: number } {
  const { rule, percent } = refundRuleOn(startDate, fijiToday(now), settings, intakeCancelled);
  return { rule, percent, refundCents: Math.round((paidCents * percent) / 100) };
}

export interface RefundPreview {
  paidCents: number;
  refundCents: number;
  rule: RefundRule;
  percent: number;
}

/** What cancelling the place now would refund, shown before the applicant confirms; null for an unknown place. */
export async function refundPreview(
  db: Pick<Db, "select">,
  seatId: number,
  settings: Settings,
  now = new Date(),
): Promise<RefundPreview | null> {
  const place = await findPlace(db, seatId);
  if (!place) return null;
  const { paidCents } = await paidTowards(db, seatId);
  const cancelled = place.intake.status === "cancelled";
  return { paidCents, ...refundFor(place.intake.startDate, paidCents, settings, now, cancelled) };
}

/** Spreads a refund over a place's paid payments, newest first, each up to what it has left after refunds. */
async function requestRefundsFor(tx: Tx, seatId: number, refundCents: number, reason: string) {
  const payments = await tx
    .select({
      id: coursePayments.id,
      // Raw names: in a single-table select Drizzle leaves columns unqualified, and the subquery's own "id" would win.
      left: sql<number>`("course_payments"."amount_cents" - coalesce((select sum(cr.amount_cents)
        from course_refunds cr where cr.payment_id = "course_payments"."id"
        and cr.status in ('requested', 'approved', 'refunded')), 0))::int`,
    })
    .from(coursePayments)
    .where(and(eq(coursePayments.seatId, seatId), eq(coursePayments.status, "paid")))
    .orderBy(desc(coursePayments.id));
  const ids: number[] = [];
  let rest = refundCents;
  for (const payment of payments) {
    if (rest <= 0) break;
    const amount = Math.min(rest, Number(payment.left));
    const id = await requestRefund(tx, payment.id, amount, reason);
    if (id !== null) {
      ids.push(id);
      rest -= amount;
    }
  }
  return ids;
}

const CANCELLABLE: SeatState[] = ["held", "offered", "confirmed", "waitlisted"];

export type CancelWithRefund =
  | { outcome: "cancelled"; paidCents: number; refundCents: number; rule: RefundRule; refundIds: number[] }
  | { outcome: "unknown" }
  | { outcome: "not-now"; state: SeatState };

/**
 * Cancels a place (the applicant's own choice, or staff's on their behalf) and asks for the refund the rules give
 * of what was paid; a seat it took goes to the waitlist. `by` is written to the audit log.
 */
export function cancelPlaceWithRefund(
  db: Db,
  seatId: number,
  settings: Settings,
  by: { actor: string; ip?: string },
  now = new Date(),
): Promise<CancelWithRefund> {
  return db.transaction(async (tx): Promise<CancelWithRefund> => {
    const [found] = await tx.select({ intakeId: seats.intakeId }).from(seats).where(eq(seats.id, seatId));
    if (!found) return { outcome: "unknown" };
    const intake = await lockIntake(tx, found.intakeId);
    const [seat] = await tx.select().from(seats).where(eq(seats.id, seatId)).limit(1);
    if (!intake || !seat) return { outcome: "unknown" };
    if (!CANCELLABLE.includes(seat.state)) return { outcome: "not-now", state: seat.state };
    await tx
      .update(seats)
      .set({ state: "cancelled", updatedAt: now })
      .where(and(eq(seats.id, seatId), inArray(seats.state, CANCELLABLE)));
    const { paidCents } = await paidTowards(tx, seatId);
    const refund = refundFor(intake.startDate, paidCents, settings, now, intake.status === "cancelled");
    const reason =
      refund.rule === "partial"
        ? `Place cancelled ${settings.partialRefundDaysBefore}+ days before the start: ${refund.percent}% refund`
        : "Place cancelled: full refund";
    const refundIds = await requestRefundsFor(tx, seatId, refund.refundCents, reason);
    await audit(tx, {
      actor: by.actor,
      ip: by.ip,
      action: "place.cancelled",
      subject: `seat ${seatId}`,
      details: { paidCents, refundCents: refund.refundCents, rule: refund.rule },
    });
    if (seat.state !== "waitlisted") await promoteWaitlist(tx, intake.id, settings, now, db);
    return { outcome: "cancelled", paidCents, ...refund, refundIds };
  });
}

// What a place owes: the intake's fee (VAT included, its share shown apart), an optional deposit, what has been paid
// (net of refunds made) and, when a deposit leaves a balance, the day it is due (shared/due-dates.ts). And what the
// payer may pay now: the full fee or, when the course is far enough away, the deposit while the offer stands; the
// balance once the place is confirmed.
import { eq, sql } from "drizzle-orm";
import { COURSES } from "../../shared/constants";
import {
  OFFER_EXPIRED_MESSAGE,
  type PayOption,
  PLACE_NOT_PAYABLE_MESSAGE,
  vatIncluded,
} from "../../shared/course-payment";
import { paymentTerms } from "../../shared/due-dates";
import type { Settings } from "../../shared/settings";
import type { Db } from "../db/client";
import { enrollments, intakes, seats } from "../db/schema";
import { seatPaidCents, seatWaived } from "./fee-revenue";

type Reader = Pick<Db, "select">;
export type SeatRow = typeof seats.$inferSelect;
export type IntakeRow = typeof intakes.$inferSelect;

export const INTAKE_CANCELLED_MESSAGE =
  "This intake has been cancelled, so there is nothing to pay. We will refund anything you paid or move it with you.";
export const FULLY_PAID_MESSAGE = "Your place is confirmed and fully paid. See you on the course!";

/** A place and its intake, or null. */
export async function findPlace(db: Reader, seatId: number) {
  const [row] = await db
    .select({ seat: seats, intake: intakes, firstName: enrollments.firstName })
    .from(seats)
    .innerJoin(intakes, eq(intakes.id, seats.intakeId))
    .innerJoin(enrollments, eq(enrollments.id, seats.enrollmentId))
    .where(eq(seats.id, seatId))
    .limit(1);
  return row ?? null;
}

/** What the outer query's place has paid, as columns: net cents, and whether staff confirmed it without payment. */
export const placePaid = {
  paidCents: sql<number>`${seatPaidCents}::int`,
  waived: seatWaived,
};

/** What a place still owes of its fee: nothing once paid in full or confirmed without payment. */
export function dueCentsOf(feeCents: number, paid: { paidCents: number; waived: boolean }): number {
  return paid.waived ? 0 : Math.max(feeCents - paid.paidCents, 0);
}

/** Net cents paid towards a place, and whether staff confirmed it without payment. */
export async function paidTowards(
  db: Reader,
  seatId: number,
): Promise<{ paidCents: number; waived: boolean }> {
  const [row] = await db.select(placePaid).from(seats).where(eq(seats.id, seatId)).limit(1);
  return { paidCents: Number(row?.paidCents ?? 0), waived: Boolean(row?.waived) };
}

export interface PlaceDues {
  feeCents: number;
  depositCents: number | null;
  vatPercent: number;
  paidCents: number;
  dueCents: number;
  /** The day a deposit's balance is due; null without a deposit, and for an offer that asks the full fee. */
  balanceDueDate: string | null;
  /** The intake takes a deposit, but this offer asks the full fee: its balance would fall due on or after the start. */
  fullFeeDue: boolean;
  offerExpired: boolean;
  options: PayOption[];
  /** Why nothing can be paid now, for the payer. */
  message: string | null;
}

const option = (kind: PayOption["kind"], amountCents: number, vatPercent: number): PayOption => ({
  kind,
  amountCents,
  vatCents: vatIncluded(amountCents, vatPercent),
});

/** Whether an offer's deadline has passed (an offer that lapsed has passed it too). */
export function offerHasExpired(seat: SeatRow, now: Date): boolean {
  if (seat.state === "lapsed") return seat.offerExpiresAt !== null;
  return seat.state === "offered" && seat.offerExpiresAt !== null && seat.offerExpiresAt <= now;
}

export function placeDues(
  place: { seat: SeatRow; intake: IntakeRow },
  paid: { paidCents: number; waived: boolean },
  settings: Settings,
  now = new Date(),
): PlaceDues {
  const { seat, intake } = place;
  const vatPercent = settings.vatPercent;
  const dueCents = dueCentsOf(intake.feeCents, paid);
  const terms = paymentTerms(intake, seat.offerExpiresAt, settings.balanceDueDaysBeforeStart);
  const fullFeeDue = seat.state === "offered" && intake.depositCents !== null && !terms.depositAllowed;
  const base = {
    feeCents: intake.feeCents,
    depositCents: intake.depositCents,
    vatPercent,
    paidCents: paid.paidCents,
    dueCents,
    balanceDueDate: fullFeeDue ? null : terms.balanceDueDate,
    fullFeeDue,
    offerExpired: offerHasExpired(seat, now),
  };
  const none = (message: string) => ({ ...base, options: [], message });
  if (intake.status === "cancelled") return none(INTAKE_CANCELLED_MESSAGE);
  if (base.offerExpired) return none(OFFER_EXPIRED_MESSAGE);
  if (seat.state === "offered") {
    const options = [option("full", dueCents, vatPercent)];
    if (intake.depositCents && terms.depositAllowed && paid.paidCents < intake.depositCents) {
      options.push(option("deposit", intake.depositCents - paid.paidCents, vatPercent));
    }
    return { ...base, options, message: null };
  }
  if (seat.state === "confirmed") {
    if (dueCents === 0) return none(FULLY_PAID_MESSAGE);
    return { ...base, options: [option("balance", dueCents, vatPercent)], message: null };
  }
  return none(PLACE_NOT_PAYABLE_MESSAGE);
}

/** "Basic RPAS Pilot course fee, 2 March 2026 (deposit)": what a payment is for, on the card statement. */
export function paymentDescription(intake: IntakeRow, kind: string): string {
  return `${COURSES[intake.courseType].title} course fee, ${intake.startDate} (${kind})`;
}

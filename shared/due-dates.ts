// When an offered place must be paid, and when a deposit's balance falls due (docs/product.md, "Due dates"). One
// set of rules for the server's offers, pay page data, receipts and reminders, and the words the pages and e-mails
// use when an offer asks the full fee:
// - an offer's pay-by is the earlier of now + the offer time and 23:59 Fiji time on the day before the course starts,
//   so nobody is asked to pay after their course has begun; once that moment has passed no offer is made at all;
// - a deposit's balance is due on the later of (start - the balance lead time) and the offer's pay-by, so it is never
//   due before the offer itself;
// - when that day is not before the start, or is no later than the offer's own pay-by day (a balance due the same day
//   as the deposit would hold nothing), the offer asks the full fee: a deposit is not offered.
// Fiji has kept daylight saving time in past summers, so "23:59 Fiji time" comes from the time-zone database
// (shared/fiji-time.ts), never from a fixed +12. Pure functions of their arguments: the caller passes `now`.
import { addDays } from "./calendar-dates";
import { endOfFijiDay, fijiDateAndTime } from "./fiji-time";

const DAY_MS = 24 * 60 * 60 * 1000;

/** The last moment a place can be paid for its course: 23:59 (Fiji time) on the day before `startDate`. */
export function lastPayMoment(startDate: string): Date {
  const end = endOfFijiDay(addDays(startDate, -1));
  if (!end) throw new Error(`Not a calendar date: ${startDate}`);
  return end;
}

/**
 * An offer's deadline in an intake starting on `startDate`: `payBy`, brought forward to the intake's last pay moment
 * when later. Null when that moment has passed (the course starts today or has started): no offer can be paid in
 * time, so none is made. Never earlier than `now` otherwise.
 */
export function offerDeadlineIn(startDate: string, payBy: Date, now: Date): Date | null {
  const last = lastPayMoment(startDate);
  if (last.getTime() <= now.getTime()) return null;
  return payBy.getTime() < last.getTime() ? payBy : last;
}

/** The pay-by of an offer made at `now` that waits `offerDays` (the offer time, or the waitlist offer time). */
export function offerPayBy(startDate: string, offerDays: number, now: Date): Date | null {
  return offerDeadlineIn(startDate, new Date(now.getTime() + offerDays * DAY_MS), now);
}

/**
 * The day (Fiji date) a deposit's balance is due: `leadDays` before the start, or the offer's pay-by day when that is
 * later. A place confirmed without an offer (staff confirmed a hold) has no pay-by: the lead time alone decides.
 */
export function balanceDueDate(startDate: string, leadDays: number, payBy: Date | null): string {
  const byLead = addDays(startDate, -leadDays);
  const payByDay = payBy ? fijiDateAndTime(payBy).date : null;
  return payByDay && payByDay > byLead ? payByDay : byLead;
}

export interface PaymentTerms {
  /** The day the balance is due after a deposit (a Fiji date); null when the intake takes no deposit. */
  balanceDueDate: string | null;
  /** Whether a deposit confirms the offer; false means the full fee is due by the offer's pay-by. */
  depositAllowed: boolean;
}

/** What an intake's offer asks, given the offer's pay-by and the balance lead time (days before the start). */
export function paymentTerms(
  intake: { startDate: string; depositCents: number | null },
  payBy: Date | null,
  leadDays: number,
): PaymentTerms {
  if (!intake.depositCents) return { balanceDueDate: null, depositAllowed: false };
  const due = balanceDueDate(intake.startDate, leadDays, payBy);
  const payByDay = payBy ? fijiDateAndTime(payBy).date : null;
  return {
    balanceDueDate: due,
    depositAllowed: due < intake.startDate && (payByDay === null || due > payByDay),
  };
}

/**
 * Why an offer asks the full fee although its intake takes a deposit: said on the pay page, /my-training and the
 * offer e-mail. `deadline` is the offer's pay-by as the reader's page writes it.
 */
export const fullFeeDueNote = (deadline: string) =>
  `The course starts soon, so the full fee is due by ${deadline} (Fiji time): a deposit cannot hold this place.`;

// The course-fee refund rule (docs/product.md, "Refunds"), one place for the server that decides a refund
// (server/training/fee-refunds.ts), the pay page that states it before paying and the receipt: cancelling at least
// fullRefundDaysBefore days before the start refunds everything, at least partialRefundDaysBefore days before
// refunds partialRefundPercent, later nothing; an intake we cancel refunds everything. Days are Fiji calendar days.
import { addDays, daysBetween, formatCalendarDate } from "./calendar-dates";

/** The three numbers staff set in Settings. */
export interface RefundTerms {
  fullRefundDaysBefore: number;
  partialRefundDaysBefore: number;
  partialRefundPercent: number;
}

export type RefundRule = "full" | "partial" | "none";

/** What cancelling on the Fiji day `today` refunds of a course starting on `startDate`. */
export function refundRuleOn(
  startDate: string,
  today: string,
  terms: RefundTerms,
  intakeCancelled = false,
): { rule: RefundRule; percent: number } {
  const days = daysBetween(today, startDate);
  if (intakeCancelled || days >= terms.fullRefundDaysBefore) return { rule: "full", percent: 100 };
  if (days >= terms.partialRefundDaysBefore) return { rule: "partial", percent: terms.partialRefundPercent };
  return { rule: "none", percent: 0 };
}

/** The rule for one intake as dates: the last day of a full refund, and of a part refund (null when there is none). */
export interface RefundDeadlines {
  fullUntil: string;
  partialUntil: string | null;
  partialPercent: number;
}

export function refundDeadlines(startDate: string, terms: RefundTerms): RefundDeadlines {
  const partial =
    terms.partialRefundPercent > 0 && terms.partialRefundDaysBefore < terms.fullRefundDaysBefore
      ? addDays(startDate, -terms.partialRefundDaysBefore)
      : null;
  return {
    fullUntil: addDays(startDate, -terms.fullRefundDaysBefore),
    partialUntil: partial,
    partialPercent: terms.partialRefundPercent,
  };
}

/**
 * The rule in words, for someone about to pay (or who just paid) on the Fiji day `today`, e.g. "Cancel by
 * 12 January 2027 for a full refund, or by 19 January 2027 for a 50% refund; no refund after that." Days already
 * gone are said to be gone, so a late payer reads before paying that cancelling now refunds only part or nothing.
 */
export function refundRuleText(rule: RefundDeadlines, today: string): string {
  const full = formatCalendarDate(rule.fullUntil);
  const partial = rule.partialUntil ? formatCalendarDate(rule.partialUntil) : null;
  const ending = "If we cancel the course, you get everything back.";
  if (today <= rule.fullUntil) {
    return partial
      ? `Cancel by ${full} for a full refund, or by ${partial} for a ${rule.partialPercent}% refund; no refund after that. ${ending}`
      : `Cancel by ${full} for a full refund; no refund after that. ${ending}`;
  }
  if (partial && rule.partialUntil && today <= rule.partialUntil) {
    return `The last day for a full refund was ${full}: cancelling by ${partial} refunds ${rule.partialPercent}% of what you paid, and there is no refund after that. ${ending}`;
  }
  return `The last day to cancel for a refund was ${partial ?? full}: if you cancel now, nothing is refunded. ${ending}`;
}

// When a text may go (issue 34 point 6). A phone buzzes in the pocket or by the bed, so texts go only between 08:00
// and 20:00 in Fiji, where the business and most applicants are; one decided at night waits for 08:00. Fiji has had
// summer time (UTC+13) and may again, so the hours come from the zone database through shared/fiji-time, never a
// fixed +12. A text never moves a deadline: if waiting for 08:00 would leave less than 2 hours before the deadline it
// is about, the text is dropped (the e-mail has already said it) rather than sent as a useless or panicking reminder.
// In the day a text goes at once, however near its deadline (an hour's warning still helps), unless it has passed. A text
// that answers the person's own action a moment ago (the number's code, seat held) is expected at once, so it goes
// whatever the hour and whatever its deadline.
import { TZDate } from "@date-fns/tz";
import { addDays } from "../../shared/calendar-dates";
import { FIJI_TIME_ZONE, fijiDateAndTime } from "../../shared/fiji-time";
import { TEXT_HOURS } from "../../shared/one-off-text";

export const QUIET_HOURS_END = TEXT_HOURS.from; // first minute a text may go, Fiji time
export const QUIET_HOURS_START = TEXT_HOURS.until; // first minute it may not
export const MIN_TIME_BEFORE_DEADLINE_MS = 2 * 60 * 60 * 1000;

export type SendDecision = { at: Date } | { drop: "too-close-to-deadline" };

/** 08:00 Fiji time on a Fiji calendar date ("2026-03-05"). */
function eightOclockInFiji(date: string): Date {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  return new Date(new TZDate(year, month - 1, day, 8, 0, 0, 0, FIJI_TIME_ZONE).getTime());
}

/** The first instant at or after `from` that is within Fiji's sending hours. */
export function nextSendingMoment(from: Date): Date {
  const { date, time } = fijiDateAndTime(from);
  if (time < QUIET_HOURS_END) return eightOclockInFiji(date);
  if (time >= QUIET_HOURS_START) return eightOclockInFiji(addDays(date, 1));
  return from;
}

/** Whether a text held back until `until` would leave too little time before its deadline to be worth sending. */
export function tooNearAfterWaiting(until: Date, deadline: Date): boolean {
  return deadline.getTime() - until.getTime() < MIN_TIME_BEFORE_DEADLINE_MS;
}

/** When a text decided at `decidedAt` is to go, or that it is dropped because its deadline would be too close. */
export function sendTime(decidedAt: Date, opts: { immediate: boolean; deadline?: Date }): SendDecision {
  if (opts.immediate) return { at: decidedAt };
  const at = nextSendingMoment(decidedAt);
  if (!opts.deadline) return { at };
  const passed = opts.deadline.getTime() <= at.getTime();
  const waited = at.getTime() > decidedAt.getTime();
  if (passed || (waited && tooNearAfterWaiting(at, opts.deadline))) return { drop: "too-close-to-deadline" };
  return { at };
}

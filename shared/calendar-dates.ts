// Calendar dates as people read them ("2 March 2026"), without Intl: the landing page formats intake dates while it
// hydrates, and the first Intl call costs ~20 ms of ICU start-up there (ADR 011).

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;

/** "2 March 2026" for "2026-03-02": the date itself, no time zone shift. */
export function formatCalendarDate(date: string): string {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  return `${day} ${MONTHS[month - 1]} ${year}`;
}

/** "2 March 2026 to 6 March 2026", or one date for a one-day class. */
export function formatIntakeDates(intake: { startDate: string; endDate: string }): string {
  const start = formatCalendarDate(intake.startDate);
  return intake.endDate === intake.startDate ? start : `${start} to ${formatCalendarDate(intake.endDate)}`;
}

// Calendar arithmetic on Fiji dates ("YYYY-MM-DD"). A date names a day, not an instant, so adding days is done on
// the date itself (in UTC, where no day is ever 23 or 25 hours long), never on a timestamp in Fiji time.
export function addDays(date: string, days: number): string {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** Whole days from one date to another ("2026-03-02" to "2026-03-06" is 4; negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  const day = (date: string) => Date.parse(`${date}T00:00:00Z`) / 86_400_000;
  return Math.round(day(to) - day(from));
}

/** The last day of a course of `durationDays` that starts on `start`. */
export function courseEnd(start: string, durationDays: number): string {
  return addDays(start, Math.max(durationDays, 1) - 1);
}

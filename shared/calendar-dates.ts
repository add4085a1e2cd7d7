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

// Calendar arithmetic on Fiji dates ("YYYY-MM-DD"). A date names a day, not an instant, so adding days is done on
// the date itself (in UTC, where no day is ever 23 or 25 hours long), never on a timestamp in Fiji time.
export function addDays(date: string, days: number): string {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** The last day of a course of `durationDays` that starts on `start`. */
export function courseEnd(start: string, durationDays: number): string {
  return addDays(start, Math.max(durationDays, 1) - 1);
}

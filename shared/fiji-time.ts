// Fiji time, in one place. The business runs on Suva's calendar: staff read dates in Fiji time, access granted
// "until 5 March" ends at the end of that day there, and the CSV names the day as staff see it. Fiji has used daylight
// saving (UTC+13) in past summers and may again, so offsets come from the time-zone database (@date-fns/tz and
// Intl), never from a fixed +12.
import { TZDate } from "@date-fns/tz";

export const FIJI_TIME_ZONE = "Pacific/Fiji";

// The formatters are made on first use, not when a page loads this module: a time-zone formatter's start-up
// (Intl and the zone data) was most of a long task on /portal, which shows no Fiji date to a visitor (ADR 042).
let calendarParts: Intl.DateTimeFormat | undefined;
let longDate: Intl.DateTimeFormat | undefined;

/** The Fiji calendar date and clock time of an instant: { date: "2026-03-05", time: "14:05" }. */
export function fijiDateAndTime(instant: Date): { date: string; time: string } {
  calendarParts ??= new Intl.DateTimeFormat("en-CA", {
    timeZone: FIJI_TIME_ZONE,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  });
  const part = Object.fromEntries(calendarParts.formatToParts(instant).map((p) => [p.type, p.value]));
  return { date: `${part.year}-${part.month}-${part.day}`, time: `${part.hour}:${part.minute}` };
}

/** Today's date in Fiji, "YYYY-MM-DD". */
export function fijiToday(now = new Date()): string {
  return fijiDateAndTime(now).date;
}

/** The last millisecond of a Fiji calendar day ("2026-03-05"), or null for a date that does not exist. */
export function endOfFijiDay(date: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const check = new Date(Date.UTC(year, month - 1, day));
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) {
    return null; // 2026-02-30 and friends
  }
  return new Date(new TZDate(year, month - 1, day, 23, 59, 59, 999, FIJI_TIME_ZONE).getTime());
}

/** "22 December 2026": the Fiji date of an instant, as subscribers read it in e-mails and the portal. */
export function formatFijiLongDate(instant: Date): string {
  longDate ??= new Intl.DateTimeFormat("en-GB", { dateStyle: "long", timeZone: FIJI_TIME_ZONE });
  return longDate.format(instant);
}

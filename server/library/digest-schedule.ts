// When the monthly digest goes out and which month it covers, on Fiji's calendar: the first working day (Monday to
// Friday) of each month, listing what changed in the previous calendar month. Public holidays are not known to the
// app, so a month starting on a holiday weekday sends on that day. Pure, for tests.
import { TZDate } from "@date-fns/tz";
import { FIJI_TIME_ZONE } from "../../shared/fiji-time";

/** The first Monday-to-Friday of a month ("2026-11" -> "2026-11-02"). */
export function firstWorkingDay(year: number, month: number): string {
  for (let day = 1; day <= 3; day += 1) {
    const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
    if (weekday !== 0 && weekday !== 6) {
      return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
    }
  }
  throw new Error("unreachable: one of a month's first three days is a weekday");
}

/** Whether a Fiji date ("YYYY-MM-DD") is its month's first working day. */
export function isFirstWorkingDay(date: string): boolean {
  const [year = 0, month = 0] = date.split("-").map(Number);
  return firstWorkingDay(year, month) === date;
}

export interface DigestMonth {
  /** "2026-10": part of each recipient's notice key, so each month is sent once. */
  key: string;
  /** "October 2026", as the e-mail names it. */
  label: string;
  /** The month's first instant in Fiji, inclusive. */
  from: Date;
  /** The next month's first instant in Fiji, exclusive. */
  to: Date;
}

const monthLabel = new Intl.DateTimeFormat("en-GB", { month: "long", year: "numeric", timeZone: "UTC" });

/** The calendar month before the one a Fiji date ("2026-11-02") is in. */
export function previousMonth(date: string): DigestMonth {
  const [year = 0, month = 0] = date.split("-").map(Number);
  const previous = month === 1 ? { year: year - 1, month: 12 } : { year, month: month - 1 };
  return {
    key: `${previous.year}-${String(previous.month).padStart(2, "0")}`,
    label: monthLabel.format(new Date(Date.UTC(previous.year, previous.month - 1, 1))),
    from: new Date(new TZDate(previous.year, previous.month - 1, 1, FIJI_TIME_ZONE).getTime()),
    to: new Date(new TZDate(year, month - 1, 1, FIJI_TIME_ZONE).getTime()),
  };
}

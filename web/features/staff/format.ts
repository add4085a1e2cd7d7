// Dates on the staff screens are shown in Fiji time, whatever the time zone of the staff member's computer.
import { COURSES, type CourseType } from "@shared/constants";
import { FIJI_TIME_ZONE } from "@shared/fiji-time";

export const STAFF_TIME_ZONE = FIJI_TIME_ZONE;

const dayOptions = { timeZone: STAFF_TIME_ZONE, day: "numeric", month: "short", year: "numeric" } as const;
const fijiDate = new Intl.DateTimeFormat("en-FJ", dayOptions);
const fijiDateTime = new Intl.DateTimeFormat("en-FJ", { ...dayOptions, hour: "numeric", minute: "2-digit" });

// A value the browser cannot parse is shown as sent rather than as "Invalid Date".
function formatIso(format: Intl.DateTimeFormat, iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : format.format(date);
}

/** e.g. "4 Mar 2025, 2:05 pm" (Fiji time). */
export function formatFijiDateTime(iso: string): string {
  return formatIso(fijiDateTime, iso);
}

/** e.g. "5 Mar 2026": a granted period ends at 23:59 that day in Fiji, so the Fiji date is the last day of access. */
export function formatFijiDate(iso: string): string {
  return formatIso(fijiDate, iso);
}

// Week starts are calendar dates (Mondays, UTC), so they are shown as dates without any time-zone shift.
const weekDay = new Intl.DateTimeFormat("en-FJ", { timeZone: "UTC", day: "numeric", month: "short" });

export function formatWeekStart(weekStart: string): string {
  const date = new Date(weekStart.length === 10 ? `${weekStart}T00:00:00Z` : weekStart);
  return Number.isNaN(date.getTime()) ? weekStart : weekDay.format(date);
}

export function courseTitle(courseType: CourseType): string {
  return COURSES[courseType]?.title ?? courseType;
}

export function fullName(person: { firstName: string; lastName: string }): string {
  return `${person.firstName} ${person.lastName}`.trim();
}

// A course place as a calendar file (.ics): one all-day event from the intake's first day to its last, on Fiji's
// calendar, with the place and what to bring. The confirmation e-mail can attach the same file. Every file of a
// place has the same UID; its SEQUENCE is the place's calendarSequence, one more at each change of dates or place,
// so a calendar program replaces the event it holds; a cancelled place's file cancels it (METHOD:CANCEL).
import { TZDate } from "@date-fns/tz";
import ical, { ICalCalendarMethod, ICalEventStatus } from "ical-generator";
import { COMPANY } from "../../shared/company";
import { COURSES, type CourseType } from "../../shared/constants";
import { FIJI_TIME_ZONE } from "../../shared/fiji-time";
import { formatIntakeDates } from "../../shared/training";
import type { EmailAttachment } from "../integrations/mail/mailer";
import { addDays } from "./calendar";

export interface CalendarPlace {
  seatId: number;
  courseType: CourseType;
  startDate: string;
  endDate: string;
  location: string;
  /** The place's calendarSequence (seats): the file's SEQUENCE. */
  sequence: number;
}

/** The place an e-mail's calendar file is of: its id (the file's UID), its calendar sequence, the site's address. */
export interface CalendarOf {
  seatId: number;
  sequence: number;
  publicUrl: string;
}

/** Midnight at the start of a Fiji calendar day. */
function fijiDay(date: string): TZDate {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  return new TZDate(year, month - 1, day, FIJI_TIME_ZONE);
}

/**
 * The .ics text of one place. The UID stays the same for the place, so a second download updates the event;
 * `cancelled` makes it the file that removes the event.
 */
export function placeCalendar(place: CalendarPlace, publicUrl: string, cancelled = false): string {
  const course = COURSES[place.courseType];
  const calendar = ical({
    name: `${course.title} course`,
    prodId: { company: COMPANY.name, product: "Training", language: "EN" },
    ...(cancelled ? { method: ICalCalendarMethod.CANCEL } : {}),
  });
  calendar.x([{ key: "X-WR-TIMEZONE", value: FIJI_TIME_ZONE }]);
  calendar.createEvent({
    id: placeUid(place.seatId, publicUrl),
    sequence: place.sequence,
    ...(cancelled ? { status: ICalEventStatus.CANCELLED } : {}),
    // All-day events end on the day after the last one (the end is exclusive).
    start: fijiDay(place.startDate),
    end: fijiDay(addDays(place.endDate, 1)),
    allDay: true,
    timezone: FIJI_TIME_ZONE,
    summary: `${course.title} course`,
    location: place.location,
    description: `${course.title} course with ${COMPANY.name}, ${formatIntakeDates(place)}, ${place.location}.\n\nYour applications: ${publicUrl}/my-training\nQuestions: ${COMPANY.phones[0].display} or ${COMPANY.emails[0].address}`,
    url: `${publicUrl}/my-training`,
  });
  return calendar.toString();
}

/** The UID every calendar file of the place carries. */
export const placeUid = (seatId: number, publicUrl: string) => `place-${seatId}@${new URL(publicUrl).host}`;

/**
 * The place's calendar file as an e-mail attachment (the confirmation, the reminders and the e-mails of a change
 * carry it); `cancelled` for the one that removes the event.
 */
export function calendarAttachment(
  place: CalendarPlace,
  publicUrl: string,
  cancelled = false,
): EmailAttachment {
  return {
    filename: cancelled ? "course-cancelled.ics" : "course.ics",
    // The method parameter repeats the file's METHOD, which only the cancelling file has.
    contentType: cancelled ? "text/calendar; charset=utf-8; method=CANCEL" : "text/calendar; charset=utf-8",
    contentBase64: Buffer.from(placeCalendar(place, publicUrl, cancelled)).toString("base64"),
  };
}

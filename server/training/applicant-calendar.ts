// A course place as a calendar file (.ics): one all-day event from the intake's first day to its last, on Fiji's
// calendar, with the place and what to bring. The confirmation e-mail can attach the same file.
import { TZDate } from "@date-fns/tz";
import ical from "ical-generator";
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
}

/** Midnight at the start of a Fiji calendar day. */
function fijiDay(date: string): TZDate {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  return new TZDate(year, month - 1, day, FIJI_TIME_ZONE);
}

/** The .ics text of one place. The UID stays the same for the place, so a second download updates the event. */
export function placeCalendar(place: CalendarPlace, publicUrl: string): string {
  const course = COURSES[place.courseType];
  const calendar = ical({
    name: `${course.title} course`,
    prodId: { company: COMPANY.name, product: "Training", language: "EN" },
  });
  calendar.x([{ key: "X-WR-TIMEZONE", value: FIJI_TIME_ZONE }]);
  calendar.createEvent({
    id: `place-${place.seatId}@${new URL(publicUrl).host}`,
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

/** The place's calendar file as an e-mail attachment (the confirmation and the reminders carry it). */
export function calendarAttachment(place: CalendarPlace, publicUrl: string): EmailAttachment {
  return {
    filename: "course.ics",
    contentType: "text/calendar; charset=utf-8",
    contentBase64: Buffer.from(placeCalendar(place, publicUrl)).toString("base64"),
  };
}

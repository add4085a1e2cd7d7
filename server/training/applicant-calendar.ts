// A course place as a calendar file (.ics): a timed event in Fiji time (DTSTART;TZID=Pacific/Fiji, with its
// VTIMEZONE) from the intake's daily start to its daily end on the first day, repeated daily to the last day, with
// the venue and what to bring. The confirmation e-mail can attach the same file. Every file of a place has the same
// UID; its SEQUENCE is the place's calendarSequence, one more at each change of dates, hours or place, so a calendar
// program replaces the event it holds; a cancelled place's file cancels it (METHOD:CANCEL).
import { TZDate } from "@date-fns/tz";
import ical, { ICalCalendarMethod, ICalEventRepeatingFreq, ICalEventStatus } from "ical-generator";
import { daysBetween } from "../../shared/calendar-dates";
import { COMPANY } from "../../shared/company";
import { COURSES, type CourseType } from "../../shared/constants";
import { FIJI_TIME_ZONE } from "../../shared/fiji-time";
import {
  addressOnOneLine,
  formatDailyHours,
  type JoiningInstructions,
  whatToBringItems,
} from "../../shared/joining";
import { formatIntakeDates } from "../../shared/training";
import type { EmailAttachment } from "../integrations/mail/mailer";
import { addDays } from "./calendar";
import { vtimezone } from "./vtimezone";

export interface CalendarPlace extends JoiningInstructions {
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

/** A clock time ("08:30") on a Fiji calendar day ("2026-03-02"), as the instant it is in Fiji. */
function fijiTime(date: string, time = "00:00"): TZDate {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  const [hours, minutes] = time.split(":").map(Number) as [number, number];
  return new TZDate(year, month - 1, day, hours, minutes, FIJI_TIME_ZONE);
}

/** LOCATION: the intake's place, then the venue's address when there is one. */
export function placeLocation(place: Pick<CalendarPlace, "location" | "venueAddress">): string {
  const address = addressOnOneLine(place.venueAddress);
  return address ? `${place.location}, ${address}` : place.location;
}

function description(place: CalendarPlace, publicUrl: string): string {
  const course = COURSES[place.courseType];
  const items = whatToBringItems(place.whatToBring);
  return [
    `${course.title} course with ${COMPANY.name}, ${formatIntakeDates(place)}, ${formatDailyHours(place)} each day (Fiji time), ${place.location}.`,
    place.venueAddress.trim() ? `Venue: ${addressOnOneLine(place.venueAddress)}` : null,
    place.mapUrl ? `Map: ${place.mapUrl}` : null,
    items.length > 0 ? `What to bring:\n${items.map((item) => `- ${item}`).join("\n")}` : null,
    `Your applications: ${publicUrl}/my-training\nQuestions: ${COMPANY.phones[0].display} or ${COMPANY.emails[0].address}`,
  ]
    .filter((part) => part !== null)
    .join("\n\n");
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
  // The zone's definition over the course's days (and one either side); no calendar-wide zone name, so the RRULE and
  // the stamps stay in UTC as RFC 5545 asks beside a DTSTART with a TZID.
  calendar.timezone({
    name: null,
    generator: (zone) =>
      vtimezone(zone, fijiTime(addDays(place.startDate, -1)), fijiTime(addDays(place.endDate, 2))),
  });
  const days = daysBetween(place.startDate, place.endDate) + 1;
  calendar.createEvent({
    id: placeUid(place.seatId, publicUrl),
    sequence: place.sequence,
    ...(cancelled ? { status: ICalEventStatus.CANCELLED } : {}),
    // A course runs the same hours each day: one event on the first day, from the start time to the end time, that
    // repeats daily for as many days as the course runs. Calendars then show each day as it is, and not one block
    // over the nights between; COUNT rather than UNTIL, so the last day needs no instant of its own in UTC.
    start: fijiTime(place.startDate, place.dailyStart),
    end: fijiTime(place.startDate, place.dailyEnd),
    timezone: FIJI_TIME_ZONE,
    ...(days > 1 ? { repeating: { freq: ICalEventRepeatingFreq.DAILY, count: days } } : {}),
    summary: `${course.title} course`,
    location: placeLocation(place),
    description: description(place, publicUrl),
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

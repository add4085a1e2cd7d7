// The one-off text staff write to one applicant from the places list (issue 34), without zod so the dashboard's
// dialog and the places list's schema can use it cheaply: its limits, how its parts are counted while it is written,
// and why an application cannot be texted.
import { fijiDateAndTime } from "./fiji-time";
import { gsmReplace, segments } from "./sms-text";

/** Texts go between these Fiji times (server/sms/quiet-hours.ts holds the rules; the dialog says when a text waits). */
export const TEXT_HOURS = { from: "08:00", until: "20:00" } as const;

/** Whether `now` is in Fiji's quiet hours, when a text written now waits for 08:00. */
export function inQuietHours(now: Date): boolean {
  const { time } = fijiDateAndTime(now);
  return time < TEXT_HOURS.from || time >= TEXT_HOURS.until;
}

/** A one-off text is at most this many SMS parts, the stop line included. */
export const ONE_OFF_MAX_PARTS = 2;
/**
 * Characters kept for the line every text ends with ("Stop texts: " and the short link on this site), so the count
 * staff see while writing is what the person receives. The server checks the real text too.
 */
export const STOP_LINE_ROOM = 60;

/** The one-off text as sent: what staff wrote (typographic characters replaced), a new line, room for the stop line. */
export function oneOffSize(message: string) {
  return segments(`${gsmReplace(message.trim())}\n${"x".repeat(STOP_LINE_ROOM)}`);
}

export const ONE_OFF_EMPTY_MESSAGE = "Write the text first.";
export const ONE_OFF_NOT_GSM_MESSAGE =
  "The text has characters an SMS cannot carry (such as ā, emoji or other scripts). Use plain letters.";
export const ONE_OFF_TOO_LONG_MESSAGE = `The text is too long: at most ${ONE_OFF_MAX_PARTS} SMS parts with the stop link.`;

/** Why an application cannot be texted now (null on a place: it can). */
export const NOT_TEXTABLE = ["not-asked", "not-confirmed", "stopped"] as const;
export type NotTextable = (typeof NOT_TEXTABLE)[number];
export const NOT_TEXTABLE_TEXT: Record<NotTextable, string> = {
  "not-asked": "Did not ask for texts",
  "not-confirmed": "Number not confirmed",
  stopped: "Number asked to stop texts",
};

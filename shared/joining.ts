// Joining instructions: what an intake tells the people in it besides its dates and place. The hours each day (Fiji
// time, "HH:MM"), the venue's address and a map link, and what to bring. A new intake's "what to bring" starts as its
// course's default, which the owner edits in Settings; the seeded defaults follow each course's entry requirements.
// Written without Intl: the staff pages and the servers share these.
import * as z from "zod/mini";
import type { CourseType } from "./constants";

/** The hours a new intake runs each day, and those existing intakes were given when the fields came. */
export const DEFAULT_DAILY_START = "08:30";
export const DEFAULT_DAILY_END = "16:30";

export const VENUE_ADDRESS_MAX = 300;
export const MAP_URL_MAX = 500;
export const WHAT_TO_BRING_MAX = 1000;

/** The seeded "what to bring" of each course: its entry requirements' papers, and what a day in class and in the field asks. */
export const SEEDED_WHAT_TO_BRING: Record<CourseType, string> = {
  basic: [
    "Government-issued photo ID (passport, driver's licence or voter card)",
    "Your signed medical fitness declaration",
    "Pen and notebook",
    "A water bottle",
    "Hat, sunscreen and closed shoes for the flying days",
  ].join("\n"),
  advanced: [
    "Government-issued photo ID",
    "Your Basic RPAS Pilot certificate",
    "Your flight logbook showing at least 50 hours",
    "Your medical fitness certificate",
    "Laptop or tablet, pen and notebook",
    "A water bottle",
    "Hat, sunscreen and closed shoes for the flying days",
  ].join("\n"),
  instructor: [
    "Government-issued photo ID",
    "Your Advanced RPAS certificate",
    "Your flight logbook showing at least 200 hours as pilot in command",
    "Copies of any aviation or teaching qualifications",
    "Laptop with a presentation program",
    "Pen and notebook",
    "Hat, sunscreen and closed shoes for the flying days",
  ].join("\n"),
};

const CLOCK = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** "08:30": a clock time of a day, 24-hour. */
export const isClockTime = (value: string) => CLOCK.test(value);

export const dailyTime = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .check(z.regex(CLOCK, `${label} must be a time of day, e.g. 08:30`));

/** An https address (a map link): http and other schemes are refused, so no link in an e-mail is unsafe. */
export function isHttpsUrl(value: string): boolean {
  if (!/^https:\/\/\S+$/i.test(value)) return false;
  try {
    return new URL(value).protocol === "https:";
  } catch {
    return false;
  }
}

const trimmed = z.pipe(
  z.string(),
  z.transform((text: string) => text.trim()),
);

/** Empty when the venue is not settled yet: e-mails and pages then leave its line out. */
export const venueAddressSchema = z.pipe(
  trimmed,
  z
    .string()
    .check(z.maxLength(VENUE_ADDRESS_MAX, `Venue address must be at most ${VENUE_ADDRESS_MAX} characters`)),
);

export const mapUrlSchema = z.pipe(
  trimmed,
  z.string().check(
    z.maxLength(MAP_URL_MAX, `Map link must be at most ${MAP_URL_MAX} characters`),
    z.refine(
      (value) => value === "" || isHttpsUrl(value),
      "Map link must be a web address starting with https://",
    ),
  ),
);

export const whatToBringSchema = z.pipe(
  trimmed,
  z
    .string()
    .check(z.maxLength(WHAT_TO_BRING_MAX, `What to bring must be at most ${WHAT_TO_BRING_MAX} characters`)),
);

/** The joining instructions as an intake stores them and every reader gets them. */
export interface JoiningInstructions {
  dailyStart: string;
  dailyEnd: string;
  venueAddress: string;
  mapUrl: string;
  whatToBring: string;
}

/** "8:30 am", "12:00 pm", "4:30 pm" from "08:30", "12:00", "16:30". */
export function formatClockTime(time: string): string {
  const match = CLOCK.exec(time);
  if (!match) return time;
  const hours = Number(match[1]);
  const twelve = hours % 12 === 0 ? 12 : hours % 12;
  return `${twelve}:${match[2]} ${hours < 12 ? "am" : "pm"}`;
}

/** "8:30 am to 4:30 pm". */
export const formatDailyHours = (intake: Pick<JoiningInstructions, "dailyStart" | "dailyEnd">) =>
  `${formatClockTime(intake.dailyStart)} to ${formatClockTime(intake.dailyEnd)}`;

/** The address on one line ("Level 2, Vanua House, Victoria Parade, Suva"). */
export const addressOnOneLine = (address: string) =>
  address
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .join(", ");

/** Each thing to bring, one a line as staff wrote them, without bullets they typed. */
export const whatToBringItems = (text: string) =>
  text
    .split(/\r?\n/)
    .map((line) => line.replace(/^\s*(?:[-*•]\s*)?/, "").trim())
    .filter(Boolean);

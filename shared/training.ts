// Course intakes: the contract of the staff intake screens and the public schedule, and the small rules both sides
// apply (a calendar date, how many seats are left and what that is called).

import * as z from "zod/mini";
import { COURSE_TYPES, MAX_STUDENTS_PER_CLASS } from "./constants";
import { requiredText } from "./fields";
import { dailyTime, mapUrlSchema, venueAddressSchema, whatToBringSchema } from "./joining";
import { NOT_TEXTABLE } from "./one-off-text";
import { pageOf, timestamp } from "./wire";

export const INTAKE_STATUSES = ["open", "closed", "cancelled"] as const;
export type IntakeStatus = (typeof INTAKE_STATUSES)[number];

/** A calendar day that exists, "YYYY-MM-DD" (a Fiji date: intakes run on Suva's calendar). */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const check = new Date(Date.UTC(year, month - 1, day));
  return check.getUTCFullYear() === year && check.getUTCMonth() === month - 1 && check.getUTCDate() === day;
}

const calendarDate = (label: string) =>
  z.string({ error: `${label} is required` }).check(z.refine(isCalendarDate, `${label} must be a real date`));

const cents = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .check(z.int(`${label} must be in whole cents`), z.gt(0, `${label} must be more than 0`));

/** What staff send to create an intake; the end date, seats and fee default from the course and the settings. */
export const IntakeInputSchema = z.object({
  courseType: z.enum(COURSE_TYPES, { error: `Course must be one of: ${COURSE_TYPES.join(", ")}` }),
  startDate: calendarDate("Start date"),
  endDate: z.optional(calendarDate("End date")),
  location: requiredText(200, "Location"),
  seats: z.optional(
    z
      .number({ error: "Seats must be a number" })
      .check(
        z.int("Seats must be a whole number"),
        z.gte(1, "Seats must be at least 1"),
        z.lte(MAX_STUDENTS_PER_CLASS, `Seats must be at most ${MAX_STUDENTS_PER_CLASS}, the class maximum`),
      ),
  ),
  feeCents: z.optional(cents("Fee")),
  depositCents: z.optional(z.nullable(cents("Deposit"))),
  // The joining instructions (shared/joining.ts): hours default to 08:30-16:30, what to bring to the course's default
  // in Settings; the end time must be after the start (checked by the server on the times as they will be stored).
  dailyStart: z.optional(dailyTime("Start time")),
  dailyEnd: z.optional(dailyTime("End time")),
  venueAddress: z.optional(venueAddressSchema),
  mapUrl: z.optional(mapUrlSchema),
  whatToBring: z.optional(whatToBringSchema),
});
export type IntakeInput = z.output<typeof IntakeInputSchema>;

/** What staff send to change an intake: any of its fields but the course. */
export const IntakeChangeSchema = z.partial(z.omit(IntakeInputSchema, { courseType: true }));
export type IntakeChange = z.output<typeof IntakeChangeSchema>;

/** How a visitor sees an intake's places. */
export type Availability = "seats-left" | "waitlist" | "full";

export function availabilityOf(intake: { status: IntakeStatus; seats: number; taken: number }): Availability {
  if (intake.status !== "open") return "full";
  return intake.taken < intake.seats ? "seats-left" : "waitlist";
}

/** "3 seats left", "1 seat left", "Waitlist open" or "Full". */
export function availabilityLabel(intake: { status: IntakeStatus; seats: number; taken: number }): string {
  const left = intake.seats - intake.taken;
  switch (availabilityOf(intake)) {
    case "seats-left":
      return `${left} ${left === 1 ? "seat" : "seats"} left`;
    case "waitlist":
      return "Waitlist open";
    default:
      return "Full";
  }
}

/** An intake as staff see it, with how its seats are filled. */
export const StaffIntakeSchema = z.object({
  id: z.number(),
  courseType: z.enum(COURSE_TYPES),
  startDate: z.string(),
  endDate: z.string(),
  location: z.string(),
  seats: z.number(),
  feeCents: z.number(),
  depositCents: z.nullable(z.number()),
  status: z.enum(INTAKE_STATUSES),
  dailyStart: z.string(),
  dailyEnd: z.string(),
  venueAddress: z.string(),
  mapUrl: z.string(),
  whatToBring: z.string(),
  held: z.number(),
  offered: z.number(),
  confirmed: z.number(),
  waitlisted: z.number(),
  /** Revenue: cents paid towards the intake's places (net of refunds) and still owed by its offered and confirmed places. */
  paidCents: z.number(),
  dueCents: z.number(),
  createdAt: timestamp,
});
export type StaffIntake = z.input<typeof StaffIntakeSchema>;
export const StaffIntakePageSchema = pageOf(StaffIntakeSchema);

/** An upcoming intake as the public schedule shows it. */
export const PublicIntakeSchema = z.object({
  id: z.number(),
  courseType: z.enum(COURSE_TYPES),
  startDate: z.string(),
  endDate: z.string(),
  location: z.string(),
  feeCents: z.number(),
  depositCents: z.nullable(z.number()),
  /** The hours each day, Fiji time ("08:30", "16:30"). */
  dailyStart: z.string(),
  dailyEnd: z.string(),
  seatsLeft: z.number(),
  availability: z.enum(["seats-left", "waitlist", "full"]),
  label: z.string(),
});
export type PublicIntake = z.input<typeof PublicIntakeSchema>;
export const PublicIntakeListSchema = z.array(PublicIntakeSchema);

export const IntakeListQuerySchema = z.object({
  course: z.optional(z.enum(COURSE_TYPES)),
  /** Past and cancelled intakes too (staff's history). */
  all: z.optional(z.enum(["true", "false"])),
});

// One formatter and one date arithmetic for servers and pages, without Intl (the landing page hydrates with them).
export { addDays, courseEnd, formatCalendarDate, formatIntakeDates } from "./calendar-dates";

export const SEAT_STATES = [
  "held",
  "offered",
  "confirmed",
  "waitlisted",
  "declined",
  "lapsed",
  "cancelled",
] as const;

/** A place in an intake as staff see it in the intake's list of applicants. */
export const StaffPlaceSchema = z.object({
  id: z.number(),
  enrollmentId: z.number(),
  email: z.string(),
  name: z.string(),
  phone: z.string(),
  state: z.enum(SEAT_STATES),
  holdExpiresAt: z.nullable(timestamp),
  addressConfirmedAt: z.nullable(timestamp),
  /** How the address was confirmed (the text's "confirm by phone" link shows as such). */
  addressConfirmedVia: z.optional(z.nullable(z.enum(["email", "text", "sign-in"]))),
  offerExpiresAt: z.nullable(timestamp),
  createdAt: timestamp,
  /** Set when the place was one of a burst of places from one IP address (`sourceIp`): a flag, not a refusal. */
  ipBurstAt: z.nullable(timestamp),
  sourceIp: z.nullable(z.string()),
  /** Net of refunds; `dueCents` is the fee less that (nothing when staff confirmed without payment). */
  paidCents: z.number(),
  dueCents: z.number(),
  /** Why staff cannot text this applicant now; null: they can (issue 34). */
  notTextable: z.nullable(z.enum(NOT_TEXTABLE)),
});
export type StaffPlace = z.input<typeof StaffPlaceSchema>;
export const StaffPlaceListSchema = z.array(StaffPlaceSchema);

/** An intake's id as a request names it (an application's choice, a staff move). */
export const intakeIdSchema = z
  .number({ error: "Intake must be a number" })
  .check(z.int("Intake must be a whole number"), z.gt(0, "Intake must be a number above 0"));

/** Staff put an application in an intake: its place moves there, or it takes one (POST .../enrollments/:id/intake). */
export const PlaceInIntakeSchema = z.object({ intakeId: intakeIdSchema });

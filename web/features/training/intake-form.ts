// The intake form's values and rules: staff type dates, a place, seats and amounts in FJD (read by the shared money
// rule, shared/money.ts); the shared intake schema checks what that becomes (cents, numbers), so the form and the
// server give the same messages.

import { daysBetween } from "@shared/calendar-dates";
import { COURSES, type CourseType } from "@shared/constants";
import { DEFAULT_DAILY_END, DEFAULT_DAILY_START, isClockTime, SEEDED_WHAT_TO_BRING } from "@shared/joining";
import { fjdAmount, formatFjdInput, optionalFjdAmount } from "@shared/money";
import {
  courseEnd,
  type IntakeChange,
  type IntakeInput,
  IntakeInputSchema,
  type StaffIntake,
} from "@shared/training";
import * as z from "zod/mini";

/** As typed: every field a string. The money fields hold FJD ("1,500.00") under the names of the cents they become. */
export interface IntakeFormValues {
  courseType: CourseType;
  startDate: string;
  endDate: string;
  location: string;
  seats: string;
  feeCents: string;
  depositCents: string;
  /** The joining instructions: hours ("08:30", as a time input gives them), venue, map link, what to bring. */
  dailyStart: string;
  dailyEnd: string;
  venueAddress: string;
  mapUrl: string;
  whatToBring: string;
}

/** Blank is left to the server's default. */
const blankAsUndefined = z.transform((text: string) => (text.trim() ? text : undefined));
const input = IntakeInputSchema.shape;

/**
 * Each field read from its text and checked by the shared schema's own rule for it, so every field's message shows at
 * once: the amounts through the FJD rule (shared/money.ts) into cents, a blank end date and seats left to the server.
 */
const fields = {
  startDate: input.startDate,
  endDate: z.pipe(z.pipe(z.string(), blankAsUndefined), input.endDate),
  location: input.location,
  seats: z.pipe(
    z.pipe(
      z.string(),
      z.transform((text: string) => (text.trim() ? Number(text) : undefined)),
    ),
    input.seats,
  ),
  // Always typed here, so the rules inside the optional ones: a blank fee is refused, a blank deposit is none.
  feeCents: z.pipe(fjdAmount("Fee"), input.feeCents.def.innerType),
  depositCents: z.pipe(optionalFjdAmount("Deposit"), input.depositCents.def.innerType),
  dailyStart: input.dailyStart.def.innerType,
  dailyEnd: input.dailyEnd.def.innerType,
  venueAddress: input.venueAddress.def.innerType,
  mapUrl: input.mapUrl.def.innerType,
  whatToBring: input.whatToBring.def.innerType,
};

/**
 * The server's rule on the hours, shown at the end time ("HH:MM" strings compare as times); checked beside the other
 * fields' messages, once both times are times.
 */
const endAfterStart = z.refine<{ dailyStart: unknown; dailyEnd: unknown }>(
  (values) => {
    const { dailyStart: start, dailyEnd: end } = values;
    if (typeof start !== "string" || typeof end !== "string" || !isClockTime(start) || !isClockTime(end))
      return true;
    return end > start;
  },
  { message: "The end time must be after the start time.", path: ["dailyEnd"], when: () => true },
);

export const CreateIntakeFormSchema = z
  .object({ courseType: input.courseType, ...fields })
  .check(endAfterStart);

export const ChangeIntakeFormSchema = z.pipe(
  z.object({ courseType: z.string(), ...fields }).check(endAfterStart),
  z.transform(({ courseType: _course, ...change }): IntakeChange => change),
);

export type IntakeFormOutput = IntakeInput | IntakeChange;

type Prices = Record<CourseType, number>;
type WhatToBring = Record<CourseType, string>;

/**
 * A new intake's form: the first course, its price, 8 seats, the usual hours and the course's "what to bring" from
 * Settings; or an intake's form as it is now.
 */
export function intakeFormValues(
  intake?: StaffIntake,
  prices?: Prices,
  whatToBring?: WhatToBring,
): IntakeFormValues {
  if (!intake) {
    return {
      courseType: "basic",
      startDate: "",
      endDate: "",
      location: "",
      seats: "8",
      feeCents: coursePrice("basic", prices),
      depositCents: "",
      dailyStart: DEFAULT_DAILY_START,
      dailyEnd: DEFAULT_DAILY_END,
      venueAddress: "",
      mapUrl: "",
      whatToBring: courseWhatToBring("basic", whatToBring),
    };
  }
  return {
    courseType: intake.courseType,
    startDate: intake.startDate,
    endDate: intake.endDate,
    location: intake.location,
    seats: String(intake.seats),
    feeCents: formatFjdInput(intake.feeCents),
    depositCents: intake.depositCents === null ? "" : formatFjdInput(intake.depositCents),
    dailyStart: intake.dailyStart,
    dailyEnd: intake.dailyEnd,
    venueAddress: intake.venueAddress,
    mapUrl: intake.mapUrl,
    whatToBring: intake.whatToBring,
  };
}

/** The course's "what to bring" as saved in Settings, else as seeded. */
export const courseWhatToBring = (course: CourseType, whatToBring?: WhatToBring) =>
  whatToBring?.[course] ?? SEEDED_WHAT_TO_BRING[course];

/** The course price in the fee field's format: as saved in the settings, else as this page was served. */
export const coursePrice = (course: CourseType, prices?: Prices) =>
  formatFjdInput(coursePriceCents(course, prices));

/** The course price in cents: as saved in the settings, else as this page was served. */
export const coursePriceCents = (course: CourseType, prices?: Prices) =>
  prices?.[course] ?? COURSES[course].priceCents;

/** Days from the start to the end date, both counted ("2026-03-02" to "2026-03-06" is 5). */
export function daysRunning(intake: { startDate: string; endDate: string }): number {
  return daysBetween(intake.startDate, intake.endDate) + 1;
}

/** The end date a start date gets by default, or "" while the start is not a whole date. */
export function defaultEnd(startDate: string, durationDays: number): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(startDate) ? courseEnd(startDate, durationDays) : "";
}

// The intake form's values and rules: staff type dates, a place, seats and amounts in FJD (read by the shared money
// rule, shared/money.ts); the shared intake schema checks what that becomes (cents, numbers), so the form and the
// server give the same messages.

import { daysBetween } from "@shared/calendar-dates";
import { COURSES, type CourseType } from "@shared/constants";
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
};

export const CreateIntakeFormSchema = z.object({ courseType: input.courseType, ...fields });

export const ChangeIntakeFormSchema = z.pipe(
  z.object({ courseType: z.string(), ...fields }),
  z.transform(({ courseType: _course, ...change }): IntakeChange => change),
);

export type IntakeFormOutput = IntakeInput | IntakeChange;

type Prices = Record<CourseType, number>;

/** A new intake's form: the first course, its price and 8 seats; or an intake's form as it is now. */
export function intakeFormValues(intake?: StaffIntake, prices?: Prices): IntakeFormValues {
  if (!intake) {
    return {
      courseType: "basic",
      startDate: "",
      endDate: "",
      location: "",
      seats: "8",
      feeCents: coursePrice("basic", prices),
      depositCents: "",
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
  };
}

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

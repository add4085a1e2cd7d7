// The intake form's values and rules: staff type dates, a place, seats and amounts in FJD; the shared intake schemas
// check what that becomes (cents, numbers), so the form and the server give the same messages.

import { daysBetween } from "@shared/calendar-dates";
import { COURSES, type CourseType } from "@shared/constants";
import {
  courseEnd,
  type IntakeChange,
  IntakeChangeSchema,
  type IntakeInput,
  IntakeInputSchema,
  type StaffIntake,
} from "@shared/training";
import * as z from "zod/mini";

/** As typed: every field a string. The money fields hold FJD ("300.00") under the names of the cents they become. */
export interface IntakeFormValues {
  courseType: CourseType;
  startDate: string;
  endDate: string;
  location: string;
  seats: string;
  feeCents: string;
  depositCents: string;
}

const FormShape = z.object({
  courseType: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  location: z.string(),
  seats: z.string(),
  feeCents: z.string(),
  depositCents: z.string(),
});

/** "300.00" -> 30000; not a number stays NaN, which the schema calls "... must be a number". */
const toCents = (fjd: string) => Math.round(Number(fjd) * 100);
const fjd = (cents: number) => (cents / 100).toFixed(2);

/** Blank end date, seats and fee leave them to the server's defaults; a blank deposit means none. */
function toInput(values: z.output<typeof FormShape>): z.input<typeof IntakeInputSchema> {
  return {
    courseType: values.courseType as CourseType,
    startDate: values.startDate,
    endDate: values.endDate || undefined,
    location: values.location,
    seats: values.seats.trim() ? Number(values.seats) : undefined,
    feeCents: values.feeCents.trim() ? toCents(values.feeCents) : undefined,
    depositCents: values.depositCents.trim() ? toCents(values.depositCents) : null,
  };
}

export const CreateIntakeFormSchema = z.pipe(z.pipe(FormShape, z.transform(toInput)), IntakeInputSchema);

export const ChangeIntakeFormSchema = z.pipe(
  z.pipe(
    FormShape,
    z.transform((values): z.input<typeof IntakeChangeSchema> => {
      const { courseType: _course, ...change } = toInput(values);
      return change;
    }),
  ),
  IntakeChangeSchema,
);

export type IntakeFormOutput = IntakeInput | IntakeChange;

/** A new intake's form: the first course, its price and 8 seats; or an intake's form as it is now. */
export function intakeFormValues(intake?: StaffIntake): IntakeFormValues {
  if (!intake) {
    return {
      courseType: "basic",
      startDate: "",
      endDate: "",
      location: "",
      seats: "8",
      feeCents: fjd(COURSES.basic.priceCents),
      depositCents: "",
    };
  }
  return {
    courseType: intake.courseType,
    startDate: intake.startDate,
    endDate: intake.endDate,
    location: intake.location,
    seats: String(intake.seats),
    feeCents: fjd(intake.feeCents),
    depositCents: intake.depositCents === null ? "" : fjd(intake.depositCents),
  };
}

/** The course price in the fee field's format. */
export const coursePrice = (course: CourseType) => fjd(COURSES[course].priceCents);

/** Days from the start to the end date, both counted ("2026-03-02" to "2026-03-06" is 5). */
export function daysRunning(intake: { startDate: string; endDate: string }): number {
  return daysBetween(intake.startDate, intake.endDate) + 1;
}

/** The end date a start date gets by default, or "" while the start is not a whole date. */
export function defaultEnd(startDate: string, durationDays: number): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(startDate) ? courseEnd(startDate, durationDays) : "";
}

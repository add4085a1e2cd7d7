// Changing the course prices (ADR 045): GET and PUT /api/admin/course-prices. Every intake keeps the fee it was
// created with; a price change may also update the open intakes yet to start that have no payment, when the owner
// says so. The rule of which intakes change, and to what, is `feeUpdates`: the dashboard lists them with it before
// the save, and the server applies it under lock.
import * as z from "zod/mini";
import { COURSE_TYPES, type CourseType } from "./constants";
import { SettingsSchema } from "./settings";
import { PublicIntakeSchema } from "./training";

export type CoursePrices = Record<CourseType, number>;

/** An open intake yet to start with no payment (none pending, paid or refunded): its fee may follow the price. */
export const OpenIntakeFeeSchema = z.pick(PublicIntakeSchema, {
  id: true,
  courseType: true,
  startDate: true,
  endDate: true,
  location: true,
  feeCents: true,
  depositCents: true,
});
export type OpenIntakeFee = z.output<typeof OpenIntakeFeeSchema>;

/** GET /api/admin/course-prices: the prices and the intakes a change of them may update. */
export const CoursePricesSchema = z.object({
  coursePriceCents: SettingsSchema.shape.coursePriceCents,
  openIntakes: z.array(OpenIntakeFeeSchema),
});
export type CoursePricesAnswer = z.output<typeof CoursePricesSchema>;

/** PUT /api/admin/course-prices (owners): the new prices, and whether the open intakes without payment follow. */
export const CoursePriceChangeSchema = z.object({
  coursePriceCents: SettingsSchema.shape.coursePriceCents,
  openIntakes: z.enum(["keep", "update"], {
    error: "Say whether open intakes with no payment keep their fee (keep) or take the new price (update)",
  }),
});
export type CoursePriceChange = z.output<typeof CoursePriceChangeSchema>;

/** An intake whose fee followed the new price. */
export const UpdatedIntakeFeeSchema = z.object({
  ...OpenIntakeFeeSchema.shape,
  /** The fee it had before. */
  fromCents: z.number(),
});

export const CoursePriceChangedSchema = z.object({
  coursePriceCents: SettingsSchema.shape.coursePriceCents,
  updatedIntakes: z.array(UpdatedIntakeFeeSchema),
});
export type CoursePriceChanged = z.output<typeof CoursePriceChangedSchema>;

/** The courses whose price differs between `before` and `after`. */
export function changedCourses(before: CoursePrices, after: CoursePrices): CourseType[] {
  return COURSE_TYPES.filter((type) => before[type] !== after[type]);
}

/**
 * Which of `intakes` (open, yet to start, no payment) take the new price of their course, and that price: those of
 * a course whose price changes, charging another fee. An intake keeps its fee when the new price could not be one
 * (a free course; intakes charge more than 0) or would not be above its deposit.
 */
export function feeUpdates<I extends OpenIntakeFee>(
  intakes: readonly I[],
  before: CoursePrices,
  after: CoursePrices,
): { intake: I; toCents: number }[] {
  const changed = new Set(changedCourses(before, after));
  return intakes.flatMap((intake) => {
    const toCents = after[intake.courseType];
    if (!changed.has(intake.courseType) || intake.feeCents === toCents || toCents <= 0) return [];
    if (intake.depositCents !== null && intake.depositCents >= toCents) return [];
    return [{ intake, toCents }];
  });
}

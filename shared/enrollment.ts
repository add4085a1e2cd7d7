// The three enrollment payloads, one schema per course, derived from the field catalogue
// (shared/enrollment-fields.ts). The form and POST /api/enrollment/{basic,advanced,instructor} check the same one.
import * as z from "zod/mini";
import type { CourseType } from "./constants";
import { shapeFor } from "./enrollment-fields";

export { EDUCATION_LABELS, HIGHEST_EDUCATION, type HighestEducation } from "./form-options";

export const BasicEnrollmentSchema = z.object(shapeFor("basic"));
export const AdvancedEnrollmentSchema = z.object(shapeFor("advanced"));
export const InstructorEnrollmentSchema = z.object(shapeFor("instructor"));

export type BasicEnrollment = z.output<typeof BasicEnrollmentSchema>;
export type AdvancedEnrollment = z.output<typeof AdvancedEnrollmentSchema>;
export type InstructorEnrollment = z.output<typeof InstructorEnrollmentSchema>;

export const ENROLLMENT_SCHEMAS = {
  basic: BasicEnrollmentSchema,
  advanced: AdvancedEnrollmentSchema,
  instructor: InstructorEnrollmentSchema,
} as const satisfies Record<CourseType, unknown>;

/** What POST /api/enrollment/{course} answers with 201. */
export const EnrollmentCreatedSchema = z.object({ message: z.string(), id: z.number() });
export type EnrollmentCreated = z.output<typeof EnrollmentCreatedSchema>;

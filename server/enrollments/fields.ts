// The catalogue's fields as the database stores them: one column per field, named as the field.
import type { CourseType } from "../../shared/constants";
import { ENROLLMENT_FIELDS, type EnrollmentFieldName, storedValue } from "../../shared/enrollment-fields";
import { enrollments } from "../db/schema";

export type EnrollmentFieldValues = Pick<typeof enrollments.$inferInsert, EnrollmentFieldName>;

/** The row values of one application: every catalogue field, null where the course does not ask for it. */
export function enrollmentFieldValues(
  course: CourseType,
  payload: Record<string, unknown>,
): EnrollmentFieldValues {
  return Object.fromEntries(
    ENROLLMENT_FIELDS.map((field) => [field.name, storedValue(field, course, payload[field.name])]),
  ) as EnrollmentFieldValues;
}

/** The columns to select for every catalogue field. */
export const enrollmentFieldColumns = Object.fromEntries(
  ENROLLMENT_FIELDS.map((field) => [field.name, enrollments[field.name]]),
) as { [Name in EnrollmentFieldName]: (typeof enrollments)[Name] };

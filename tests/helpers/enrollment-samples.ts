// An application with a value of its own in every catalogue field of a course, made from the catalogue alone, so a
// test can follow each value to every place it should reach.
import type { CourseType } from "../../shared/constants";
import { type EnrollmentField, fieldsFor } from "../../shared/enrollment-fields";

function sampleValue(field: EnrollmentField, course: CourseType, index: number): string | number | boolean {
  switch (field.kind) {
    case "email":
      return `catalogue.${course}@example.fj`;
    case "tel":
      return `+679 990 ${String(1000 + index)}`;
    case "date":
      return "1990-05-17";
    case "education":
      return "bachelor";
    case "hours":
      return 100 + index;
    case "checkbox":
      return true;
    default:
      return `${field.staffLabel} of ${course} ${index}`;
  }
}

export function sampleEnrollment(course: CourseType): Record<string, string | number | boolean> {
  return Object.fromEntries(
    fieldsFor(course).map((field, index) => [field.name, sampleValue(field, course, index)]),
  );
}

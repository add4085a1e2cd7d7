// What the enrollment form keeps on this device as a draft (web/lib/form-draft.ts): the catalogue's fields and
// nothing else. "Text me" is not among them, so a draft never holds the consent and a return never ticks it.
import type { CourseType } from "@shared/constants";
import { fieldsFor } from "@shared/enrollment-fields";

/** The form's empty values, which are also the draft's template: text for every field, a boolean for a box. */
export function enrollmentDraftTemplate(course: CourseType): Record<string, string | boolean> {
  return Object.fromEntries(
    fieldsFor(course).map((field) => [field.name, field.kind === "checkbox" ? false : ""]),
  );
}

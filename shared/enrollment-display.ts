// An enrollment's stored values as staff read them, on the dashboard card and in the e-mails, from the catalogue.
import { ENROLLMENT_FIELDS, type EnrollmentField } from "./enrollment-fields";
import { EDUCATION_LABELS, type HighestEducation } from "./form-options";

/** A stored value as staff read it: the education's label, "Yes"/"No", hours as a number; empty is null. */
export function displayValue(field: EnrollmentField, value: unknown): string | number | null {
  if (value === null || value === undefined || value === "") return null;
  if (field.kind === "checkbox") return value ? "Yes" : "No";
  if (field.kind === "education")
    return Object.hasOwn(EDUCATION_LABELS, String(value))
      ? EDUCATION_LABELS[value as HighestEducation]
      : String(value);
  if (field.kind === "hours") return Number(value);
  return String(value);
}

/** The applicant's name as the card's title and the e-mails show it. */
export function applicantName(values: Record<string, unknown>): string {
  return ENROLLMENT_FIELDS.filter((field) => field.card === "title")
    .map((field) => displayValue(field, values[field.name]))
    .filter((part) => part !== null)
    .join(" ");
}

/** The e-mail lines of an enrollment ("Label: value"): the name, then every other field the applicant answered. */
export function enrollmentEmailLines(values: Record<string, unknown>): [string, string | number][] {
  const rest = ENROLLMENT_FIELDS.filter((field) => field.card !== "title").flatMap(
    (field): [string, string | number][] => {
      const shown = displayValue(field, values[field.name]);
      return shown === null ? [] : [[field.staffLabel, shown]];
    },
  );
  return [["Name", applicantName(values)], ...rest];
}

/** The label a field has on the staff dashboard card. */
export function cardLabel(field: EnrollmentField): string {
  return (field.card === "facts" && field.cardLabel) || field.staffLabel;
}

// Every field of the enrollment form, declared once. The zod schemas (shared/enrollment.ts), the form, the API's
// insert and select, the staff dashboard card, the CSV and Google Sheets row, and the e-mails all read this list;
// adding a field is one entry here plus its database column and migration (docs/decisions/025).
import * as z from "zod/mini";
import type { CourseType } from "./constants";
import { dateOfBirth, ENROLLMENT_LIMITS, hours, longText, phone } from "./enrollment-validators";
import { emailField, optionalText, requiredEnum, requiredText } from "./fields";
import { HIGHEST_EDUCATION } from "./form-options";

const ALL = ["basic", "advanced", "instructor"] as const;
const PILOTS = ["advanced", "instructor"] as const;

/** The form's groups, in page order. */
export const ENROLLMENT_SECTIONS = [
  "Personal Details",
  "Education",
  "Flying Experience",
  "Additional Information",
] as const;

/** How a value is kept and shown: the control the form renders, the stored type, the text staff read. */
export type FieldKind = "text" | "email" | "tel" | "date" | "education" | "textarea" | "hours" | "checkbox";

export interface EnrollmentField {
  /** Also the column's property in server/db/schema/intake.ts and the key of the API payload. */
  name: string;
  /** The form's label (browser tests and screen readers find the control by it). */
  label: string;
  kind: FieldKind;
  section: (typeof ENROLLMENT_SECTIONS)[number];
  /** The courses whose form asks for it. */
  courses: readonly CourseType[];
  /** Whether the form marks it '*' (the validator decides; this is what the page shows). */
  required: boolean;
  /** How the value is validated, as the form and POST /api/enrollment/{course} both check it. */
  validator: z.ZodMiniType;
  autoComplete?: string;
  rows?: number;
  /** Spans both columns of the form's grid. */
  wide?: boolean;
  /** Shown, and sent, only while this checkbox is ticked. */
  shownWhen?: string;
  /** A course's form that asks for this box stores an unticked box as false (other courses store null). */
  storesFalseWhenUnticked?: boolean;
  /** The line in the staff notification and confirmation e-mails, and the row in the card's details. */
  staffLabel: string;
  /**
   * On the dashboard card: in its title (the name), up front with the contact details and key facts, or folded
   * under "More details". The e-mails follow the same grouping: the title fields make one "Name" line.
   */
  card: "title" | "facts" | "more";
  /** The up-front label on the card, where it differs from the staff label. */
  cardLabel?: string;
  /** The column of the CSV export and the Google Sheets row; absent fields are in neither. */
  csvColumn?: string;
}

/** The fields in the order the form shows them; the CSV keeps the same order among the fields it has. */
export const ENROLLMENT_FIELDS = [
  {
    name: "firstName",
    label: "First Name",
    kind: "text",
    section: "Personal Details",
    courses: ALL,
    required: true,
    validator: requiredText(ENROLLMENT_LIMITS.name, "First name"),
    autoComplete: "given-name",
    staffLabel: "First name",
    card: "title",
    csvColumn: "First Name",
  },
  {
    name: "lastName",
    label: "Last Name",
    kind: "text",
    section: "Personal Details",
    courses: ALL,
    required: true,
    validator: requiredText(ENROLLMENT_LIMITS.name, "Last name"),
    autoComplete: "family-name",
    staffLabel: "Last name",
    card: "title",
    csvColumn: "Last Name",
  },
  {
    name: "email",
    label: "Email Address",
    kind: "email",
    section: "Personal Details",
    courses: ALL,
    required: true,
    validator: emailField(),
    autoComplete: "email",
    staffLabel: "Email",
    card: "facts",
    csvColumn: "Email",
  },
  {
    name: "phone",
    label: "Phone Number",
    kind: "tel",
    section: "Personal Details",
    courses: ALL,
    required: true,
    validator: phone,
    autoComplete: "tel",
    staffLabel: "Phone",
    card: "facts",
    csvColumn: "Phone",
  },
  {
    name: "address",
    label: "Address",
    // A textarea: "street-address" (the whole address, lines and all) is allowed on a textarea, not on an input.
    kind: "textarea",
    rows: 2,
    section: "Personal Details",
    courses: ALL,
    required: false,
    validator: optionalText(ENROLLMENT_LIMITS.address, "Address"),
    autoComplete: "street-address",
    wide: true,
    staffLabel: "Address",
    card: "more",
  },
  {
    name: "dateOfBirth",
    label: "Date of Birth",
    kind: "date",
    section: "Personal Details",
    courses: ALL,
    required: false,
    validator: dateOfBirth,
    autoComplete: "bday",
    staffLabel: "Date of birth",
    card: "more",
  },
  {
    name: "highestEducation",
    label: "Highest Education",
    kind: "education",
    section: "Education",
    courses: ALL,
    required: true,
    validator: requiredEnum(HIGHEST_EDUCATION, "Highest education"),
    staffLabel: "Highest education",
    card: "facts",
    cardLabel: "Education",
    csvColumn: "Education",
  },
  {
    name: "educationDetails",
    label: "Education Details",
    kind: "textarea",
    section: "Education",
    courses: ALL,
    required: false,
    validator: longText("Education details"),
    staffLabel: "Education details",
    card: "more",
  },
  {
    name: "dronesFlown",
    label: "Drones Flown",
    kind: "textarea",
    section: "Flying Experience",
    courses: PILOTS,
    required: true,
    validator: requiredText(ENROLLMENT_LIMITS.longText, "Drones flown"),
    staffLabel: "Drones flown",
    card: "more",
  },
  {
    name: "totalFlyingHours",
    label: "Total Flying Hours",
    kind: "hours",
    section: "Flying Experience",
    courses: PILOTS,
    required: true,
    validator: hours("Total flying hours"),
    staffLabel: "Total flying hours",
    card: "facts",
    cardLabel: "Flying hours",
    csvColumn: "Flying Hours",
  },
  {
    name: "totalPICHours",
    label: "Total PIC Hours",
    kind: "hours",
    section: "Flying Experience",
    courses: PILOTS,
    required: true,
    validator: hours("Total PIC hours"),
    staffLabel: "Total PIC hours",
    card: "facts",
    cardLabel: "PIC hours",
    csvColumn: "PIC Hours",
  },
  {
    name: "hasDroneExperience",
    label: "I have previous drone flying experience",
    kind: "checkbox",
    section: "Flying Experience",
    courses: ["basic"] as const,
    required: false,
    validator: z.optional(z.boolean({ error: "Drone experience must be true or false" })),
    storesFalseWhenUnticked: true,
    staffLabel: "Drone experience",
    card: "facts",
    csvColumn: "Drone Experience",
  },
  {
    name: "droneExperienceDetails",
    label: "Drone Experience Details",
    kind: "textarea",
    section: "Flying Experience",
    courses: ["basic"] as const,
    required: false,
    validator: longText("Drone experience details"),
    rows: 4,
    shownWhen: "hasDroneExperience",
    staffLabel: "Drone experience details",
    card: "more",
  },
  {
    name: "teachingExperience",
    label: "Teaching Experience",
    kind: "textarea",
    section: "Flying Experience",
    courses: ["instructor"] as const,
    required: false,
    validator: longText("Teaching experience"),
    rows: 4,
    staffLabel: "Teaching experience",
    card: "more",
  },
  {
    name: "aviationQualifications",
    label: "Aviation Qualifications",
    kind: "textarea",
    section: "Additional Information",
    courses: ALL,
    required: false,
    validator: longText("Aviation qualifications"),
    staffLabel: "Aviation qualifications",
    card: "more",
  },
  {
    name: "additionalInfo",
    label: "Additional Information",
    kind: "textarea",
    section: "Additional Information",
    courses: ALL,
    required: false,
    validator: longText("Additional information"),
    rows: 4,
    staffLabel: "Additional information",
    card: "more",
  },
] as const satisfies readonly EnrollmentField[];

export type EnrollmentFields = (typeof ENROLLMENT_FIELDS)[number];
type Fields = EnrollmentFields;
export type EnrollmentFieldName = Fields["name"];

/** The fields of one course's form, in page order. */
export function fieldsFor(course: CourseType): readonly EnrollmentField[] {
  return ENROLLMENT_FIELDS.filter((field) => (field.courses as readonly CourseType[]).includes(course));
}

/** The zod shape of one course's payload, typed field by field. */
export type ShapeOf<C extends CourseType> = {
  [F in Fields as C extends F["courses"][number] ? F["name"] : never]: F["validator"];
};

export function shapeFor<C extends CourseType>(course: C): ShapeOf<C> {
  return Object.fromEntries(fieldsFor(course).map((field) => [field.name, field.validator])) as ShapeOf<C>;
}

/** The value stored for a field of the given course: what was sent, else false for a course's unticked box. */
export function storedValue(field: EnrollmentField, course: CourseType, sent: unknown): unknown {
  if (!(field.courses as readonly CourseType[]).includes(course)) return null;
  if (sent !== undefined) return sent;
  return "storesFalseWhenUnticked" in field && field.storesFalseWhenUnticked ? false : null;
}

/** The fields with a CSV (and Google Sheets) column, in column order. */
export const CSV_FIELDS = ENROLLMENT_FIELDS.filter(
  (field): field is Extract<Fields, { csvColumn: string }> => "csvColumn" in field,
);

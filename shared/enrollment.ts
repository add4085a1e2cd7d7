// The three enrollment payloads of SPEC section 3, one schema each, shared by the forms and
// POST /api/enrollment/{basic,advanced,instructor}.
import * as z from "zod/mini";
import { emailField, optionalText, requiredEnum, requiredText } from "./fields";
import { HIGHEST_EDUCATION } from "./form-options";

export { EDUCATION_LABELS, HIGHEST_EDUCATION, type HighestEducation } from "./form-options";

export const ENROLLMENT_LIMITS = {
  name: 100,
  phone: 40,
  address: 500,
  longText: 2000,
  hours: 100_000,
} as const;

const phone = requiredText(ENROLLMENT_LIMITS.phone, "Phone").check(
  z.regex(/^[+()\d][\d\s()+.-]*$/, "Phone may contain only digits, spaces and + ( ) - ."),
);

const dateOfBirth = z.pipe(
  optionalText(10, "Date of birth"),
  z.custom<string | undefined>(
    (value) =>
      value === undefined ||
      (/^\d{4}-\d{2}-\d{2}$/.test(String(value)) && !Number.isNaN(Date.parse(String(value)))),
    "Date of birth must be a date (YYYY-MM-DD)",
  ),
);

/** Flight hours: a number, or a numeric string as a number input sends it; never negative. */
function hours(label: string) {
  const message = `${label} must be a number of hours from 0 to ${ENROLLMENT_LIMITS.hours}`;
  return z.pipe(
    z.union(
      [
        z.number({ error: message }),
        z.string({ error: message }).check(z.trim(), z.regex(/^\d+(\.\d+)?$/, message)),
      ],
      {
        error: message,
      },
    ),
    z.pipe(
      z.transform((value: number | string) => Number(value)),
      z.number({ error: message }).check(z.gte(0, message), z.lte(ENROLLMENT_LIMITS.hours, message)),
    ),
  );
}

const longText = (label: string) => optionalText(ENROLLMENT_LIMITS.longText, label);

const common = {
  firstName: requiredText(ENROLLMENT_LIMITS.name, "First name"),
  lastName: requiredText(ENROLLMENT_LIMITS.name, "Last name"),
  email: emailField(),
  phone,
  address: optionalText(ENROLLMENT_LIMITS.address, "Address"),
  dateOfBirth,
  highestEducation: requiredEnum(HIGHEST_EDUCATION, "Highest education"),
  educationDetails: longText("Education details"),
  aviationQualifications: longText("Aviation qualifications"),
  additionalInfo: longText("Additional information"),
};

export const BasicEnrollmentSchema = z.object({
  ...common,
  hasDroneExperience: z.optional(z.boolean({ error: "Drone experience must be true or false" })),
  droneExperienceDetails: longText("Drone experience details"),
});

export const AdvancedEnrollmentSchema = z.object({
  ...common,
  dronesFlown: requiredText(ENROLLMENT_LIMITS.longText, "Drones flown"),
  totalFlyingHours: hours("Total flying hours"),
  totalPICHours: hours("Total PIC hours"),
});

export const InstructorEnrollmentSchema = z.object({
  ...AdvancedEnrollmentSchema.shape,
  teachingExperience: longText("Teaching experience"),
});

export type BasicEnrollment = z.output<typeof BasicEnrollmentSchema>;
export type AdvancedEnrollment = z.output<typeof AdvancedEnrollmentSchema>;
export type InstructorEnrollment = z.output<typeof InstructorEnrollmentSchema>;

export const ENROLLMENT_SCHEMAS = {
  basic: BasicEnrollmentSchema,
  advanced: AdvancedEnrollmentSchema,
  instructor: InstructorEnrollmentSchema,
} as const;

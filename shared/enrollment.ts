// The three enrollment payloads, one schema per course, derived from the field catalogue
// (shared/enrollment-fields.ts). The form and POST /api/enrollment/{basic,advanced,instructor} check the same one.
import * as z from "zod/mini";
import type { CourseType } from "./constants";
import { shapeFor } from "./enrollment-fields";
import { PhoneCheckSchema, textChoiceFields } from "./texts";
import { intakeIdSchema } from "./training";

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

/**
 * The intake an applicant chose: an intake's id, or nothing for "Any upcoming date" (which holds no seat until
 * staff assign one). Not a field of the catalogue: it is not stored with the answers but as a place (seats).
 */
export const intakeChoice = {
  intakeId: z.optional(z.nullable(intakeIdSchema)),
};

/**
 * What POST /api/enrollment/{course} accepts: the course's fields, the intake choice and "Text me" (not in the
 * catalogue either, so a saved draft never holds the consent).
 */
export const ENROLLMENT_REQUEST_SCHEMAS = {
  basic: z.object({ ...BasicEnrollmentSchema.shape, ...intakeChoice, ...textChoiceFields }),
  advanced: z.object({ ...AdvancedEnrollmentSchema.shape, ...intakeChoice, ...textChoiceFields }),
  instructor: z.object({ ...InstructorEnrollmentSchema.shape, ...intakeChoice, ...textChoiceFields }),
} as const satisfies Record<CourseType, unknown>;

/**
 * The place an application took in its chosen intake (none: no intake chosen, or it no longer takes applications;
 * limit: received, but its mailbox already has the most places the settings allow in that intake).
 */
export const PlaceTakenSchema = z.object({
  outcome: z.enum(["held", "waitlisted", "limit", "none"]),
  /** 1 is next in line (waitlisted only). */
  position: z.nullable(z.number()),
  /** The places one mailbox may hold in an intake (limit only). */
  limit: z.optional(z.number()),
});
export type PlaceTaken = z.output<typeof PlaceTakenSchema>;

/** What an applicant is told of the place their application took, on the form and on the page after a post. */
export function placeNoteText(place: PlaceTaken | undefined): string {
  if (place?.outcome === "held")
    return "A seat is held for you while we review your application: please confirm your e-mail address with the link we sent you, or the hold lapses.";
  if (place?.outcome === "waitlisted")
    return `The intake you chose is full: you are number ${place.position} on its waitlist. We will e-mail you if a seat frees up.`;
  if (place?.outcome === "limit")
    return `We have received your application, but it holds no seat: this e-mail address already has ${place.limit ?? "the most"} places in the intake you chose, the most one address can hold. Our team will look at it and contact you.`;
  return "We will be in touch about the next intake dates.";
}

/** What POST /api/enrollment/{course} answers with 201. */
export const EnrollmentCreatedSchema = z.object({
  message: z.string(),
  id: z.number(),
  place: z.optional(PlaceTakenSchema),
  /** "Text me" was ticked and the number's code was texted: the page asks for it back. */
  phoneCheck: z.optional(PhoneCheckSchema),
  /** "Text me" was ticked but nothing was texted (the number asked us to stop): why. */
  textNote: z.optional(z.string()),
});
export type EnrollmentCreated = z.output<typeof EnrollmentCreatedSchema>;

// The stored enrollment fields as the staff API sends them, typed field by field from the catalogue.
import * as z from "zod/mini";
import { ENROLLMENT_FIELDS, type EnrollmentField, type EnrollmentFields } from "./enrollment-fields";
import { HIGHEST_EDUCATION, type HighestEducation } from "./form-options";

type StoredBase<F extends EnrollmentFields> = F["kind"] extends "hours"
  ? number
  : F["kind"] extends "checkbox"
    ? boolean
    : F["kind"] extends "education"
      ? HighestEducation
      : string;
/** A field every course asks for and requires is never empty in the database; any other may be null. */
type AlwaysStored<F extends EnrollmentFields> = F["required"] extends true
  ? F["courses"]["length"] extends 3
    ? true
    : false
  : false;

/** The zod shape of the stored fields as the staff API sends them, typed field by field. */
export type StoredShape = {
  [F in EnrollmentFields as F["name"]]: AlwaysStored<F> extends true
    ? z.ZodMiniType<StoredBase<F>>
    : z.ZodMiniType<StoredBase<F> | null>;
};

function storedSchema(field: EnrollmentField): z.ZodMiniType {
  const base =
    field.kind === "hours"
      ? z.number()
      : field.kind === "checkbox"
        ? z.boolean()
        : field.kind === "education"
          ? z.enum(HIGHEST_EDUCATION)
          : z.string();
  return field.required && field.courses.length === 3 ? base : z.nullable(base);
}

export function storedShape(): StoredShape {
  return Object.fromEntries(
    ENROLLMENT_FIELDS.map((field) => [field.name, storedSchema(field)]),
  ) as unknown as StoredShape;
}

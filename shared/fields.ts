// Field builders shared by every form schema. zod/mini keeps the validation code small enough for the landing
// page's JavaScript budget (ADR 009); the server validates with the very same schemas.
import * as z from "zod/mini";

/** A required string: trimmed, non-empty, capped. */
export function requiredText(max: number, label: string) {
  return z
    .string({ error: `${label} is required` })
    .check(
      z.trim(),
      z.minLength(1, `${label} is required`),
      z.maxLength(max, `${label} must be at most ${max} characters`),
    );
}

/** An optional string: trimmed, capped; empty or missing becomes undefined. */
export function optionalText(max: number, label: string) {
  return z.pipe(
    z.optional(
      z.nullable(
        z
          .string({ error: `${label} must be text` })
          .check(z.trim(), z.maxLength(max, `${label} must be at most ${max} characters`)),
      ),
    ),
    z.transform((value) => (value ? value : undefined)),
  );
}

export const EMAIL_MAX = 254;

export function emailField(label = "Email") {
  return requiredText(EMAIL_MAX, label).check(
    z.email(`${label} must be a valid email address`),
    z.toLowerCase(),
  );
}

export function requiredEnum<const T extends readonly [string, ...string[]]>(values: T, label: string) {
  return z.enum(values, { error: `${label} must be one of: ${values.join(", ")}` });
}

// The checks of the enrollment fields that need more than a length: phone, date of birth, flight hours.
import * as z from "zod/mini";
import { optionalText, requiredText } from "./fields";

export const ENROLLMENT_LIMITS = {
  name: 100,
  phone: 40,
  address: 500,
  longText: 2000,
  hours: 100_000,
} as const;

export const phone = requiredText(ENROLLMENT_LIMITS.phone, "Phone").check(
  z.regex(/^[+()\d][\d\s()+.-]*$/, "Phone may contain only digits, spaces and + ( ) - ."),
);

export const dateOfBirth = z.pipe(
  optionalText(10, "Date of birth"),
  z.custom<string | undefined>(
    (value) =>
      value === undefined ||
      (/^\d{4}-\d{2}-\d{2}$/.test(String(value)) && !Number.isNaN(Date.parse(String(value)))),
    "Date of birth must be a date (YYYY-MM-DD)",
  ),
);

/** Flight hours: a number, or a numeric string as a number input sends it; never negative. */
export function hours(label: string) {
  const message = `${label} must be a number of hours from 0 to ${ENROLLMENT_LIMITS.hours}`;
  return z.pipe(
    z.union(
      [
        z.number({ error: message }),
        z.string({ error: message }).check(z.trim(), z.regex(/^\d+(\.\d+)?$/, message)),
      ],
      { error: message },
    ),
    z.pipe(
      z.transform((value: number | string) => Number(value)),
      z.number({ error: message }).check(z.gte(0, message), z.lte(ENROLLMENT_LIMITS.hours, message)),
    ),
  );
}

export const longText = (label: string) => optionalText(ENROLLMENT_LIMITS.longText, label);

// Phone numbers for text messages (issue 34 point 4). People type numbers as they know them ("701 2345",
// "+61 412 345 678", "00679 701-2345"); the typed form is kept for staff and the CSV, and this module derives the
// E.164 form a provider needs. Seven local digits are Fiji's (+679), since most applicants are there; anyone else
// must give their country code, because a bare number abroad cannot be told apart from a Fiji one. A text is only
// worth queueing to a mobile, so landlines and invalid numbers are refused with a sentence a person can act on.
//
// Server only: libphonenumber-js with its "max" metadata. The smaller "min" metadata cannot tell a Fiji mobile
// (7, 8, 9...) from a Fiji landline (3...): getType() returns undefined for +679 numbers there, and it does for
// New Zealand, Solomon Islands, Vanuatu, Tonga and Samoa too. "max" is large, which is why it never reaches web/.
import { type CountryCode, parsePhoneNumberFromString } from "libphonenumber-js/max";

const HOME_COUNTRY: CountryCode = "FJ";

export const PROBLEM_NOT_A_NUMBER =
  "Give a mobile number: 7 digits in Fiji, or with its country code (+61 ...) elsewhere.";
export const PROBLEM_NOT_MOBILE =
  "This looks like a landline. Give a mobile number that can receive text messages.";

export type MobileNumber = { e164: string; country: string };
export type MobileProblem = { problem: string };

// Digits with the separators people use between them; an optional leading + or 00. Letters and anything else are
// refused rather than passed to the library, which would happily pick a number out of "call me on 7012345".
const TYPED_SHAPE = /^\(?(\+|00)?[\d\s\-.()]+$/;

/** The E.164 form and ISO country of a typed mobile number, or a problem to show the person. */
export function toMobileE164(typed: string): MobileNumber | MobileProblem {
  const trimmed = typed.replace(/\u00a0/g, " ").trim();
  if (!TYPED_SHAPE.test(trimmed)) return { problem: PROBLEM_NOT_A_NUMBER };
  const digits = trimmed.replace(/\D/g, "");
  const lead = trimmed.replace(/^\(/, ""); // "(+679) 701 2345"
  let international: string;
  if (lead.startsWith("+")) international = `+${digits}`;
  else if (lead.startsWith("00")) international = `+${digits.slice(2)}`;
  else if (digits.length === 7) international = `+679${digits}`;
  else return { problem: PROBLEM_NOT_A_NUMBER }; // a national number from elsewhere needs its country code
  const parsed = parsePhoneNumberFromString(international, HOME_COUNTRY);
  if (!parsed?.isValid() || !parsed.country) return { problem: PROBLEM_NOT_A_NUMBER };
  const type = parsed.getType();
  // Some plans (the US, Canada) share number ranges between mobiles and landlines; a text may still reach them.
  if (type !== "MOBILE" && type !== "FIXED_LINE_OR_MOBILE") return { problem: PROBLEM_NOT_MOBILE };
  return { e164: parsed.number, country: parsed.country };
}

/** The country calling code of an E.164 number, without "+": "679" for +6797012345; null if not E.164. */
export function countryCallingCode(e164: string): string | null {
  if (!/^\+[1-9]\d{6,14}$/.test(e164)) return null;
  const parsed = parsePhoneNumberFromString(e164);
  return parsed ? parsed.countryCallingCode : null;
}

/** Whether texts may go to an E.164 number: its country calling code is one of `allowed` (SMS_ALLOWED_COUNTRIES). */
export function inAllowedCountry(e164: string, allowed: readonly string[]): boolean {
  const code = countryCallingCode(e164);
  return code !== null && allowed.includes(code);
}

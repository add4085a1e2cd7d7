// Amounts staff type (docs/product.md, Money typed by staff; ADR 045): in FJD as people write them, "350", "350.00",
// "1,500", "FJD 2,800.50", "$ 75.5", read into integer cents without floating point. Anything else is refused with a
// message naming the field, never guessed: "1.500,00" could be 1,500 or 1.5, and "1,50" a slip for 1.50 or 150.
// Forms read the text with `fjdAmount` and hand the cents to the API's own schema, which keeps integer cents.
import * as z from "zod/mini";
import { groupThousands } from "./constants";

/** An optional "FJD", "$" or "FJD $" (how formatFjd writes it), then the dollars and up to two decimals. */
const AMOUNT = /^(?:FJD\s*)?(?:\$\s*)?(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/i;
/** A minus before the digits, with or without the currency before it. */
const MINUS = /^(?:FJD\s*)?(?:\$\s*)?-/i;
/** Whole dollars beyond this many digits are no price we charge (and would lose cents in a double). */
const MAX_WHOLE_DIGITS = 11;

export type FjdProblem = "empty" | "negative" | "decimals" | "large" | "format";
export type FjdReading = { cents: number } | { problem: FjdProblem };

/** Reads typed FJD into integer cents, or says what kind of text it is not. */
export function readFjd(text: string): FjdReading {
  const typed = text.trim();
  if (typed === "") return { problem: "empty" };
  const match = AMOUNT.exec(typed);
  if (!match) {
    // Only named as negative or over-precise when that is the one thing wrong with it.
    if (MINUS.test(typed) && AMOUNT.test(typed.replace("-", "").trim())) return { problem: "negative" };
    if (AMOUNT.test(typed.replace(/(\.\d{2})\d+$/, "$1"))) return { problem: "decimals" };
    return { problem: "format" };
  }
  const whole = (match[1] ?? "").replaceAll(",", "").replace(/^0+(?=\d)/, "");
  if (whole.length > MAX_WHOLE_DIGITS) return { problem: "large" };
  return { cents: Number(whole) * 100 + Number((match[2] ?? "").padEnd(2, "0")) };
}

/** "FJD 2,800.50" -> 280050; null for anything the rule refuses (empty text too). */
export function parseFjdToCents(text: string): number | null {
  const reading = readFjd(text);
  return "cents" in reading ? reading.cents : null;
}

/** 280050 -> "2,800.50": a money field's value, which `parseFjdToCents` reads back to the same cents. */
export function formatFjdInput(cents: number): string {
  const whole = Math.floor(cents / 100);
  const rest = String(cents % 100).padStart(2, "0");
  return `${groupThousands(whole)}.${rest}`;
}

export const FJD_EXAMPLES = "350, 1,500 or 2,800.50";

/** What is wrong with a field's text, in words staff can act on. */
export function fjdProblemMessage(label: string, problem: FjdProblem): string {
  switch (problem) {
    case "empty":
      return `${label} is required`;
    case "negative":
      return `${label} cannot be negative`;
    case "decimals":
      return `${label} can have at most two decimals (cents)`;
    case "large":
      return `${label} is too large`;
    default:
      return `${label} must be an amount in FJD, like ${FJD_EXAMPLES}`;
  }
}

/** A required money field: its text in FJD, as integer cents. */
export function fjdAmount(label: string) {
  return z.pipe(
    z.string({ error: `${label} is required` }),
    z.transform((text: string, ctx): number => {
      const reading = readFjd(text);
      if ("cents" in reading) return reading.cents;
      ctx.issues.push({ code: "custom", message: fjdProblemMessage(label, reading.problem), input: text });
      return z.NEVER;
    }),
  );
}

/** An optional money field: blank is null, anything else as `fjdAmount`. */
export function optionalFjdAmount(label: string) {
  return z.pipe(
    z.string(),
    z.transform((text: string, ctx): number | null => {
      const reading = readFjd(text);
      if ("cents" in reading) return reading.cents;
      if (reading.problem === "empty") return null;
      ctx.issues.push({ code: "custom", message: fjdProblemMessage(label, reading.problem), input: text });
      return z.NEVER;
    }),
  );
}

/** The amount field of a form that records money by hand. */
export const FjdAmountSchema = fjdAmount("Amount");

// The card form's entry formatting and checks (docs/product.md, Card form). Pure functions, so the rules are tested
// apart from the form.

export const CARD_RULES = {
  /** Digits kept while typing; longer numbers exist but the original form capped entry here. */
  entryMaxDigits: 16,
  minDigits: 13,
  maxDigits: 19,
  expiryLength: 5,
  cvvMinDigits: 3,
  cvvMaxDigits: 4,
} as const;

const digitsOf = (value: string) => value.replace(/\D/g, "");

/** "4242424242424242" -> "4242 4242 4242 4242": digits only, at most 16, in groups of 4. */
export function formatCardNumber(input: string): string {
  const digits = digitsOf(input).slice(0, CARD_RULES.entryMaxDigits);
  return digits.replace(/(\d{4})(?=\d)/g, "$1 ");
}

export function isValidCardNumber(value: string): boolean {
  if (!/^[\d ]+$/.test(value)) return false;
  const length = digitsOf(value).length;
  return length >= CARD_RULES.minDigits && length <= CARD_RULES.maxDigits;
}

/**
 * Auto-formats MM/YY while typing. The slash appears only once a year digit follows, so Backspace after "12/"
 * deletes the slash instead of fighting it; a first digit of 2-9 can only be a month, so it becomes "0N".
 */
export function formatExpiry(input: string): string {
  let digits = digitsOf(input).slice(0, 4);
  if (/^[2-9]/.test(digits)) digits = `0${digits}`.slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

/**
 * MM/YY with a month from 01 to 12. A card is valid through the last day of its expiry month, so a month already
 * over is refused too: the original form only checked the month, but a provider would decline that card anyway.
 */
export function isValidExpiry(value: string, now: Date = new Date()): boolean {
  const match = /^(\d{2})\/(\d{2})$/.exec(value);
  if (!match) return false;
  const month = Number(match[1]);
  const year = 2000 + Number(match[2]);
  if (month < 1 || month > 12) return false;
  return year * 12 + month >= now.getFullYear() * 12 + now.getMonth() + 1;
}

/** Digits only, at most 4. */
export function formatCvv(input: string): string {
  return digitsOf(input).slice(0, CARD_RULES.cvvMaxDigits);
}

export function isValidCvv(value: string): boolean {
  return new RegExp(`^\\d{${CARD_RULES.cvvMinDigits},${CARD_RULES.cvvMaxDigits}}$`).test(value);
}

export type CardBrand = "visa" | "mastercard" | "amex";

export const CARD_BRAND_LABELS: Record<CardBrand, string> = {
  visa: "Visa",
  mastercard: "Mastercard",
  amex: "American Express",
};

/** The brand badge by first digit: 4 is Visa, 5 or 2 Mastercard, 3 American Express; anything else shows no badge. */
export function cardBrand(value: string): CardBrand | null {
  const first = digitsOf(value)[0];
  if (first === "4") return "visa";
  if (first === "5" || first === "2") return "mastercard";
  if (first === "3") return "amex";
  return null;
}

export type CardField = "number" | "expiry" | "cvv" | "name";

export interface CardCheckError {
  field: CardField;
  title: string;
  description: string;
}

export const CARD_ERRORS: Record<CardField, Omit<CardCheckError, "field">> = {
  number: { title: "Invalid Card Number", description: "Please enter a valid card number" },
  expiry: { title: "Invalid Expiry Date", description: "Please enter a valid expiry date (MM/YY)" },
  cvv: { title: "Invalid CVV", description: "Please enter a valid CVV code" },
  name: { title: "Missing Cardholder Name", description: "Please enter the cardholder name" },
};

export interface CardEntry {
  number: string;
  expiry: string;
  cvv: string;
  name: string;
}

/** The first problem in the form's order (number, expiry, CVV, name), or null when the card can be submitted. */
export function checkCard(card: CardEntry, now: Date = new Date()): CardCheckError | null {
  const failing = firstFailing(card, now);
  return failing ? { field: failing, ...CARD_ERRORS[failing] } : null;
}

function firstFailing(card: CardEntry, now: Date): CardField | null {
  if (!isValidCardNumber(card.number)) return "number";
  if (!isValidExpiry(card.expiry, now)) return "expiry";
  if (!isValidCvv(card.cvv)) return "cvv";
  if (card.name.trim() === "") return "name";
  return null;
}

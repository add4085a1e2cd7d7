// The payment requests (docs/product.md, Payments and access): one schema each for the forms and
// POST /api/create-subscription, /api/create-mpaisa-payment and /api/generate-qr-payment, plus the shapes those
// endpoints answer.
import * as z from "zod/mini";
import { SUBSCRIPTION, WALLET_PAYMENT } from "./constants";
import { emailField, optionalText, requiredText } from "./fields";
import { formatFjd } from "./money-format";

export const PAYMENT_LIMITS = {
  name: 100,
  description: 200,
  /** Not a business rule: a ceiling that keeps a typo (or a probe) from reaching a provider as a huge charge. */
  maxAmountCents: 1_000_000,
} as const;

const MIN_AMOUNT_CENTS = Math.round(WALLET_PAYMENT.minAmount * 100);
export const AMOUNT_FORMAT_MESSAGE = "Enter an amount in FJD, like 25.00";
export const AMOUNT_MIN_MESSAGE = `The minimum amount is ${formatFjd(MIN_AMOUNT_CENTS)}`;
export const AMOUNT_MAX_MESSAGE = `The maximum amount is ${formatFjd(PAYMENT_LIMITS.maxAmountCents)}`;

/**
 * "25", "25.5" or "25.00" as integer cents, without floating point (0.1 + 0.2 must not become a cent off).
 * Only for strings that passed the amount check.
 */
export function amountToCents(amount: string): number {
  const [whole = "0", fraction = ""] = amount.trim().split(".");
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}

/** An FJD amount as the form's number input sends it: a decimal string, at most two decimals, at least 1.00. */
function amountField() {
  return z.string({ error: "Amount is required" }).check(
    z.trim(),
    z.minLength(1, "Amount is required"),
    z.regex(/^\d{1,9}(\.\d{1,2})?$/, AMOUNT_FORMAT_MESSAGE),
    z.refine((value) => amountToCents(value) >= MIN_AMOUNT_CENTS, AMOUNT_MIN_MESSAGE),
    z.refine((value) => amountToCents(value) <= PAYMENT_LIMITS.maxAmountCents, AMOUNT_MAX_MESSAGE),
  );
}

/**
 * Days of portal access a wallet payment buys: the monthly price buys 30 days and smaller amounts buy their share,
 * rounded up, so FJD 50.00 = 30 days, FJD 25.00 = 15 days and the minimum FJD 1.00 = 1 day. No payment buys nothing.
 */
export function walletDaysFor(amountCents: number): number {
  if (!Number.isFinite(amountCents) || amountCents <= 0) return 0;
  return Math.ceil((amountCents * WALLET_PAYMENT.daysPerPrice) / SUBSCRIPTION.priceCents);
}

/** "FJD 25.00 buys 15 days of portal access", or null while the amount is not a valid one. */
export function walletDaysText(amount: string): string | null {
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(amount.trim())) return null;
  const cents = amountToCents(amount);
  if (cents < MIN_AMOUNT_CENTS || cents > PAYMENT_LIMITS.maxAmountCents) return null;
  const days = walletDaysFor(cents);
  return `${formatFjd(cents)} buys ${days} ${days === 1 ? "day" : "days"} of portal access`;
}

/**
 * M-PAiSA takes the local number, without the country code. Fiji numbers are 7 digits, so exactly 7 digits
 * are accepted; the form strips spaces and dashes before it validates, the API takes digits only.
 */
export const LOCAL_PHONE_DIGITS = 7;
export const PHONE_FORMAT_MESSAGE = `Enter your ${LOCAL_PHONE_DIGITS}-digit mobile number without the country code, e.g. 9123456`;

function localPhoneField() {
  return z
    .string({ error: "Phone number is required" })
    .check(
      z.trim(),
      z.minLength(1, "Phone number is required"),
      z.regex(new RegExp(`^\\d{${LOCAL_PHONE_DIGITS}}$`), PHONE_FORMAT_MESSAGE),
    );
}

/** What a visitor types as a phone number, as the API wants it: "912 3456" and "912-3456" become "9123456". */
export function normalizeLocalPhone(input: string): string {
  return input.replace(/[\s-]/g, "");
}

/** POST /api/create-subscription: the e-mail to subscribe and an optional name (docs/product.md, Subscribe form). */
export const SubscriptionRequestSchema = z.object({
  email: emailField(),
  name: optionalText(PAYMENT_LIMITS.name, "Name"),
});
export type SubscriptionRequest = z.input<typeof SubscriptionRequestSchema>;

/** POST /api/create-mpaisa-payment: the payer's wallet number, e-mail, name and amount (docs/product.md, M-PAiSA form). */
export const MpaisaPaymentSchema = z.object({
  phone: localPhoneField(),
  email: emailField(),
  name: requiredText(PAYMENT_LIMITS.name, "Name"),
  amount: amountField(),
});
export type MpaisaPayment = z.input<typeof MpaisaPaymentSchema>;

/** POST /api/generate-qr-payment: the amount, what it pays for and the payer (docs/product.md, M-PAiSA form). */
export const QrPaymentSchema = z.object({
  amount: amountField(),
  description: requiredText(PAYMENT_LIMITS.description, "Description"),
  /** Who pays, so the payment is credited to them; a signed-in subscriber's own address when left out. */
  email: z.optional(emailField()),
});

export const QR_EMAIL_REQUIRED_MESSAGE =
  "Enter your e-mail address, so that your payment can be credited to your portal access.";
export type QrPayment = z.input<typeof QrPaymentSchema>;

/**
 * Staff confirming a wallet payment by hand enter what the merchant statement shows: the amount received (what is
 * credited, never the amount the payer typed) and M-PAiSA's receipt number.
 */
export const WalletConfirmationSchema = z.object({
  amount: amountField(),
  receipt: z
    .string({ error: "Receipt number is required" })
    .check(
      z.trim(),
      z.minLength(1, "Receipt number is required"),
      z.regex(
        /^[A-Za-z0-9][A-Za-z0-9._/-]{1,59}$/,
        "Enter the M-PAiSA receipt number as the statement shows it",
      ),
    ),
});
export type WalletConfirmation = z.input<typeof WalletConfirmationSchema>;

/** Staff assign a received payment that named nobody to the subscriber it belongs to. */
export const WalletAssignmentSchema = z.object({ email: emailField() });

/** What the QR code pays for: always the portal subscription. */
export const QR_DESCRIPTION = "Document Portal Access subscription";

export type {
  MpaisaPaymentResponse,
  PaymentsConfig,
  QrPaymentResponse,
  SubscriptionResponse,
} from "./contracts/payments";

/** The 503 answers while a provider is missing; the screens turn "not configured" into an 'is being set up' toast. */
export const CARD_NOT_CONFIGURED_MESSAGE = "Card payments are not configured on this server yet.";
export const WALLET_NOT_CONFIGURED_MESSAGE = "M-PAiSA payments are not configured on this server yet.";
/** Stripe's own routes (its webhook, the customer portal, cancelling) while Stripe is not configured. */
export const STRIPE_NOT_CONFIGURED_MESSAGE = "Card payments are not configured on this server.";

// M-PAiSA's wire format, in one module: the payment request we send, the answer we expect, and the callback it
// delivers. These shapes follow our best reading of the merchant API; we have not seen a signed copy of Vodafone
// Fiji's current documentation. When the merchant account comes with it, adapt here (field names, status words,
// the signature header and what it signs) and in the fake (tests/fakes/mpaisa.ts); nothing else reads the wire.
import { createHmac, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import { CURRENCY } from "../../shared/constants";

/** POST `${MPAISA_API_URL}/payments`, with `Authorization: Bearer ${MPAISA_API_KEY}`. */
export const MPAISA_PAYMENTS_PATH = "/payments";

export const MpaisaPaymentRequestSchema = z.object({
  merchantId: z.string().min(1),
  /** Ours (PSR-…): the callback names it, so a payment is matched without trusting anything else. */
  reference: z.string().min(1),
  /** Dollars with two decimals, "50.00". */
  amount: z.string().regex(/^\d+\.\d{2}$/),
  currency: z.literal(CURRENCY),
  /** The local number, 7 digits, no country code; absent for a QR payment, approved on the gateway's page. */
  customerPhone: z
    .string()
    .regex(/^\d{7}$/)
    .optional(),
  customerEmail: z.email(),
  customerName: z.string().min(1),
  description: z.string().min(1),
  callbackUrl: z.url(),
  returnUrl: z.url(),
});
export type MpaisaPaymentRequest = z.infer<typeof MpaisaPaymentRequestSchema>;

/**
 * A 2xx answer. PENDING means the payer was asked (a push to the app, or checkoutUrl to open); DECLINED or FAILED
 * means the wallet refused at once (an unregistered number, say). Unknown extra fields are ignored.
 */
export const MpaisaPaymentAnswerSchema = z.object({
  transactionId: z.string().min(1).max(100),
  status: z.string().transform((value) => value.toUpperCase()),
  checkoutUrl: z.url({ protocol: /^https?$/ }).nullish(),
  message: z.string().nullish(),
});
export type MpaisaPaymentAnswer = z.infer<typeof MpaisaPaymentAnswerSchema>;

/** Error answers carry a message in one of these places. */
export const MpaisaErrorAnswerSchema = z.object({
  message: z.string().optional(),
  error: z.union([z.string(), z.object({ message: z.string().optional() })]).optional(),
});

export const MPAISA_FINAL_STATUSES = ["COMPLETED", "FAILED", "DECLINED"] as const;
export type MpaisaFinalStatus = (typeof MPAISA_FINAL_STATUSES)[number];

/** The provider's POST to our callback URL once the payer approves or declines. */
export const MpaisaCallbackSchema = z.object({
  reference: z.string().min(1).max(40),
  transactionId: z.string().min(1).max(100),
  status: z.enum(MPAISA_FINAL_STATUSES),
  amount: z.string().regex(/^\d+(\.\d{1,2})?$/),
  currency: z.literal(CURRENCY),
  timestamp: z.string(),
  message: z.string().max(500).optional(),
});
export type MpaisaCallback = z.infer<typeof MpaisaCallbackSchema>;

/** Hex HMAC-SHA256 of the raw request body with MPAISA_CALLBACK_SECRET. */
export const MPAISA_SIGNATURE_HEADER = "x-mpaisa-signature";

export function signMpaisaBody(rawBody: string | Buffer, secret: string): string {
  return createHmac("sha256", secret).update(rawBody).digest("hex");
}

export function verifyMpaisaSignature(
  rawBody: Buffer,
  header: string | string[] | undefined,
  secret: string,
): boolean {
  if (typeof header !== "string" || !/^[0-9a-f]{64}$/i.test(header.trim())) return false;
  const expected = Buffer.from(signMpaisaBody(rawBody, secret), "hex");
  return timingSafeEqual(expected, Buffer.from(header.trim(), "hex"));
}

export function centsToWireAmount(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
}

/** "50", "50.5" or "50.00" as integer cents, without floating point. */
export function wireAmountToCents(amount: string): number {
  const [whole = "0", fraction = ""] = amount.split(".");
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}

// M-PAiSA's wire format, in one module: the token exchange, the handshake that opens a payment request, the address
// of the gateway's hosted payment page, the redirect that brings the payer back with a SHA-256 token, and the status
// call that says what happened. Paths, field names, the token's composition and the response codes follow the most
// concrete public description we have (ADR 022); none is confirmed by Vodafone Fiji's merchant documentation yet.
// When it arrives, adapt here and in the fake (tests/fakes/mpaisa.ts); nothing else reads the wire.
import { createHash, timingSafeEqual } from "node:crypto";
import { z } from "zod";

export const MPAISA_PATHS = {
  /** POST, JSON `{ clientId, clientSecret }`: a bearer token for the calls below. */
  token: "/live/API/generateAuth",
  /** GET with the payment in the query string (see handshakeUrl): opens a request, answers its id. */
  handshake: "/live/API/",
  /** GET `?rID&tID&cID`: the request's response code, the only word we credit on. */
  status: "/live/API/requeststatus",
  /** Where the hosted payment page lives when the handshake does not say. */
  paymentsPage: "/live/",
} as const;

/** A cached token is replaced this long before it expires, so no call goes out with one about to lapse. */
export const TOKEN_REFRESH_MARGIN_MS = 60_000;
/** Assumed when the token answer gives no expiry. */
export const TOKEN_DEFAULT_LIFETIME_MS = 30 * 60_000;
/**
 * How long a request can still be paid after the handshake: the handshake gives no expiry, so this is our assumption.
 * Its status is polled this long (and a grace after, for a payment approved at the last moment).
 */
export const PAYABLE_FOR_MS = 30 * 60_000;

// ---- Token exchange ----

export function tokenRequestBody(clientId: string, clientSecret: string): string {
  return JSON.stringify({ clientId, clientSecret });
}

export const TokenAnswerSchema = z.object({
  success: z.literal(true),
  token: z.string().min(1).max(4096),
  /** Epoch milliseconds. */
  expiresAt: z.coerce.number().int().positive().optional(),
});

// ---- Handshake ----

export interface HandshakeFields {
  /** Where the gateway sends the payer back (our return route). */
  returnUrl: string;
  /** Ours (PSR-…): the merchant transaction id, echoed in the redirect and the status. */
  reference: string;
  /** Dollars with two decimals, "50.00": hashed byte for byte, so always made by centsToWireAmount. */
  amount: string;
  /** The item description, also hashed: recomputed from the reference, never stored apart. */
  itemDetail: string;
  clientId: string;
}

function handshakeQuery(fields: HandshakeFields): URLSearchParams {
  return new URLSearchParams({
    url: fields.returnUrl,
    tID: fields.reference,
    amt: fields.amount,
    cID: fields.clientId,
    iDet: fields.itemDetail,
  });
}

export function handshakeUrl(apiUrl: string, fields: HandshakeFields): string {
  return `${apiUrl}${MPAISA_PATHS.handshake}?${handshakeQuery(fields)}`;
}

/** Reads a handshake request back (the fake and the sandbox do). */
export function handshakeFieldsOf(query: URLSearchParams): HandshakeFields | null {
  const get = (key: string) => query.get(key) ?? "";
  const fields = {
    returnUrl: get("url"),
    reference: get("tID"),
    amount: get("amt"),
    clientId: get("cID"),
    itemDetail: get("iDet"),
  };
  return Object.values(fields).every((value) => value !== "") ? fields : null;
}

export const HandshakeAnswerSchema = z.object({
  requestID: z.union([z.string().min(1).max(100), z.number().int().nonnegative()]).transform(String),
  /** SHA-256 over the request and the response code (see gatewayDigest); checked, but only logged (ADR 022). */
  authdigestv2: z.string().optional(),
  /** 100 when the request was opened; anything else says why not. */
  response: z.coerce.number().int().optional(),
  paymentspage: z.url({ protocol: /^https?$/ }).optional(),
});
export type HandshakeAnswer = z.infer<typeof HandshakeAnswerSchema>;

/** The hosted page for one request: the page address with the request's details, as the payer opens it. */
export function checkoutUrl(paymentsPage: string, fields: HandshakeFields, requestId: string): string {
  const page = new URL(paymentsPage);
  for (const [key, value] of handshakeQuery(fields)) page.searchParams.set(key, value);
  page.searchParams.set("rID", requestId);
  return page.toString();
}

// ---- The SHA-256 token ----

/**
 * Upper-case hex SHA-256 of the merchant transaction id, amount, item detail, client secret and response code, joined
 * without separators: the handshake's authdigestv2 (with its response code) and the redirect's tokenv2 (with the
 * redirect's rCode). The public description disagrees with itself on whether the request id belongs in it too.
 */
export function gatewayDigest(parts: {
  reference: string;
  amount: string;
  itemDetail: string;
  clientSecret: string;
  code: string | number;
}): string {
  const joined = `${parts.reference}${parts.amount}${parts.itemDetail}${parts.clientSecret}${parts.code}`;
  return createHash("sha256").update(joined, "utf8").digest("hex").toUpperCase();
}

/** Constant-time comparison of a received digest (any letter case) with the one computed. */
export function digestMatches(expected: string, received: string | undefined | null): boolean {
  if (typeof received !== "string" || !/^[0-9a-f]{64}$/i.test(received)) return false;
  return timingSafeEqual(
    Buffer.from(expected.toUpperCase(), "hex"),
    Buffer.from(received.toUpperCase(), "hex"),
  );
}

// ---- The redirect back to us ----

export interface GatewayReturn {
  code: number;
  reference: string;
  requestId: string;
  token: string;
  phone?: string;
}

const ReturnQuerySchema = z.object({
  rCode: z.string().regex(/^\d{1,4}$/),
  tID: z.string().min(1).max(40),
  rID: z.string().min(1).max(100),
  tokenv2: z.string().regex(/^[0-9a-fA-F]{64}$/),
  phone: z.string().max(20).optional(),
});

/** The redirect's query string, or null when a part is missing or malformed. */
export function parseGatewayReturn(query: unknown): GatewayReturn | null {
  const parsed = ReturnQuerySchema.safeParse(query);
  if (!parsed.success) return null;
  const { rCode, tID, rID, tokenv2, phone } = parsed.data;
  return { code: Number(rCode), reference: tID, requestId: rID, token: tokenv2, ...(phone ? { phone } : {}) };
}

/** The address the gateway sends the payer back to (the fake and the sandbox build it). */
export function gatewayReturnUrl(returnUrl: string, back: GatewayReturn): string {
  const url = new URL(returnUrl);
  url.searchParams.set("rCode", String(back.code));
  url.searchParams.set("tID", back.reference);
  url.searchParams.set("rID", back.requestId);
  if (back.phone) url.searchParams.set("phone", back.phone);
  url.searchParams.set("tokenv2", back.token);
  return url.toString();
}

// ---- Status ----

export function statusUrl(apiUrl: string, ids: { requestId: string; reference: string; clientId: string }) {
  const query = new URLSearchParams({ rID: ids.requestId, tID: ids.reference, cID: ids.clientId });
  return `${apiUrl}${MPAISA_PATHS.status}?${query}`;
}

export const StatusAnswerSchema = z.object({
  response: z.coerce.number().int().optional(),
  rCode: z.coerce.number().int().optional(),
  tID: z.coerce.string().optional(),
  rID: z.coerce.string().optional(),
  amt: z.coerce.string().optional(),
  phone: z.coerce.string().optional(),
  completedate: z.string().optional(),
});
export type StatusAnswer = z.infer<typeof StatusAnswerSchema>;

export type GatewayOutcome = "pending" | "paid" | "failed" | "unknown";

/**
 * The gateway's response codes and what each means for us. Only 100 leaves a request open; 105 (a system error at
 * the gateway) and any code not listed are no answer at all, so the request keeps being asked about rather than
 * being failed on a word we do not understand.
 */
export const RESPONSE_CODES: Readonly<Record<number, { outcome: GatewayOutcome; reason: string }>> = {
  100: { outcome: "pending", reason: "Waiting for the payment to be approved." },
  101: { outcome: "paid", reason: "Payment received." },
  102: { outcome: "failed", reason: "The payment failed." },
  103: { outcome: "failed", reason: "The payment was declined in the wallet." },
  104: { outcome: "failed", reason: "The payment request expired before it was paid." },
  105: { outcome: "unknown", reason: "M-PAiSA had a system error." },
  106: { outcome: "failed", reason: "The wallet balance was too low." },
  107: { outcome: "failed", reason: "M-PAiSA refused a duplicate transaction." },
  108: { outcome: "failed", reason: "M-PAiSA does not recognise our merchant account." },
  109: { outcome: "failed", reason: "M-PAiSA did not accept the amount." },
  110: { outcome: "failed", reason: "The amount is over the wallet's limit." },
  111: { outcome: "failed", reason: "The payment timed out." },
  112: { outcome: "failed", reason: "The payment was cancelled." },
  113: { outcome: "paid", reason: "Payment received." },
  114: { outcome: "failed", reason: "The payment was reversed." },
  155: { outcome: "failed", reason: "Too many attempts." },
};
export const PENDING_CODE = 100;
export const PAID_CODE = 101;
export const DECLINED_CODE = 103;
export const EXPIRED_CODE = 104;
export const INVALID_MERCHANT_CODE = 108;

export function outcomeOf(code: number | null | undefined): { outcome: GatewayOutcome; reason: string } {
  const known = code === null || code === undefined ? undefined : RESPONSE_CODES[code];
  return known ?? { outcome: "unknown", reason: `M-PAiSA answered with code ${code ?? "none"}.` };
}

/** The status answer's response code, wherever it was put. */
export function statusCodeOf(answer: StatusAnswer): number | null {
  return answer.response ?? answer.rCode ?? null;
}

// ---- Amounts ----

export function centsToWireAmount(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
}

/** "50", "50.5" or "50.00" as integer cents, without floating point; null for anything else. */
export function wireAmountToCents(amount: string | undefined): number | null {
  if (amount === undefined || !/^\d{1,9}(\.\d{1,2})?$/.test(amount.trim())) return null;
  const [whole = "0", fraction = ""] = amount.trim().split(".");
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}

/** Error answers carry a message in one of these places. */
export const ErrorAnswerSchema = z.object({
  message: z.string().optional(),
  error: z.union([z.string(), z.object({ message: z.string().optional() })]).optional(),
});

// The fake Stripe's wire: its request log and control types, Stripe's form encoding, ids, errors and JSON answers,
// and the state every part of the fake reads and changes.
import { randomBytes } from "node:crypto";
import type { ServerResponse } from "node:http";
import Stripe from "stripe";

export interface FakeStripeRequest {
  method: string;
  path: string;
  query: Record<string, unknown>;
  body: Record<string, unknown>;
  idempotencyKey: string | null;
  status: number;
  replayed: boolean;
}

export type Json = Record<string, unknown>;

export interface SubscriptionChange {
  status?: Stripe.Subscription.Status;
  /** Seconds or a Date. */
  currentPeriodStart?: number | Date;
  currentPeriodEnd?: number | Date;
  cancelAtPeriodEnd?: boolean;
}

/** The objects the fake holds (shared with its routes through StripeState), for tests to inspect. */
type StripeObjects = Pick<
  StripeState,
  | "customers"
  | "prices"
  | "subscriptions"
  | "invoices"
  | "charges"
  | "disputes"
  | "paymentIntents"
  | "refunds"
>;

export interface FakeStripe extends StripeObjects {
  url: string;
  secretKey: string;
  requests: FakeStripeRequest[];
  /** The charge that paid an invoice (payLatestInvoice makes one). */
  chargeOf(invoiceId: string): Json;
  /** A refund of `amountCents` (all of it when omitted) of a charge, as the Stripe dashboard makes: answers the charge. */
  refund(chargeId: string, amountCents?: number): Json;
  /** The card holder disputes a charge with their bank: answers the new dispute (needs_response). */
  dispute(chargeId: string): Json;
  /** A dispute moves on (under_review, won, lost): answers it. */
  setDispute(disputeId: string, status: Stripe.Dispute.Status): Json;
  /** Changes a subscription the way Stripe would; answers its new state. */
  setSubscription(id: string, change: SubscriptionChange): Json;
  /** The subscription's latest invoice is paid (the Payment Element succeeded): answers the paid invoice. */
  payLatestInvoice(subscriptionId: string): Json;
  /** A renewal: a new period starts with an open invoice; `paid` decides whether the card went through. */
  renew(subscriptionId: string, paid: boolean): Json;
  /** A one-off payment intent is paid by the card (or declined): answers the intent. */
  settlePaymentIntent(intentId: string, paid?: boolean): Json;
  /** A Stripe event (snapshot payload) around `object`, as Stripe would send it. */
  event(type: string, object: Json): Json;
  /** Signs and POSTs an event to `webhook.url`, answering the endpoint's status. */
  deliver(event: Json): Promise<number>;
  /** While true, every GET is held unanswered (a slow Stripe) until release(). */
  hold: boolean;
  /** Resolves once a GET has arrived and is being held. */
  held(): Promise<void>;
  release(): void;
  close(): Promise<void>;
}

export interface FakeStripeOptions {
  secretKey?: string;
  port?: number;
  /** Where deliver() sends events, and the secret it signs them with. */
  webhook?: { url: string; secret: string };
}

export const API_VERSION = Stripe.API_VERSION;
export const now = () => Math.floor(Date.now() / 1000);
export const id = (prefix: string) =>
  `${prefix}_${randomBytes(10).toString("base64url").replace(/[-_]/g, "x")}`;
export const seconds = (value: number | Date) =>
  value instanceof Date ? Math.floor(value.getTime() / 1000) : value;

export function addMonth(unix: number): number {
  const date = new Date(unix * 1000);
  date.setUTCMonth(date.getUTCMonth() + 1);
  return Math.floor(date.getTime() / 1000);
}

export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly type = "invalid_request_error",
    readonly extra: Json = {},
  ) {
    super(message);
  }
}

export const missing = (kind: string, value: string, param: string) =>
  new StripeApiError(404, `No such ${kind}: '${value}'`, "invalid_request_error", {
    code: "resource_missing",
    param,
  });

/** Stripe's form encoding: `a[b][0][c]=1` becomes { a: { b: [{ c: "1" }] } }. */
export function parseStripeForm(text: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const parts = rawKey.replace(/\]/g, "").split("[");
    let node: Record<string, unknown> = root;
    parts.forEach((part, index) => {
      const key = part === "" ? String(Object.keys(node).length) : part;
      if (index === parts.length - 1) node[key] = value;
      else {
        node[key] ??= {};
        node = node[key] as Record<string, unknown>;
      }
    });
  }
  return arrays(root) as Record<string, unknown>;
}

export function arrays(value: unknown): unknown {
  if (typeof value !== "object" || value === null) return value;
  const entries = Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, arrays(v)] as const);
  if (entries.length > 0 && entries.every(([k], i) => k === String(i))) return entries.map(([, v]) => v);
  return Object.fromEntries(entries);
}

export const list = (url: string, data: unknown[]) => ({ object: "list", data, has_more: false, url });

/** Everything the fake Stripe holds, shared by its routes, its test controls and its server. */
export interface StripeState {
  customers: Map<string, Json>;
  prices: Map<string, Json>;
  subscriptions: Map<string, Json>;
  invoices: Map<string, Json>;
  charges: Map<string, Json>;
  disputes: Map<string, Json>;
  invoicePayments: Json[];
  /** One-off payments (course fees) and their refunds. */
  paymentIntents: Map<string, Json>;
  refunds: Map<string, Json>;
  replays: Map<string, { path: string; body: string; status: number; json: unknown }>;
}

export function newStripeState(): StripeState {
  return {
    customers: new Map(),
    prices: new Map(),
    subscriptions: new Map(),
    invoices: new Map(),
    charges: new Map(),
    disputes: new Map(),
    invoicePayments: [],
    paymentIntents: new Map(),
    refunds: new Map(),
    replays: new Map(),
  };
}

export function stripeError(error: StripeApiError) {
  return { error: { message: error.message, type: error.type, ...error.extra } };
}

export function send(
  res: ServerResponse,
  log: FakeStripeRequest,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  log.status = status;
  res.writeHead(status, {
    "content-type": "application/json",
    "request-id": id("req"),
    "stripe-version": API_VERSION,
    ...headers,
  });
  res.end(JSON.stringify(body));
}

// A small local Stripe API for tests: the real `stripe` package talks to it through its host, port and protocol
// options. It speaks Stripe's wire format (form-encoded bodies in bracket notation, JSON objects with an `object`
// field, lists, Stripe's error JSON, idempotent replays) for exactly the calls server/integrations/stripe.ts and
// stripe-events.ts make, records every request with its Idempotency-Key, and lets tests change a subscription as
// Stripe would (a payment, a failed renewal, a cancellation). It can also sign and deliver webhook events.
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
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

type Json = Record<string, unknown>;

export interface SubscriptionChange {
  status?: Stripe.Subscription.Status;
  /** Seconds or a Date. */
  currentPeriodStart?: number | Date;
  currentPeriodEnd?: number | Date;
  cancelAtPeriodEnd?: boolean;
}

export interface FakeStripe {
  url: string;
  secretKey: string;
  requests: FakeStripeRequest[];
  customers: Map<string, Json>;
  prices: Map<string, Json>;
  subscriptions: Map<string, Json>;
  invoices: Map<string, Json>;
  charges: Map<string, Json>;
  disputes: Map<string, Json>;
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

const API_VERSION = Stripe.API_VERSION;
const now = () => Math.floor(Date.now() / 1000);
const id = (prefix: string) => `${prefix}_${randomBytes(10).toString("base64url").replace(/[-_]/g, "x")}`;
const seconds = (value: number | Date) =>
  value instanceof Date ? Math.floor(value.getTime() / 1000) : value;

function addMonth(unix: number): number {
  const date = new Date(unix * 1000);
  date.setUTCMonth(date.getUTCMonth() + 1);
  return Math.floor(date.getTime() / 1000);
}

class StripeApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly type = "invalid_request_error",
    readonly extra: Json = {},
  ) {
    super(message);
  }
}

const missing = (kind: string, value: string, param: string) =>
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

function arrays(value: unknown): unknown {
  if (typeof value !== "object" || value === null) return value;
  const entries = Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, arrays(v)] as const);
  if (entries.length > 0 && entries.every(([k], i) => k === String(i))) return entries.map(([, v]) => v);
  return Object.fromEntries(entries);
}

const list = (url: string, data: unknown[]) => ({ object: "list", data, has_more: false, url });

export async function startFakeStripe(options: FakeStripeOptions = {}): Promise<FakeStripe> {
  const secretKey = options.secretKey ?? "sk_test_fake_rpas";
  const customers = new Map<string, Json>();
  const prices = new Map<string, Json>();
  const subscriptions = new Map<string, Json>();
  const invoices = new Map<string, Json>();
  const charges = new Map<string, Json>();
  const disputes = new Map<string, Json>();
  const invoicePayments: Json[] = [];
  const replays = new Map<string, { path: string; body: string; status: number; json: unknown }>();

  function openInvoice(subscription: Json, start: number, end: number): Json {
    const item = (subscription.items as { data: Json[] }).data[0] as Json;
    const price = item.price as Json;
    const invoiceId = id("in");
    const invoice: Json = {
      id: invoiceId,
      object: "invoice",
      customer: subscription.customer,
      customer_email: customers.get(subscription.customer as string)?.email ?? null,
      currency: price.currency,
      amount_due: price.unit_amount,
      amount_paid: 0,
      amount_remaining: price.unit_amount,
      status: "open",
      number: `RPAS-${String(invoices.size + 1).padStart(4, "0")}`,
      created: now(),
      period_start: start,
      period_end: start,
      parent: {
        type: "subscription_details",
        quote_details: null,
        subscription_details: { subscription: subscription.id, metadata: subscription.metadata },
      },
      lines: list(`/v1/invoices/${invoiceId}/lines`, [
        {
          id: id("il"),
          object: "line_item",
          amount: price.unit_amount,
          currency: price.currency,
          period: { start, end },
          pricing: { type: "price_details", price_details: { price: price.id, product: price.product } },
        },
      ]),
      // Only serialized when expanded, like Stripe.
      confirmation_secret: {
        type: "payment_intent",
        client_secret: `${id("pi")}_secret_${randomBytes(12).toString("hex")}`,
      },
    };
    invoices.set(invoiceId, invoice);
    subscription.latest_invoice = invoiceId;
    return invoice;
  }

  function serializeInvoice(invoice: Json, expand: string[]): Json {
    const { confirmation_secret, ...rest } = invoice;
    return expand.includes("confirmation_secret") ? { ...rest, confirmation_secret } : rest;
  }

  function serializeSubscription(subscription: Json, expand: string[]): Json {
    const out: Json = structuredClone(subscription);
    if (expand.includes("customer")) out.customer = customers.get(subscription.customer as string);
    const latest = subscription.latest_invoice as string | null;
    if (latest && expand.some((e) => e === "latest_invoice" || e.startsWith("latest_invoice."))) {
      const nested = expand.filter((e) => e.startsWith("latest_invoice.")).map((e) => e.slice(15));
      out.latest_invoice = serializeInvoice(invoices.get(latest) as Json, nested);
    }
    return out;
  }

  const routes: [string, RegExp, (m: RegExpExecArray, q: Json, b: Json) => [number, unknown]][] = [
    [
      "GET",
      /^\/v1\/prices$/,
      (_m, q) => {
        const keys = (q.lookup_keys as string[] | undefined) ?? [];
        const found = [...prices.values()].filter(
          (p) =>
            (keys.length === 0 || keys.includes(p.lookup_key as string)) &&
            (q.active === undefined || String(p.active) === q.active),
        );
        return [200, list("/v1/prices", found.slice(0, Number(q.limit ?? 10)))];
      },
    ],
    [
      "POST",
      /^\/v1\/prices$/,
      (_m, _q, b) => {
        const recurring = b.recurring as Json | undefined;
        const productData = b.product_data as Json | undefined;
        if (!b.currency) throw new StripeApiError(400, "Missing required param: currency.");
        if (!b.product && !productData?.name)
          throw new StripeApiError(400, "Missing required param: product.");
        if (b.lookup_key && [...prices.values()].some((p) => p.lookup_key === b.lookup_key)) {
          throw new StripeApiError(400, `A price already uses the lookup key ${b.lookup_key}.`);
        }
        const price: Json = {
          id: id("price"),
          object: "price",
          active: true,
          currency: b.currency,
          unit_amount: Number(b.unit_amount),
          lookup_key: b.lookup_key ?? null,
          product: (b.product as string | undefined) ?? id("prod"),
          product_name: productData?.name,
          recurring: recurring
            ? { interval: recurring.interval, interval_count: Number(recurring.interval_count ?? 1) }
            : null,
          type: recurring ? "recurring" : "one_time",
          created: now(),
          livemode: false,
        };
        prices.set(price.id as string, price);
        return [200, price];
      },
    ],
    [
      "GET",
      /^\/v1\/customers$/,
      (_m, q) => {
        const found = [...customers.values()].filter((c) => q.email === undefined || c.email === q.email);
        return [200, list("/v1/customers", found.slice(0, Number(q.limit ?? 10)))];
      },
    ],
    [
      "GET",
      /^\/v1\/customers\/search$/,
      (_m, q) => {
        const email = /^email:['"](.+)['"]$/.exec(String(q.query ?? ""))?.[1];
        const data = [...customers.values()].filter((c) => c.email === email);
        return [
          200,
          { object: "search_result", data, has_more: false, next_page: null, url: "/v1/customers/search" },
        ];
      },
    ],
    [
      "POST",
      /^\/v1\/customers$/,
      (_m, _q, b) => {
        const customer: Json = {
          id: id("cus"),
          object: "customer",
          email: b.email ?? null,
          name: b.name ?? null,
          metadata: b.metadata ?? {},
          created: now(),
          livemode: false,
        };
        customers.set(customer.id as string, customer);
        return [200, customer];
      },
    ],
    [
      "POST",
      /^\/v1\/subscriptions$/,
      (_m, _q, b) => {
        const customer = b.customer as string;
        if (!customers.has(customer)) throw missing("customer", customer, "customer");
        const items = (b.items as Json[] | undefined) ?? [];
        const priceId = items[0]?.price as string | undefined;
        const price = priceId ? prices.get(priceId) : undefined;
        if (!priceId || !price) throw missing("price", String(priceId), "items[0][price]");
        const start = now();
        const end = addMonth(start);
        const incomplete = b.payment_behavior === "default_incomplete";
        const subscriptionId = id("sub");
        const subscription: Json = {
          id: subscriptionId,
          object: "subscription",
          customer,
          status: incomplete ? "incomplete" : "active",
          cancel_at_period_end: false,
          canceled_at: null,
          ended_at: null,
          created: start,
          start_date: start,
          currency: price.currency,
          metadata: b.metadata ?? {},
          payment_settings: b.payment_settings ?? null,
          items: list(`/v1/subscription_items?subscription=${subscriptionId}`, [
            {
              id: id("si"),
              object: "subscription_item",
              price,
              quantity: 1,
              subscription: subscriptionId,
              current_period_start: start,
              current_period_end: end,
            },
          ]),
          latest_invoice: null,
          livemode: false,
        };
        subscriptions.set(subscriptionId, subscription);
        openInvoice(subscription, start, end);
        return [200, serializeSubscription(subscription, (b.expand as string[] | undefined) ?? [])];
      },
    ],
    [
      "GET",
      /^\/v1\/subscriptions\/([^/]+)$/,
      (m, q) => {
        const subscription = subscriptions.get(m[1] as string);
        if (!subscription) throw missing("subscription", m[1] as string, "id");
        return [200, serializeSubscription(subscription, (q.expand as string[] | undefined) ?? [])];
      },
    ],
    [
      "POST",
      /^\/v1\/subscriptions\/([^/]+)$/,
      (m, _q, b) => {
        const subscription = subscriptions.get(m[1] as string);
        if (!subscription) throw missing("subscription", m[1] as string, "id");
        if (subscription.status === "canceled") {
          throw new StripeApiError(400, "A canceled subscription can only update its cancellation_details.");
        }
        if (b.cancel_at_period_end !== undefined) {
          subscription.cancel_at_period_end = b.cancel_at_period_end === "true";
        }
        return [200, serializeSubscription(subscription, (b.expand as string[] | undefined) ?? [])];
      },
    ],
    [
      "GET",
      /^\/v1\/charges\/([^/]+)$/,
      (m) => {
        const charge = charges.get(m[1] as string);
        if (!charge) throw missing("charge", m[1] as string, "charge");
        return [200, charge];
      },
    ],
    [
      "GET",
      /^\/v1\/disputes\/([^/]+)$/,
      (m) => {
        const dispute = disputes.get(m[1] as string);
        if (!dispute) throw missing("dispute", m[1] as string, "dispute");
        return [200, dispute];
      },
    ],
    [
      "GET",
      /^\/v1\/invoice_payments$/,
      (_m, q) => {
        const payment = q.payment as Json | undefined;
        const found = invoicePayments.filter(
          (p) =>
            (q.invoice === undefined || p.invoice === q.invoice) &&
            (payment?.payment_intent === undefined ||
              (p.payment as Json).payment_intent === payment.payment_intent),
        );
        const expand = (q.expand as string[] | undefined) ?? [];
        const data = found
          .slice(0, Number(q.limit ?? 10))
          .map((p) =>
            expand.includes("data.invoice")
              ? { ...p, invoice: serializeInvoice(invoices.get(p.invoice as string) as Json, []) }
              : p,
          );
        return [200, list("/v1/invoice_payments", data)];
      },
    ],
    [
      "POST",
      /^\/v1\/billing_portal\/sessions$/,
      (_m, _q, b) => {
        const customer = b.customer as string;
        if (!customers.has(customer)) throw missing("customer", customer, "customer");
        const sessionId = id("bps");
        return [
          200,
          {
            id: sessionId,
            object: "billing_portal.session",
            customer,
            return_url: b.return_url ?? null,
            url: `${fake.url}/p/session/${sessionId}`,
            created: now(),
            livemode: false,
          },
        ];
      },
    ],
  ];

  function subscriptionOrThrow(subscriptionId: string): Json {
    const subscription = subscriptions.get(subscriptionId);
    if (!subscription) throw new Error(`fake Stripe has no subscription ${subscriptionId}`);
    return subscription;
  }

  const waiting: (() => void)[] = [];
  let onHeld: (() => void) | undefined;
  let heldOnce = new Promise<void>((resolve) => {
    onHeld = resolve;
  });
  const fake: FakeStripe = {
    hold: false,
    held: () => heldOnce,
    release() {
      fake.hold = false;
      for (const go of waiting.splice(0)) go();
      heldOnce = new Promise<void>((resolve) => {
        onHeld = resolve;
      });
    },
    url: "",
    secretKey,
    requests: [],
    customers,
    prices,
    subscriptions,
    invoices,
    charges,
    disputes,
    chargeOf(invoiceId) {
      const payment = invoicePayments.find((p) => p.invoice === invoiceId);
      const intent = (payment?.payment as Json | undefined)?.payment_intent;
      const charge = [...charges.values()].find((c) => c.payment_intent === intent);
      if (!charge) throw new Error(`fake Stripe has no charge for invoice ${invoiceId}`);
      return structuredClone(charge);
    },
    refund(chargeId, amountCents) {
      const charge = charges.get(chargeId);
      if (!charge) throw new Error(`fake Stripe has no charge ${chargeId}`);
      const amount = charge.amount as number;
      const refunded = Math.min(amount, (charge.amount_refunded as number) + (amountCents ?? amount));
      Object.assign(charge, { amount_refunded: refunded, refunded: refunded >= amount });
      return structuredClone(charge);
    },
    dispute(chargeId) {
      const charge = charges.get(chargeId);
      if (!charge) throw new Error(`fake Stripe has no charge ${chargeId}`);
      const dispute: Json = {
        id: id("dp"),
        object: "dispute",
        amount: charge.amount,
        currency: charge.currency,
        charge: chargeId,
        payment_intent: charge.payment_intent,
        reason: "fraudulent",
        status: "needs_response",
        created: now(),
        livemode: false,
      };
      disputes.set(dispute.id as string, dispute);
      charge.disputed = true;
      return structuredClone(dispute);
    },
    setDispute(disputeId, status) {
      const dispute = disputes.get(disputeId);
      if (!dispute) throw new Error(`fake Stripe has no dispute ${disputeId}`);
      dispute.status = status;
      return structuredClone(dispute);
    },
    setSubscription(subscriptionId, change) {
      const subscription = subscriptionOrThrow(subscriptionId);
      const item = (subscription.items as { data: Json[] }).data[0] as Json;
      if (change.status) subscription.status = change.status;
      if (change.status === "canceled") {
        subscription.canceled_at ??= now();
        subscription.ended_at ??= now();
      }
      if (change.cancelAtPeriodEnd !== undefined)
        subscription.cancel_at_period_end = change.cancelAtPeriodEnd;
      if (change.currentPeriodStart !== undefined)
        item.current_period_start = seconds(change.currentPeriodStart);
      if (change.currentPeriodEnd !== undefined) item.current_period_end = seconds(change.currentPeriodEnd);
      return structuredClone(subscription);
    },
    payLatestInvoice(subscriptionId) {
      const subscription = subscriptionOrThrow(subscriptionId);
      const invoice = invoices.get(subscription.latest_invoice as string) as Json;
      Object.assign(invoice, { status: "paid", amount_paid: invoice.amount_due, amount_remaining: 0 });
      subscription.status = "active";
      // The Payment Element's payment: a payment intent, its charge, and the invoice payment linking them.
      const intent = id("pi");
      const charge: Json = {
        id: id("ch"),
        object: "charge",
        amount: invoice.amount_due,
        amount_refunded: 0,
        refunded: false,
        disputed: false,
        currency: invoice.currency,
        customer: invoice.customer,
        payment_intent: intent,
        paid: true,
        status: "succeeded",
        created: now(),
        livemode: false,
      };
      charges.set(charge.id as string, charge);
      invoicePayments.push({
        id: id("inpay"),
        object: "invoice_payment",
        amount_paid: invoice.amount_due,
        currency: invoice.currency,
        invoice: invoice.id,
        is_default: true,
        payment: { type: "payment_intent", payment_intent: intent },
        status: "paid",
        created: now(),
        livemode: false,
      });
      return serializeInvoice(invoice, []);
    },
    renew(subscriptionId, paid) {
      const subscription = subscriptionOrThrow(subscriptionId);
      const item = (subscription.items as { data: Json[] }).data[0] as Json;
      const start = item.current_period_end as number;
      const end = addMonth(start);
      Object.assign(item, { current_period_start: start, current_period_end: end });
      const invoice = openInvoice(subscription, start, end);
      if (paid) return fake.payLatestInvoice(subscriptionId);
      Object.assign(invoice, { attempt_count: 1 });
      subscription.status = "past_due";
      return serializeInvoice(invoice, []);
    },
    event(type, object) {
      return {
        id: id("evt"),
        object: "event",
        api_version: API_VERSION,
        created: now(),
        data: { object: structuredClone(object) },
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
      };
    },
    async deliver(event) {
      if (!options.webhook) throw new Error("fake Stripe was started without a webhook");
      const payload = JSON.stringify(event);
      const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: options.webhook.secret });
      const res = await fetch(options.webhook.url, {
        method: "POST",
        headers: { "content-type": "application/json; charset=utf-8", "stripe-signature": header },
        body: payload,
      });
      return res.status;
    },
    close: async () => {},
  };

  function handle(req: IncomingMessage, text: string, log: FakeStripeRequest): [number, unknown] {
    // Bearer, as the SDK sends it, or Basic with the key as user name, as curl -u sends it.
    const basic = `Basic ${Buffer.from(`${secretKey}:`).toString("base64")}`;
    if (req.headers.authorization !== `Bearer ${secretKey}` && req.headers.authorization !== basic) {
      throw new StripeApiError(401, "Invalid API Key provided.");
    }
    const url = new URL(req.url ?? "/", "http://fake");
    log.query = parseStripeForm(url.search.slice(1));
    log.body = parseStripeForm(text);
    for (const [method, pattern, run] of routes) {
      const match = method === req.method ? pattern.exec(url.pathname) : null;
      if (match) return run(match, log.query, log.body);
    }
    throw new StripeApiError(404, `Unrecognized request URL (${req.method}: ${url.pathname}).`);
  }

  const server = createServer(async (req, res) => {
    let text = "";
    for await (const chunk of req) text += (chunk as Buffer).toString("utf8");
    if (fake.hold && req.method === "GET") {
      await new Promise<void>((resolve) => {
        waiting.push(resolve);
        onHeld?.();
      });
    }
    const key = req.headers["idempotency-key"];
    const log: FakeStripeRequest = {
      method: req.method ?? "",
      path: new URL(req.url ?? "/", "http://fake").pathname,
      query: {},
      body: {},
      idempotencyKey: typeof key === "string" ? key : null,
      status: 0,
      replayed: false,
    };
    fake.requests.push(log);
    if (req.method === "POST" && log.path.startsWith("/__test/")) return testControl(res, log, text);
    // Stripe's idempotency: the same key answers the first response again; other parameters are an error.
    const previous = log.idempotencyKey ? replays.get(log.idempotencyKey) : undefined;
    if (previous) {
      log.body = parseStripeForm(text);
      if (previous.path !== log.path || previous.body !== text) {
        const error = new StripeApiError(
          400,
          "Keys for idempotent requests can only be used with the same parameters they were first used with.",
          "idempotency_error",
        );
        return send(res, log, error.status, stripeError(error));
      }
      log.replayed = true;
      return send(res, log, previous.status, previous.json, { "idempotent-replayed": "true" });
    }
    let status: number;
    let json: unknown;
    try {
      [status, json] = handle(req, text, log);
    } catch (error) {
      const apiError =
        error instanceof StripeApiError ? error : new StripeApiError(500, String(error), "api_error");
      [status, json] = [apiError.status, stripeError(apiError)];
    }
    if (log.idempotencyKey && req.method === "POST") {
      replays.set(log.idempotencyKey, { path: log.path, body: text, status, json });
    }
    send(res, log, status, json);
  });

  // POST /__test/subscriptions/:id {status?, currentPeriodEnd?, ...}; /pay and /renew deliver the matching events.
  async function testControl(res: ServerResponse, log: FakeStripeRequest, text: string) {
    // POST /__test/pay-for {email}: the newest subscription made for that e-mail pays its invoice (invoice.paid).
    if (log.path === "/__test/pay-for") {
      const { email } = (text ? JSON.parse(text) : {}) as { email?: string };
      const subscription = [...subscriptions.values()]
        .reverse()
        .find((s) => (s.metadata as { email?: string } | undefined)?.email === email);
      if (!subscription) return send(res, log, 404, { error: { message: `no subscription for ${email}` } });
      const invoice = fake.payLatestInvoice(subscription.id as string);
      const delivered = options.webhook ? await fake.deliver(fake.event("invoice.paid", invoice)) : null;
      return send(res, log, 200, { subscriptionId: subscription.id, invoice, delivered });
    }
    const match = /^\/__test\/subscriptions\/([^/]+)(?:\/(pay|renew-failed))?$/.exec(log.path);
    try {
      if (!match?.[1]) return send(res, log, 404, { error: { message: "unknown test control" } });
      const subscriptionId = match[1];
      const body = (text ? JSON.parse(text) : {}) as SubscriptionChange & { currentPeriodEnd?: number };
      if (match[2] === "pay" || match[2] === "renew-failed") {
        const invoice =
          match[2] === "pay" ? fake.payLatestInvoice(subscriptionId) : fake.renew(subscriptionId, false);
        const type = match[2] === "pay" ? "invoice.paid" : "invoice.payment_failed";
        const delivered = options.webhook ? await fake.deliver(fake.event(type, invoice)) : null;
        return send(res, log, 200, { invoice, delivered });
      }
      return send(res, log, 200, fake.setSubscription(subscriptionId, body));
    } catch (error) {
      return send(res, log, 400, { error: { message: String(error) } });
    }
  }

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", resolve);
  });
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}

function stripeError(error: StripeApiError) {
  return { error: { message: error.message, type: error.type, ...error.extra } };
}

function send(
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

export const FAKE_WEBHOOK_SECRET = "whsec_fake_rpas_test_secret";
export const FAKE_PUBLISHABLE_KEY = "pk_test_fake_rpas";

/** The app's STRIPE_* configuration pointing at this fake. */
export function fakeStripeEnv(fake: FakeStripe): Record<string, string> {
  return {
    STRIPE_SECRET_KEY: fake.secretKey,
    STRIPE_PUBLISHABLE_KEY: FAKE_PUBLISHABLE_KEY,
    STRIPE_WEBHOOK_SECRET: FAKE_WEBHOOK_SECRET,
    STRIPE_API_URL: fake.url,
  };
}

/** A webhook request as Stripe sends it: the exact JSON bytes and a Stripe-Signature over them. */
export function signedWebhook(event: unknown, secret = FAKE_WEBHOOK_SECRET) {
  const payload = JSON.stringify(event);
  return {
    payload,
    headers: {
      "content-type": "application/json; charset=utf-8",
      "stripe-signature": Stripe.webhooks.generateTestHeaderString({ payload, secret }),
    },
  };
}

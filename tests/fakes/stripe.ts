// A small local Stripe API for tests: the real `stripe` package talks to it through its host, port and protocol
// options. It speaks Stripe's wire format (form-encoded bodies in bracket notation, JSON objects with an `object`
// field, lists, Stripe's error JSON, idempotent replays) for exactly the calls server/integrations/stripe.ts and
// stripe-events.ts make, records every request with its Idempotency-Key, and lets tests change a subscription as
// Stripe would (a payment, a failed renewal, a cancellation). It can also sign and deliver webhook events.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import Stripe from "stripe";
import { listenLocally } from "./listen";
import { stripeControls } from "./stripe/controls";
import { stripeModel } from "./stripe/model";
import { paymentIntentRoutes, settlePaymentIntent } from "./stripe/payment-intents";
import { stripeRoutes } from "./stripe/routes";
import {
  type FakeStripe,
  type FakeStripeOptions,
  type FakeStripeRequest,
  type Json,
  newStripeState,
  parseStripeForm,
  StripeApiError,
  type SubscriptionChange,
  send,
  stripeError,
} from "./stripe/wire";

export type { FakeStripe, FakeStripeOptions, FakeStripeRequest, SubscriptionChange } from "./stripe/wire";
export { parseStripeForm } from "./stripe/wire";

export async function startFakeStripe(options: FakeStripeOptions = {}): Promise<FakeStripe> {
  const secretKey = options.secretKey ?? "sk_test_fake_rpas";
  const state = newStripeState();
  const { customers, prices, subscriptions, invoices, charges, disputes, paymentIntents, refunds, replays } =
    state;
  const model = stripeModel(state);
  const routes = [...stripeRoutes(state, model, () => fake.url), ...paymentIntentRoutes(state)];

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
    paymentIntents,
    refunds,
    ...stripeControls(state, model, options),
    settlePaymentIntent: (intentId, paid = true) => settlePaymentIntent(state, intentId, paid),
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
    // POST /__test/payment-intents/:id/succeed (or /fail): the card went through, and the webhook is delivered. The
    // id may also be the reference our server put in the intent's metadata (what a browser test knows).
    const intent = /^\/__test\/payment-intents\/([^/]+)\/(succeed|fail)$/.exec(log.path);
    if (intent?.[1]) {
      try {
        const paid = intent[2] === "succeed";
        const key = intent[1];
        const found = paymentIntents.has(key)
          ? key
          : [...paymentIntents.values()].find((pi) => (pi.metadata as Json | undefined)?.reference === key)
              ?.id;
        const settled = fake.settlePaymentIntent(String(found ?? key), paid);
        const type = paid ? "payment_intent.succeeded" : "payment_intent.payment_failed";
        const delivered = options.webhook ? await fake.deliver(fake.event(type, settled)) : null;
        return send(res, log, 200, { intent: settled, delivered });
      } catch (error) {
        return send(res, log, 404, { error: { message: String(error) } });
      }
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

  const listening = await listenLocally(server, options.port);
  fake.url = listening.url;
  fake.close = listening.close;
  return fake;
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

// The Stripe adapter: the only module that talks to Stripe's API. It finds or creates the FJD 50/month price and
// the customer, starts subscriptions whose first invoice the browser pays with Stripe's Payment Element (card data
// never reaches us), and opens customer portal sessions. Webhook events are applied by stripe-events.ts.
import { createHash } from "node:crypto";
import type Stripe from "stripe";
import { CURRENCY, SUBSCRIPTION } from "../../shared/constants";
import type { SubscriptionResponse } from "../../shared/payment";
import type { Env } from "../env";

/** The price's lookup key: found in the Stripe account, or created there once, when STRIPE_PRICE_ID is unset. */
export const PRICE_LOOKUP_KEY = "portal-monthly-fjd";

/**
 * An hour of retries (a double click, a reload, another card after a decline) reuse one subscription and its
 * client secret instead of piling up incomplete ones; an attempt abandoned longer than that expires at Stripe.
 */
const SUBSCRIPTION_ATTEMPT_MS = 60 * 60 * 1000;
/** A portal session is short-lived; a double click within the minute opens the same one. */
const PORTAL_ATTEMPT_MS = 60 * 1000;

export class StripeSetupError extends Error {}

/** Stripe's SDK, loaded when Stripe is configured rather than with every server (ADR 039). */
export const loadStripe = (): Promise<typeof Stripe> => import("stripe").then((module) => module.default);

/** Stripe's "no such object" (a payment intent, charge or subscription of another account or mode). */
export async function missingAtStripe(error: unknown): Promise<boolean> {
  // Such an error came from the SDK, so it is loaded by now.
  const { errors } = await loadStripe();
  return error instanceof errors.StripeInvalidRequestError && error.code === "resource_missing";
}

/**
 * Stripe's errors carry Stripe's HTTP status (a 404 for a wrong price id): passed through, the error handler would
 * show the payer our configuration problem as theirs. Whatever Stripe refuses here is ours to fix: a 500, logged.
 */
export async function ours<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (!(error instanceof (await loadStripe()).errors.StripeError)) throw error;
    throw new StripeSetupError(`Stripe: ${error.message}`, { cause: error });
  }
}

/**
 * Stripe keeps an idempotency key for 24 hours and answers a repeat with the first response. Keys are derived from
 * what the call means (purpose, e-mail or customer, price, time bucket), not drawn at random, so that the same
 * intent sent twice, from two instances, or retried by the SDK creates one object at Stripe.
 */
export function idempotencyKey(purpose: string, ...parts: (string | number)[]): string {
  const digest = createHash("sha256")
    .update(JSON.stringify([purpose, ...parts]))
    .digest("hex");
  return `rpas-${purpose}-${digest.slice(0, 40)}`;
}

const bucket = (ms: number, now = Date.now()) => Math.floor(now / ms);

export async function createStripeClient(
  env: Pick<Env, "STRIPE_SECRET_KEY" | "STRIPE_API_URL">,
): Promise<Stripe> {
  if (!env.STRIPE_SECRET_KEY) throw new StripeSetupError("STRIPE_SECRET_KEY is not set");
  const api = env.STRIPE_API_URL ? new URL(env.STRIPE_API_URL) : undefined;
  const Stripe = await loadStripe();
  return new Stripe(env.STRIPE_SECRET_KEY, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...(api
      ? {
          host: api.hostname,
          port: api.port || (api.protocol === "https:" ? 443 : 80),
          protocol: api.protocol === "https:" ? "https" : "http",
        }
      : {}),
  });
}

export interface StripeAdapter {
  client: Stripe;
  publishableKey: string;
  webhookSecret: string;
  /** Starts a subscription waiting for its first payment; for `customer` when given (else the e-mail's, found or made). */
  createSubscription(request: {
    email: string;
    name?: string;
    customer?: string;
  }): Promise<SubscriptionResponse>;
  /** The customer Stripe has for the e-mail, or a new one (one per e-mail, even when two calls race). */
  findOrCreateCustomer(email: string, name?: string): Promise<string>;
  /** The address of a customer portal session (update the card, see invoices, cancel). */
  createPortalSession(customerId: string, returnUrl: string): Promise<string>;
  /** The FJD 50/month price: only a subscription to it buys portal access. */
  priceId(): Promise<string>;
  /** Stops renewals: the subscription runs to the end of the period paid for, then ends. Answers it as it is now. */
  cancelAtPeriodEnd(subscriptionId: string): Promise<Stripe.Subscription>;
}

export async function createStripeAdapter(env: Env): Promise<StripeAdapter> {
  if (!env.STRIPE_PUBLISHABLE_KEY || !env.STRIPE_WEBHOOK_SECRET) {
    throw new StripeSetupError("STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET are required");
  }
  const client = await createStripeClient(env);
  let price: Promise<string> | undefined;

  async function lookUpOrCreatePrice(): Promise<string> {
    const found = await client.prices.list({ lookup_keys: [PRICE_LOOKUP_KEY], active: true, limit: 1 });
    const existing = found.data[0];
    if (existing) return existing.id;
    // product_data makes product and price in one call: a failure cannot leave an orphan product behind.
    const created = await client.prices.create(
      {
        currency: CURRENCY.toLowerCase(),
        unit_amount: SUBSCRIPTION.priceCents,
        recurring: { interval: SUBSCRIPTION.interval },
        lookup_key: PRICE_LOOKUP_KEY,
        product_data: { name: SUBSCRIPTION.name },
      },
      { idempotencyKey: idempotencyKey("price", PRICE_LOOKUP_KEY, SUBSCRIPTION.priceCents) },
    );
    return created.id;
  }

  function priceId(): Promise<string> {
    if (env.STRIPE_PRICE_ID) return Promise.resolve(env.STRIPE_PRICE_ID);
    price ??= lookUpOrCreatePrice().catch((error: unknown) => {
      price = undefined;
      throw error;
    });
    return price;
  }

  async function findOrCreateCustomer(email: string, name?: string): Promise<string> {
    // list (not search): it filters by exact e-mail and sees a customer made a second ago; search lags.
    const found = await client.customers.list({ email, limit: 1 });
    const existing = found.data[0];
    if (existing) return existing.id;
    const created = await client.customers.create(
      { email, ...(name ? { name } : {}), metadata: { source: "document-portal" } },
      // The e-mail alone: two calls with different names still make one customer.
      { idempotencyKey: idempotencyKey("customer", email) },
    );
    return created.id;
  }

  async function createSubscription(request: { email: string; name?: string; customer?: string }) {
    const email = request.email.trim().toLowerCase();
    const [price, customer] = await Promise.all([
      priceId(),
      request.customer ?? findOrCreateCustomer(email, request.name),
    ]);
    const subscription = await client.subscriptions.create(
      {
        customer,
        items: [{ price }],
        payment_behavior: "default_incomplete",
        payment_settings: { save_default_payment_method: "on_subscription" },
        expand: ["latest_invoice.confirmation_secret"],
        metadata: { email },
      },
      {
        idempotencyKey: idempotencyKey("subscription", customer, price, bucket(SUBSCRIPTION_ATTEMPT_MS)),
      },
    );
    const invoice = subscription.latest_invoice;
    const clientSecret =
      invoice && typeof invoice !== "string" ? invoice.confirmation_secret?.client_secret : undefined;
    if (!clientSecret) throw new StripeSetupError(`subscription ${subscription.id} has no client secret`);
    return { clientSecret };
  }

  async function createPortalSession(customer: string, returnUrl: string) {
    const session = await client.billingPortal.sessions.create(
      { customer, return_url: returnUrl },
      { idempotencyKey: idempotencyKey("portal", customer, returnUrl, bucket(PORTAL_ATTEMPT_MS)) },
    );
    return session.url;
  }

  async function cancelAtPeriodEnd(subscriptionId: string) {
    // Setting the same flag twice is harmless, so no idempotency key is needed for a double click.
    return client.subscriptions.update(subscriptionId, { cancel_at_period_end: true });
  }

  return {
    client,
    publishableKey: env.STRIPE_PUBLISHABLE_KEY,
    webhookSecret: env.STRIPE_WEBHOOK_SECRET,

    createSubscription: (request) => ours(createSubscription(request)),
    findOrCreateCustomer: (email, name) => ours(findOrCreateCustomer(email.trim().toLowerCase(), name)),
    createPortalSession: (customer, returnUrl) => ours(createPortalSession(customer, returnUrl)),
    priceId: () => (env.STRIPE_PRICE_ID ? Promise.resolve(env.STRIPE_PRICE_ID) : ours(priceId())),
    cancelAtPeriodEnd: (subscriptionId) => ours(cancelAtPeriodEnd(subscriptionId)),
  };
}

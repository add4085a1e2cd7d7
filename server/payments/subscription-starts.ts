// POST /api/create-subscription needs no sign-in (the spec's flow), and each call opens a subscription at Stripe:
// so calls are limited per e-mail and per address (SUBSCRIPTION_START_LIMITS), counted in the database so every
// instance agrees, and one card-provider customer is kept per e-mail and reused (card_customers).
import { and, count, eq, gt, lt, sql } from "drizzle-orm";
import { SUBSCRIPTION_START_LIMITS } from "../../shared/constants";
import type { Db } from "../db/client";
import { cardCustomers, subscriptionStarts, subscriptions } from "../db/schema";
import { missingAtStripe, type StripeAdapter } from "../integrations/stripe";

export const TOO_MANY_FOR_EMAIL_MESSAGE =
  "Too many attempts to subscribe with this e-mail address. Please wait an hour and try again.";
export const TOO_MANY_FROM_ADDRESS_MESSAGE =
  "Too many subscription attempts from your network. Please wait 10 minutes and try again.";

export class SubscriptionStartLimitError extends Error {
  statusCode = 429;
  constructor(
    message: string,
    /** Seconds until the oldest counted call leaves the window. */
    readonly retryAfterSeconds: number,
  ) {
    super(message);
  }
}

const MINUTE = 60_000;

/**
 * Counts this call against the e-mail's and the address's limits, or throws SubscriptionStartLimitError when either
 * is used up (a refused call is not counted, so waiting always ends it). Under per-key locks, so calls sent at once
 * cannot all slip under a limit.
 */
export async function reserveSubscriptionStart(
  db: Db,
  email: string,
  ip: string,
  now = new Date(),
): Promise<void> {
  const address = ip.slice(0, 64);
  const { perEmail, perAddress } = SUBSCRIPTION_START_LIMITS;
  await db.transaction(async (tx) => {
    // Always e-mail first, then address: two calls never wait on each other in opposite orders.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`subscribe-email:${email}`}, 0))`);
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`subscribe-ip:${address}`}, 0))`);
    const used = async (
      column: typeof subscriptionStarts.email | typeof subscriptionStarts.ip,
      value: string,
      windowMinutes: number,
    ) => {
      const since = new Date(now.getTime() - windowMinutes * MINUTE);
      const [row] = await tx
        .select({ n: count(), oldest: sql<string | null>`min(${subscriptionStarts.at})` })
        .from(subscriptionStarts)
        .where(and(eq(column, value), gt(subscriptionStarts.at, since)));
      const oldest = row?.oldest ? new Date(row.oldest) : now;
      const wait = Math.ceil((oldest.getTime() + windowMinutes * MINUTE - now.getTime()) / 1000);
      return { n: row?.n ?? 0, retryAfterSeconds: Math.max(wait, 1) };
    };
    const byEmail = await used(subscriptionStarts.email, email, perEmail.windowMinutes);
    if (byEmail.n >= perEmail.max) {
      throw new SubscriptionStartLimitError(TOO_MANY_FOR_EMAIL_MESSAGE, byEmail.retryAfterSeconds);
    }
    const byAddress = await used(subscriptionStarts.ip, address, perAddress.windowMinutes);
    if (byAddress.n >= perAddress.max) {
      throw new SubscriptionStartLimitError(TOO_MANY_FROM_ADDRESS_MESSAGE, byAddress.retryAfterSeconds);
    }
    await tx.insert(subscriptionStarts).values({ email, ip: address, at: now });
    await tx
      .delete(subscriptionStarts)
      .where(lt(subscriptionStarts.at, new Date(now.getTime() - 24 * 60 * MINUTE)));
  });
}

/** The e-mail's stored customer: ours, or the one its card subscription was paid with before this table existed. */
async function storedCustomer(db: Db, email: string): Promise<string | null> {
  const [own] = await db
    .select({ id: cardCustomers.stripeCustomerId })
    .from(cardCustomers)
    .where(eq(cardCustomers.email, email))
    .limit(1);
  if (own) return own.id;
  const [paid] = await db
    .select({ id: subscriptions.stripeCustomerId })
    .from(subscriptions)
    .where(eq(subscriptions.email, email))
    .limit(1);
  return paid?.id ?? null;
}

/**
 * The one Stripe customer of an e-mail: the stored one, else the one Stripe has for it, else a new one; stored
 * either way. Stripe is asked with no transaction open; two first calls at once keep whichever was stored first.
 */
export async function cardCustomerFor(
  db: Db,
  stripe: StripeAdapter,
  email: string,
  name: string | undefined,
): Promise<string> {
  const stored = await storedCustomer(db, email);
  if (stored) return stored;
  const customer = await stripe.findOrCreateCustomer(email, name);
  await db.insert(cardCustomers).values({ email, stripeCustomerId: customer }).onConflictDoNothing();
  return (await storedCustomer(db, email)) ?? customer;
}

/** The name given with this checkout, for the subscription's row once Stripe says it is paid (stripe-events.ts). */
async function rememberCheckoutName(db: Db, email: string, name: string | undefined) {
  const given = name?.trim().slice(0, 200);
  if (given) await db.update(cardCustomers).set({ name: given }).where(eq(cardCustomers.email, email));
}

/** The name the e-mail's newest checkout gave, if any. */
export async function checkoutNameOf(db: Pick<Db, "select">, email: string): Promise<string | null> {
  const [row] = await db
    .select({ name: cardCustomers.name })
    .from(cardCustomers)
    .where(eq(cardCustomers.email, email))
    .limit(1);
  return row?.name ?? null;
}

/** Starts a subscription for the e-mail's customer; a stored customer deleted at Stripe since is replaced once. */
export async function startCardSubscription(
  db: Db,
  stripe: StripeAdapter,
  request: { email: string; name?: string },
) {
  const customer = await cardCustomerFor(db, stripe, request.email, request.name);
  await rememberCheckoutName(db, request.email, request.name);
  try {
    return await stripe.createSubscription({ ...request, customer });
  } catch (error) {
    const cause = error instanceof Error && error.cause ? error.cause : error;
    if (!(await missingAtStripe(cause))) throw error;
    await db.delete(cardCustomers).where(eq(cardCustomers.email, request.email));
    const fresh = await stripe.findOrCreateCustomer(request.email, request.name);
    await db
      .insert(cardCustomers)
      .values({ email: request.email, stripeCustomerId: fresh, name: request.name?.trim() || null })
      .onConflictDoNothing();
    return stripe.createSubscription({ ...request, customer: fresh });
  }
}

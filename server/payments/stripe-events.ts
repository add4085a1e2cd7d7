// Applies Stripe's webhook events to the subscriptions table. Stripe may deliver an event twice, late, or before an
// earlier one: the event id is our idempotency key, and instead of trusting the event's snapshot we re-read the
// subscription's current state from Stripe, so whatever order events arrive in, the last one applied leaves the
// row as Stripe has it now. The row's currentPeriodEnd means "paid through": it only grows from paid invoices and
// active periods, so a cancelled or unpaid subscription never gains access it was not paid for.
import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import type { Db } from "../db/client";
import { subscriptions } from "../db/schema";
import type { EmailMessage } from "../integrations/mail/mailer";
import { enqueueEmails } from "../integrations/mail/outbox";
import { missingAtStripe, type StripeAdapter } from "../integrations/stripe";
import { withLease } from "../platform/job-lease";
import { firstNameFor } from "../platform/reader-names";
import { applyOneOffEvent, ONE_OFF_EVENTS } from "./card-one-off-events";
import { paymentFailedEmail, paymentReceipt } from "./emails";
import { refreshAccess, setStripeGrant, stripeGrantEnd } from "./entitlements";
import { type ApplyDeps, type ApplyResult, recordEvent, seenEvent as seen } from "./stripe-apply";
import { applyChargeEvent, CHARGE_EVENTS } from "./stripe-charges";
import { recordCardSubscription, recordSubscriberName } from "./subscription-rows";
import { checkoutNameOf } from "./subscription-starts";
import { hasAccess } from "./subscriptions";

export const SUBSCRIPTION_EVENTS = new Set<string>([
  "invoice.paid",
  "invoice.payment_failed",
  "customer.subscription.created",
  "customer.subscription.updated",
  "customer.subscription.deleted",
]);

/** Every event type the webhook endpoint should be subscribed to at Stripe (README lists them). */
export const HANDLED_EVENTS = new Set<string>([...SUBSCRIPTION_EVENTS, ...CHARGE_EVENTS, ...ONE_OFF_EVENTS]);

export const BAD_SIGNATURE_MESSAGE = "Webhook signature verification failed.";

export class WebhookSignatureError extends Error {
  statusCode = 400;
}

/** The event, if the Stripe-Signature header signs exactly these bytes with our endpoint secret (and is recent). */
export function verifyStripeEvent(
  stripe: StripeAdapter,
  rawBody: Buffer,
  signature: string | undefined,
): Stripe.Event {
  try {
    return stripe.client.webhooks.constructEvent(rawBody, signature ?? "", stripe.webhookSecret);
  } catch {
    throw new WebhookSignatureError(BAD_SIGNATURE_MESSAGE);
  }
}

type Status = (typeof subscriptions.$inferSelect)["status"];

export function mapStripeStatus(status: Stripe.Subscription.Status): Status {
  switch (status) {
    case "active":
    case "trialing":
      return "active";
    case "canceled":
    case "incomplete_expired":
      return "canceled";
    case "incomplete":
      return "incomplete";
    default:
      // past_due, unpaid, paused and anything newer: not paid up, so no access.
      return "past_due";
  }
}

const later = (a: Date | null, b: Date | null) => (a && b ? (a > b ? a : b) : (a ?? b));
const earlier = (a: Date | null, b: Date | null) => (a && b ? (a < b ? a : b) : null);
const fromUnix = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000) : null);

function itemPeriod(subscription: Stripe.Subscription): { start: Date | null; end: Date | null } {
  const items = subscription.items.data;
  const ends = items.map((item) => item.current_period_end);
  const starts = items.map((item) => item.current_period_start);
  return {
    start: starts.length ? fromUnix(Math.min(...starts)) : null,
    end: ends.length ? fromUnix(Math.max(...ends)) : null,
  };
}

/** The period an invoice paid for, from its subscription lines. */
function invoicePeriod(invoice: Stripe.Invoice): { start: Date | null; end: Date | null } {
  const lines = invoice.lines?.data ?? [];
  if (lines.length === 0) return { start: null, end: null };
  return {
    start: fromUnix(Math.min(...lines.map((line) => line.period.start))),
    end: fromUnix(Math.max(...lines.map((line) => line.period.end))),
  };
}

function subscriptionIdOf(event: Stripe.Event): string | null {
  const object = event.data.object as { object?: string; id?: string };
  if (object.object === "subscription") return object.id ?? null;
  if (object.object === "invoice") {
    const ref = (object as Stripe.Invoice).parent?.subscription_details?.subscription;
    return typeof ref === "string" ? ref : (ref?.id ?? null);
  }
  return null;
}

function emailOf(subscription: Stripe.Subscription): string | null {
  const customer = subscription.customer;
  const fromCustomer = typeof customer === "object" && !customer.deleted ? customer.email : null;
  const email = fromCustomer ?? subscription.metadata?.email ?? null;
  return email ? email.trim().toLowerCase() : null;
}

export type { ApplyDeps, ApplyResult } from "./stripe-apply";

/** Applies one verified event exactly once. Throws (so Stripe retries) when Stripe cannot be read. */
export async function applyStripeEvent(deps: ApplyDeps, event: Stripe.Event): Promise<ApplyResult> {
  if (CHARGE_EVENTS.has(event.type)) return applyChargeEvent(deps, event);
  if (ONE_OFF_EVENTS.has(event.type)) return applyOneOffEvent(deps, event);
  if (!SUBSCRIPTION_EVENTS.has(event.type)) return "ignored";
  const subscriptionId = subscriptionIdOf(event);
  if (!subscriptionId) return "ignored";
  // Cheap early exit for the common duplicate; the insert below is what guarantees once.
  if (await seen(deps.db, event.id)) return "duplicate";

  // Events for one subscription take turns (a lease, not a transaction: Stripe is read with nothing held open), so a
  // slow read of an older state cannot land after a newer one.
  return withLease(deps.db, `stripe:${subscriptionId}`, { ms: STRIPE_LEASE_MS, pollMs: 50 }, async () => {
    const [subscription, priceId] = await Promise.all([
      retrieveSubscription(deps.stripe, subscriptionId),
      deps.stripe.priceId(),
    ]);
    // Only a subscription to our price buys access: one made in the same account for something else grants none.
    const ours = subscription?.items.data.some((item) => item.price.id === priceId) ?? false;
    return deps.db.transaction((tx) => applyRead(deps, tx, event, subscription, ours));
  });
}

/** Stripe's read is at least this quick or it throws (the SDK's own timeout); the lease outlasts it. */
const STRIPE_LEASE_MS = 90_000;

async function applyRead(
  deps: ApplyDeps,
  tx: Tx,
  event: Stripe.Event,
  subscription: Stripe.Subscription | null,
  ours: boolean,
): Promise<ApplyResult> {
  {
    if (!(await recordEvent(tx, event))) return "duplicate";

    // Not in this account (another mode's event sent here): nothing to apply, and retrying will not change that.
    if (!subscription) return "ignored";
    const email = emailOf(subscription);
    if (!email) return "applied";

    const invoice = event.type.startsWith("invoice.") ? (event.data.object as Stripe.Invoice) : null;
    const paid = event.type === "invoice.paid" && invoice ? invoicePeriod(invoice) : null;
    const status = mapStripeStatus(subscription.status);
    await upsertRow(tx, { email, subscription, status, paidThrough: paid?.end ?? null, ours });

    const portalUrl = `${deps.publicUrl}/portal`;
    const messages: EmailMessage[] = [];
    const firstName = await firstNameFor(tx, email);
    if (event.type === "invoice.paid" && invoice) {
      const period = paid?.end ? paid : itemPeriod(subscription);
      if (period.start && period.end) {
        messages.push(
          paymentReceipt({
            to: email,
            firstName,
            amountCents: invoice.amount_paid,
            periodStart: period.start,
            periodEnd: period.end,
            number: invoice.number,
            portalUrl,
          }),
        );
      }
    }
    // The first payment's failure is shown on the payment screen; an e-mail is for renewals the payer did not see.
    if (event.type === "invoice.payment_failed" && invoice && status === "past_due") {
      messages.push(paymentFailedEmail({ email, firstName }, invoice.amount_due, portalUrl));
    }
    await enqueueEmails(tx, messages);
    return "applied";
  }
}

/** When a subscription set to end will end: at its period's end, or at the date it was told to stop. */
export function cancelDate(subscription: Stripe.Subscription, periodEnd: Date | null): Date | null {
  if (subscription.cancel_at_period_end) return periodEnd;
  return fromUnix(subscription.cancel_at);
}

/** The Stripe customer behind an e-mail's subscription, if it was ever paid by card. */
export async function findStripeCustomer(db: Db, email: string): Promise<string | null> {
  const [row] = await db
    .select({ customer: subscriptions.stripeCustomerId })
    .from(subscriptions)
    .where(eq(subscriptions.email, email.toLowerCase()))
    .limit(1);
  return row?.customer ?? null;
}

async function retrieveSubscription(stripe: StripeAdapter, id: string): Promise<Stripe.Subscription | null> {
  try {
    return await stripe.client.subscriptions.retrieve(id, { expand: ["customer"] });
  } catch (error) {
    if (await missingAtStripe(error)) return null;
    // Any other failure is a 500, so Stripe delivers the event again later (its own status must not leak out).
    throw new Error(`could not read Stripe subscription ${id}`, { cause: error });
  }
}

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

async function upsertRow(
  tx: Tx,
  next: {
    email: string;
    subscription: Stripe.Subscription;
    status: Status;
    paidThrough: Date | null;
    ours: boolean;
  },
): Promise<void> {
  const { subscription, status } = next;
  const [row] = await tx
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.email, next.email))
    .limit(1)
    .for("update");
  const same = row?.provider === "stripe" && row.stripeSubscriptionId === subscription.id;
  const period = itemPeriod(subscription);
  // What this subscription has paid through so far is its own grant's end, never another source's access.
  const live = await stripeGrantEnd(tx, subscription.id);
  const paidThrough = next.ours ? later(live, next.paidThrough) : null;
  const itemEnd = period.end;
  // Only a paid invoice starts a grant; other events move the end of one that runs (a revoke ended the old one).
  const grantEnd =
    !next.ours || (live === null && next.paidThrough === null)
      ? null
      : status === "active"
        ? later(paidThrough, itemEnd)
        : status === "canceled"
          ? // Cancelled: access runs to the end of what was paid, never past the period Stripe ended it in.
            earlier(paidThrough, itemEnd ?? paidThrough)
          : paidThrough;

  // Another subscription's (or another payment method's) bookkeeping is not replaced by a Stripe subscription that
  // grants nothing, such as an abandoned checkout expiring.
  const grants = grantEnd !== null && grantEnd > new Date();
  if (row && !same && hasAccess(row) && !grants) return;

  const customer = subscription.customer;
  await recordCardSubscription(tx, next.email, {
    status,
    cancelAt: status === "canceled" ? null : cancelDate(subscription, itemEnd),
    stripeCustomerId: typeof customer === "string" ? customer : customer.id,
    stripeSubscriptionId: subscription.id,
  });
  // The name typed at checkout (subscription-starts.ts), else the one Stripe holds for the customer.
  const stripeName = typeof customer === "object" && !customer.deleted ? customer.name : null;
  await recordSubscriberName(tx, next.email, (await checkoutNameOf(tx, next.email)) ?? stripeName);
  if (grantEnd) {
    await setStripeGrant(tx, {
      email: next.email,
      subscriptionId: subscription.id,
      periodStart: period.start ?? new Date(),
      paidThrough: grantEnd,
    });
  } else {
    await refreshAccess(tx, next.email, "stripe");
  }
}

// A card subscriber managing their subscription: Stripe's customer portal (update the card, see invoices, cancel),
// or stopping renewals from our own portal, after which access runs to the end of what was paid.
import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { subscriptions } from "../db/schema";
import type { StripeAdapter } from "../integrations/stripe";
import { cancelDate, findStripeCustomer } from "./stripe-events";
import { recordCancelAt } from "./subscription-rows";

/** The address of a customer portal session, or null when the e-mail never paid by card. */
export async function billingPortalUrl(
  db: Db,
  stripe: StripeAdapter,
  email: string,
  returnUrl: string,
): Promise<string | null> {
  const customer = await findStripeCustomer(db, email);
  return customer ? stripe.createPortalSession(customer, returnUrl) : null;
}

export type CancelOutcome =
  /** No card subscription is recorded for the e-mail. */
  | { outcome: "none" }
  /** It has already ended. */
  | { outcome: "ended" }
  | { outcome: "cancelling"; subscriptionId: string; cancelAt: Date | null };

/**
 * Stops renewals at Stripe and records when access ends (GET /api/auth/user then shows the date). Stripe is called
 * with no transaction open; its webhook confirms the same state later.
 */
export async function cancelCardRenewal(
  db: Db,
  stripe: StripeAdapter,
  rawEmail: string,
): Promise<CancelOutcome> {
  const email = rawEmail.toLowerCase();
  const [row] = await db
    .select({ id: subscriptions.stripeSubscriptionId, status: subscriptions.status })
    .from(subscriptions)
    .where(eq(subscriptions.email, email))
    .limit(1);
  if (!row?.id) return { outcome: "none" };
  if (row.status === "canceled") return { outcome: "ended" };
  const subscription = await stripe.cancelAtPeriodEnd(row.id);
  const ends = subscription.items.data.map((item) => item.current_period_end);
  const cancelAt = cancelDate(subscription, ends.length ? new Date(Math.max(...ends) * 1000) : null);
  await recordCancelAt(db, email, cancelAt);
  return { outcome: "cancelling", subscriptionId: row.id, cancelAt };
}

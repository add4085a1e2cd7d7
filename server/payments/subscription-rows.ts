// Every write of the subscriptions table, so the rules of the one row per subscriber e-mail live in one place:
// - access-until (currentPeriodEnd) is only ever derived from the e-mail's live grants (entitlements.ts);
// - Stripe's bookkeeping (customer, subscription, status, cancel date) is only ever set from Stripe's own answers;
// - a row is created by whichever comes first, and neither kind of write overwrites the other's columns.
import { and, eq, gt, isNull, lte, ne, or, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { subscriptions } from "../db/schema";

type Writer = Pick<Db, "insert" | "update">;
export type Provider = (typeof subscriptions.$inferSelect)["provider"];
export type CardStatus = (typeof subscriptions.$inferSelect)["status"];

/**
 * Writes the access end derived from the grants (`until`, or null for no access), creating the row when missing
 * as `provider` (manual unless Stripe or the wallet own it).
 */
export async function recordAccessEnd(tx: Writer, email: string, provider: Provider, until: Date | null) {
  // No access leaves the end at "now or earlier" so readers see it as over, whatever the row's status says.
  const end = until ?? sql`least(coalesce(${subscriptions.currentPeriodEnd}, now()), now())`;
  await tx
    .insert(subscriptions)
    .values({ email, provider, status: "active", currentPeriodEnd: until ?? new Date() })
    .onConflictDoUpdate({
      target: subscriptions.email,
      set: {
        // Wallet money (or the sandbox's simulated card) moves a row to itself, unless a card subscription is there
        // for Stripe to keep managing.
        provider:
          provider === "mpaisa" || provider === "sandbox"
            ? sql`case when ${subscriptions.stripeSubscriptionId} is null then ${provider} else ${subscriptions.provider} end`
            : sql`${subscriptions.provider}`,
        currentPeriodEnd: end,
        // Stripe's own status stays for display on a card subscriber's row; any other row is active while it runs.
        status: until
          ? sql`case when ${subscriptions.stripeSubscriptionId} is null then 'active' else ${subscriptions.status} end`
          : sql`${subscriptions.status}`,
        updatedAt: sql`now()`,
      },
    });
}

/**
 * The name the subscriber gave with a payment (the /subscribe page's, else the one typed on the payment form), kept
 * on their row for staff's list and the portal's greeting. The newest given name wins; none given keeps the old.
 */
export async function recordSubscriberName(tx: Writer, email: string, name: string | null | undefined) {
  const given = name?.trim().replace(/\s+/g, " ").slice(0, 200);
  if (!given) return;
  await tx
    .update(subscriptions)
    .set({ name: given })
    .where(eq(subscriptions.email, email.trim().toLowerCase()));
}

/** Stripe's view of a card subscription; the access end is left to the grants. */
export async function recordCardSubscription(
  tx: Writer,
  email: string,
  card: { status: CardStatus; cancelAt: Date | null; stripeCustomerId: string; stripeSubscriptionId: string },
) {
  const values = { provider: "stripe" as const, ...card };
  await tx
    .insert(subscriptions)
    .values({ email, ...values, currentPeriodEnd: null })
    .onConflictDoUpdate({ target: subscriptions.email, set: { ...values, updatedAt: sql`now()` } });
}

/** The date a cancelled-at-period-end card subscription stops, as Stripe answered it. */
export async function recordCancelAt(db: Writer, email: string, cancelAt: Date | null) {
  await db
    .update(subscriptions)
    .set({ cancelAt, updatedAt: sql`now()` })
    .where(eq(subscriptions.email, email));
}

/** Marks an e-mail's subscription ended by staff; false when the e-mail has none. */
export async function recordRevoked(db: Writer, email: string): Promise<boolean> {
  const rows = await db
    .update(subscriptions)
    .set({ status: "canceled", updatedAt: sql`now()` })
    .where(eq(subscriptions.email, email))
    .returning({ id: subscriptions.id });
  return rows.length > 0;
}

/**
 * Claims the wallet subscribers whose access ends between `now` and `horizon` and who were not yet reminded of
 * that end. One UPDATE … RETURNING: a second instance running at the same time finds them already marked.
 */
export function claimRenewalReminders(tx: Writer, now: Date, horizon: Date) {
  return tx
    .update(subscriptions)
    .set({ reminderSentFor: sql`${subscriptions.currentPeriodEnd}` })
    .where(
      and(
        eq(subscriptions.provider, "mpaisa"),
        eq(subscriptions.status, "active"),
        gt(subscriptions.currentPeriodEnd, now),
        lte(subscriptions.currentPeriodEnd, horizon),
        or(
          isNull(subscriptions.reminderSentFor),
          ne(subscriptions.reminderSentFor, subscriptions.currentPeriodEnd),
        ),
      ),
    )
    .returning({ email: subscriptions.email, currentPeriodEnd: subscriptions.currentPeriodEnd });
}

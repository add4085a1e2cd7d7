// One subscription row per subscriber e-mail: Stripe's bookkeeping (customer, subscription, status) and the e-mail's
// access-until, derived from its grants (entitlements.ts) whenever one changes. Every check goes through hasAccess so
// the rule lives in one place.
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { SubscriptionInfo } from "../../shared/portal";
import type { Db } from "../db/client";
import { subscriptions } from "../db/schema";
import { addGrant, grantsOf, revokeGrants } from "./entitlements";
import { recordRevoked } from "./subscription-rows";

type Executor = Pick<Db, "select" | "insert" | "update" | "execute">;
type Reader = Pick<Db, "select">;

export function hasAccess(
  row: { status: string; currentPeriodEnd: Date | null } | undefined,
  now = new Date(),
): boolean {
  // currentPeriodEnd is derived from the e-mail's live grants (entitlements.ts): it alone says what was paid for,
  // whatever state a card subscription is in (a past-due card does not take away paid wallet days).
  return row?.currentPeriodEnd != null && row.currentPeriodEnd > now;
}

export async function findSubscription(db: Reader, email: string) {
  const [row] = await db
    .select({
      provider: subscriptions.provider,
      status: subscriptions.status,
      currentPeriodEnd: subscriptions.currentPeriodEnd,
      cancelAt: subscriptions.cancelAt,
      updatedAt: subscriptions.updatedAt,
    })
    .from(subscriptions)
    .where(eq(subscriptions.email, email.toLowerCase()))
    .limit(1);
  return row;
}

export async function subscriptionInfo(db: Reader, email: string): Promise<SubscriptionInfo | null> {
  const row = await findSubscription(db, email);
  if (!row) return null;
  return {
    provider: row.provider,
    status: row.status,
    currentPeriodEnd: row.currentPeriodEnd?.toISOString() ?? null,
    hasAccess: hasAccess(row),
    cancelAt: row.cancelAt?.toISOString() ?? null,
    grants: await grantsOf(db, email),
  };
}

/**
 * Staff grant access by hand (a bank transfer, a sponsored pilot): a grant from now to `periodEnd`, placed after any
 * access already running like every other grant. Answers the derived end of access.
 */
export async function grantAccess(db: Executor, email: string, periodEnd: Date): Promise<Date | null> {
  return addGrant(db, {
    email,
    source: "staff",
    sourceRef: `staff-${randomUUID()}`,
    periodStart: new Date(),
    periodEnd,
  });
}

/** Ends access now: every grant made so far ends. Returns false when the e-mail has no subscription. */
export async function revokeAccess(db: Executor, email: string): Promise<boolean> {
  if (!(await recordRevoked(db, email.toLowerCase()))) return false;
  await revokeGrants(db, email);
  return true;
}

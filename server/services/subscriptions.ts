// One subscription per subscriber e-mail, whatever the payment method. Access is current while the paid period has
// not ended and the status is active, or canceled (a cancelled card subscription runs to the end of what was paid;
// staff revocation ends the period now). Every check goes through hasAccess so the rule lives in one place.
import { eq, sql } from "drizzle-orm";
import type { SubscriptionInfo } from "../../shared/portal";
import type { Db } from "../db/client";
import { subscriptions } from "../db/schema";

type Executor = Pick<Db, "select" | "insert" | "update">;

export function hasAccess(
  row: { status: string; currentPeriodEnd: Date | null } | undefined,
  now = new Date(),
): boolean {
  const paidUp = row?.status === "active" || row?.status === "canceled";
  return paidUp && row?.currentPeriodEnd != null && row.currentPeriodEnd > now;
}

export async function findSubscription(db: Executor, email: string) {
  const [row] = await db
    .select({
      provider: subscriptions.provider,
      status: subscriptions.status,
      currentPeriodEnd: subscriptions.currentPeriodEnd,
      updatedAt: subscriptions.updatedAt,
    })
    .from(subscriptions)
    .where(eq(subscriptions.email, email.toLowerCase()))
    .limit(1);
  return row;
}

export async function subscriptionInfo(db: Executor, email: string): Promise<SubscriptionInfo | null> {
  const row = await findSubscription(db, email);
  if (!row) return null;
  return {
    provider: row.provider,
    status: row.status,
    currentPeriodEnd: row.currentPeriodEnd?.toISOString() ?? null,
    hasAccess: hasAccess(row),
  };
}

/** Staff grant access by hand (a bank transfer, a sponsored pilot): active until `periodEnd`. */
export async function grantAccess(db: Executor, email: string, periodEnd: Date): Promise<void> {
  await db
    .insert(subscriptions)
    .values({ email: email.toLowerCase(), provider: "manual", status: "active", currentPeriodEnd: periodEnd })
    .onConflictDoUpdate({
      target: subscriptions.email,
      set: { status: "active", currentPeriodEnd: periodEnd, updatedAt: sql`now()` },
    });
}

/** Ends access now. Returns false when the e-mail has no subscription. */
export async function revokeAccess(db: Executor, email: string): Promise<boolean> {
  const rows = await db
    .update(subscriptions)
    .set({
      status: "canceled",
      currentPeriodEnd: sql`least(coalesce(${subscriptions.currentPeriodEnd}, now()), now())`,
      updatedAt: sql`now()`,
    })
    .where(eq(subscriptions.email, email.toLowerCase()))
    .returning({ id: subscriptions.id });
  return rows.length > 0;
}

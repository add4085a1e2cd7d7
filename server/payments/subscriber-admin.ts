// Staff grant or revoke portal access by hand (bank transfers, sponsored pilots), each recorded in the audit log in
// the same transaction; and the subscriber list with each subscriber's access and grants.
import { and, count, desc, eq, ilike, type SQL } from "drizzle-orm";
import { endOfFijiDay } from "../../shared/fiji-time";
import type { Db } from "../db/client";
import { containsPattern } from "../db/like";
import { subscriptions, users } from "../db/schema";
import { audit } from "../staff/audit";
import { grantsOf } from "./entitlements";
import { grantAccess, hasAccess, revokeAccess } from "./subscriptions";
import type { StaffAction } from "./wallet-admin";

export async function listSubscribers(db: Db, query: { q?: string; limit: number; offset: number }) {
  const { q, limit, offset } = query;
  const text = q?.trim();
  const where: SQL | undefined = text ? ilike(subscriptions.email, containsPattern(text)) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        email: subscriptions.email,
        firstName: users.firstName,
        provider: subscriptions.provider,
        status: subscriptions.status,
        currentPeriodEnd: subscriptions.currentPeriodEnd,
        updatedAt: subscriptions.updatedAt,
      })
      .from(subscriptions)
      .leftJoin(users, eq(users.email, subscriptions.email))
      .where(where)
      .orderBy(desc(subscriptions.updatedAt), desc(subscriptions.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(subscriptions).where(and(where)),
  ]);
  const items = await Promise.all(
    rows.map(async (row) => ({ ...row, hasAccess: hasAccess(row), grants: await grantsOf(db, row.email) })),
  );
  return { items, total: total?.n ?? 0 };
}

export type GrantOutcome =
  /** `until` names no real day, or a day already over (access ends at the end of that Fiji day). */
  { outcome: "bad-date" } | { outcome: "past" } | { outcome: "granted"; accessUntil: Date };

/** Access until the end of `until` (a Fiji date); with access already running, the granted days follow it. */
export async function grantAccessByStaff(
  db: Db,
  email: string,
  until: string,
  by: StaffAction,
): Promise<GrantOutcome> {
  const periodEnd = endOfFijiDay(until);
  if (!periodEnd) return { outcome: "bad-date" };
  if (periodEnd <= new Date()) return { outcome: "past" };
  const accessUntil = await db.transaction(async (tx) => {
    const granted = await grantAccess(tx, email, periodEnd);
    await audit(tx, {
      actor: by.actor,
      action: "subscription.granted",
      subject: email,
      details: { until, accessUntil: granted?.toISOString() ?? null },
      ip: by.ip,
    });
    return granted ?? periodEnd;
  });
  return { outcome: "granted", accessUntil };
}

/** Ends access now; false when no subscription is recorded for the address. */
export function revokeAccessByStaff(db: Db, email: string, by: StaffAction): Promise<boolean> {
  return db.transaction(async (tx) => {
    const found = await revokeAccess(tx, email);
    if (found) {
      await audit(tx, { actor: by.actor, action: "subscription.revoked", subject: email, ip: by.ip });
    }
    return found;
  });
}

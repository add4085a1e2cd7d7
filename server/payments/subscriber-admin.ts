// Staff grant or revoke portal access by hand (bank transfers, sponsored pilots), each recorded in the audit log in
// the same transaction; and the subscriber list with each subscriber's access and grants.
import { eq, ilike, or } from "drizzle-orm";
import { endOfFijiDay } from "../../shared/fiji-time";
import type { Db } from "../db/client";
import { containsPattern } from "../db/like";
import { newestFirstPage } from "../db/newest-first";
import { subscriptions, users } from "../db/schema";
import { audit, auditedChange } from "../staff/audit";
import { grantsOf } from "./entitlements";
import { grantAccess, hasAccess, revokeAccess } from "./subscriptions";
import type { StaffAction } from "./wallet-admin";

export async function listSubscribers(db: Db, query: { q?: string; limit: number; offset: number }) {
  const text = query.q?.trim();
  const rows = db
    .select({
      email: subscriptions.email,
      name: subscriptions.name,
      firstName: users.firstName,
      provider: subscriptions.provider,
      status: subscriptions.status,
      currentPeriodEnd: subscriptions.currentPeriodEnd,
      updatedAt: subscriptions.updatedAt,
    })
    .from(subscriptions)
    .leftJoin(users, eq(users.email, subscriptions.email))
    .$dynamic();
  // By address or by the name given when paying.
  const pattern = text ? containsPattern(text) : null;
  const where = pattern
    ? or(ilike(subscriptions.email, pattern), ilike(subscriptions.name, pattern))
    : undefined;
  const list = { rows, table: subscriptions, where, newest: subscriptions.updatedAt, id: subscriptions.id };
  const page = await newestFirstPage(db, list, query);
  const items = await Promise.all(
    page.items.map(async (row) => ({
      ...row,
      hasAccess: hasAccess(row),
      grants: await grantsOf(db, row.email),
    })),
  );
  return { items, total: page.total };
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
  const event = { ...by, action: "subscription.revoked", subject: email };
  return auditedChange(db, event, (tx) => revokeAccess(tx, email));
}

// Portal access as the sum of what bought or gave it. Every payment or staff decision is one grant with its source
// (a Stripe subscription's paid period, a wallet payment's days, a staff grant); "access until" is derived from the
// live grants, which run end to end in the order they were made: a grant starts when it was made (or its paid
// period starts), or when the access before it ends, whichever is later, and lasts its own length. So a wallet
// payment made during a card period adds its days after it, a card cancellation cannot erase paid wallet days, and a
// later payment cannot undo a staff revoke (the revoke ended the grants made before it; the payment starts anew).
//
// The derived end is written to the e-mail's subscriptions row (currentPeriodEnd) in the same transaction, so every
// reader (downloads, the portal, staff lists, reminders) keeps one cheap lookup and one rule (subscriptions.ts).
import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { AccessGrant } from "../../shared/portal";
import type { Db } from "../db/client";
import { accessGrants, stripeCharges } from "../db/schema";
import { type Provider, recordAccessEnd } from "./subscription-rows";

export type GrantSource = (typeof accessGrants.$inferSelect)["source"];
type Executor = Pick<Db, "select" | "insert" | "update" | "execute">;

const DAY_MS = 24 * 60 * 60 * 1000;

export interface GrantSpan {
  createdAt: Date;
  days: number | null;
  periodStart: Date | null;
  periodEnd: Date | null;
}

/** Where each live grant lands, in creation order; the last end is "access until". Pure, for tests. */
export function placeGrants<T extends GrantSpan>(
  grants: readonly T[],
): { grant: T; start: Date; end: Date }[] {
  let cursor: number | null = null;
  const placed: { grant: T; start: Date; end: Date }[] = [];
  for (const grant of grants) {
    const own = grant.periodStart ?? grant.createdAt;
    const length =
      grant.days != null
        ? grant.days * DAY_MS
        : Math.max(0, (grant.periodEnd?.getTime() ?? own.getTime()) - own.getTime());
    const start = Math.max(own.getTime(), cursor ?? own.getTime());
    const end = start + length;
    placed.push({ grant, start: new Date(start), end: new Date(end) });
    cursor = Math.max(cursor ?? end, end);
  }
  return placed;
}

export function deriveAccessUntil(grants: readonly GrantSpan[], now = new Date()): Date | null {
  const last = placeGrants(grants).at(-1);
  return last && last.end > now ? last.end : null;
}

/** Grants of one e-mail take turns, so two payments landing together are both placed, one after the other. */
export async function lockEmail(tx: Executor, email: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`access:${email}`}, 0))`);
}

export interface Interval {
  start: Date;
  end: Date;
}

/**
 * A card subscription's span with its refunded or disputed periods taken out (invoice periods do not overlap):
 * what is left is its latest uncovered piece, since access only ever matters from now on. A refund of the current
 * month ends access now; a dispute over an earlier month leaves a later paid month running. Pure, for tests.
 */
export function carveWithheld(span: Interval, withheld: readonly Interval[]): Interval {
  let end = span.end.getTime();
  let start = span.start.getTime();
  const sorted = [...withheld].sort((a, b) => b.end.getTime() - a.end.getTime());
  for (const cut of sorted) {
    const [cutStart, cutEnd] = [cut.start.getTime(), cut.end.getTime()];
    if (cutEnd <= start || cutStart >= end) continue;
    // The cut reaches the end: the span now ends where the cut begins.
    if (cutEnd >= end) end = Math.max(start, cutStart);
    // A cut inside: the latest piece is the one after it.
    else start = Math.max(start, cutEnd);
  }
  return { start: new Date(start), end: new Date(Math.max(start, end)) };
}

async function liveGrants(tx: Pick<Db, "select">, email: string) {
  const grants = await tx
    .select()
    .from(accessGrants)
    .where(and(eq(accessGrants.email, email), isNull(accessGrants.endedAt), isNull(accessGrants.suspendedAt)))
    .orderBy(asc(accessGrants.createdAt), asc(accessGrants.id));
  const cardRefs = grants.filter((grant) => grant.source === "stripe").map((grant) => grant.sourceRef);
  if (cardRefs.length === 0) return grants;
  const withheld = await tx
    .select({
      subscriptionId: stripeCharges.subscriptionId,
      start: stripeCharges.periodStart,
      end: stripeCharges.periodEnd,
    })
    .from(stripeCharges)
    .where(and(inArray(stripeCharges.subscriptionId, cardRefs), eq(stripeCharges.withheld, true)));
  if (withheld.length === 0) return grants;
  return grants.map((grant) => {
    const cuts = withheld.filter(
      (cut) => grant.source === "stripe" && cut.subscriptionId === grant.sourceRef,
    );
    if (cuts.length === 0 || !grant.periodStart || !grant.periodEnd) return grant;
    const left = carveWithheld({ start: grant.periodStart, end: grant.periodEnd }, cuts);
    return { ...grant, periodStart: left.start, periodEnd: left.end };
  });
}

/**
 * Recomputes an e-mail's access from its live grants and writes it to its subscriptions row (created when missing,
 * as provider "manual" unless Stripe or the wallet already own it). Answers the derived end, or null.
 */
export async function refreshAccess(
  tx: Executor,
  email: string,
  provider: Provider = "manual",
): Promise<Date | null> {
  const address = email.toLowerCase();
  const until = deriveAccessUntil(await liveGrants(tx, address));
  await recordAccessEnd(tx, address, provider, until);
  return until;
}

export interface NewGrant {
  email: string;
  source: GrantSource;
  sourceRef: string;
  days?: number;
  periodStart?: Date;
  periodEnd?: Date;
  note?: string;
}

/** A card subscription's grant that still runs (a revoke ends it; a later payment then starts a new one). */
const liveStripeGrant = (subscriptionId: string) =>
  and(
    eq(accessGrants.source, "stripe"),
    eq(accessGrants.sourceRef, subscriptionId),
    isNull(accessGrants.endedAt),
  );

/**
 * Adds a grant (idempotent per live source record: the same wallet payment or Stripe subscription twice adds
 * nothing) and answers the e-mail's derived access-until after it. Call inside the transaction that records the
 * payment or the staff decision.
 */
export async function addGrant(tx: Executor, grant: NewGrant): Promise<Date | null> {
  const email = grant.email.toLowerCase();
  await lockEmail(tx, email);
  await tx
    .insert(accessGrants)
    .values({
      email,
      source: grant.source,
      sourceRef: grant.sourceRef,
      days: grant.days ?? null,
      periodStart: grant.periodStart ?? null,
      periodEnd: grant.periodEnd ?? null,
      note: grant.note?.slice(0, 300) ?? null,
    })
    .onConflictDoNothing();
  return refreshAccess(tx, email, providerOf(grant.source));
}

/**
 * A Stripe subscription's grant follows what Stripe says it has paid through (stripe-events.ts works that out):
 * created at its first paid period, then its end moves with each renewal, or back to where Stripe ended a cancelled
 * period. A revoke ended the old one, so a renewal after it starts a new grant.
 */
export async function setStripeGrant(
  tx: Executor,
  grant: { email: string; subscriptionId: string; periodStart: Date; paidThrough: Date },
): Promise<Date | null> {
  const email = grant.email.toLowerCase();
  await lockEmail(tx, email);
  const [live] = await tx
    .select({ id: accessGrants.id })
    .from(accessGrants)
    .where(liveStripeGrant(grant.subscriptionId))
    .limit(1);
  if (live) {
    await tx.update(accessGrants).set({ periodEnd: grant.paidThrough }).where(eq(accessGrants.id, live.id));
  } else if (grant.paidThrough > grant.periodStart) {
    await tx.insert(accessGrants).values({
      email,
      source: "stripe",
      sourceRef: grant.subscriptionId,
      periodStart: grant.periodStart,
      periodEnd: grant.paidThrough,
    });
  }
  return refreshAccess(tx, email, "stripe");
}

/** The paid-through end of a Stripe subscription's live grant, if it has one. */
export async function stripeGrantEnd(tx: Executor, subscriptionId: string): Promise<Date | null> {
  const [row] = await tx
    .select({ periodEnd: accessGrants.periodEnd })
    .from(accessGrants)
    .where(liveStripeGrant(subscriptionId))
    .limit(1);
  return row?.periodEnd ?? null;
}

/** Staff revoke: every grant made before now ends; a payment after this starts a new grant. */
export async function revokeGrants(tx: Executor, email: string): Promise<number> {
  const address = email.toLowerCase();
  await lockEmail(tx, address);
  const ended = await tx
    .update(accessGrants)
    .set({ endedAt: sql`now()`, endedReason: "revoked" })
    .where(and(eq(accessGrants.email, address), isNull(accessGrants.endedAt)))
    .returning({ id: accessGrants.id });
  await refreshAccess(tx, address);
  return ended.length;
}

/** The live grants of an e-mail as placed on the timeline, for the portal and the staff view. */
export async function grantsOf(db: Pick<Db, "select">, email: string): Promise<AccessGrant[]> {
  const placed = placeGrants(await liveGrants(db, email.toLowerCase()));
  return placed.map(({ grant, start, end }) => ({
    source: grant.source,
    sourceRef: grant.sourceRef,
    start: start.toISOString(),
    end: end.toISOString(),
    note: grant.note,
  }));
}

function providerOf(source: GrantSource): Provider {
  if (source === "stripe") return "stripe";
  if (source === "wallet") return "mpaisa";
  // The sandbox's simulated card payment is a card payment, shown as such (never "Manual", which staff granted).
  return source === "sandbox" ? "sandbox" : "manual";
}

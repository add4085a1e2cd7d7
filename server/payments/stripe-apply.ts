// What applying a Stripe event needs and answers, shared by the subscription events (stripe-events.ts) and the
// refund and dispute events (stripe-charges.ts); the event id is recorded once in payment_events.
import { and, eq } from "drizzle-orm";
import type Stripe from "stripe";
import type { Db } from "../db/client";
import { paymentEvents } from "../db/schema";
import type { StripeAdapter } from "../integrations/stripe";

export interface ApplyDeps {
  db: Db;
  stripe: StripeAdapter;
  /** The site's origin, for the portal link in e-mails. */
  publicUrl: string;
  /** Where refunds and disputes are reported (they are always in the activity log as well). */
  staffEmail?: string | null | undefined;
  /** Signs the pay links in course-fee receipts (app.payLinkKey). */
  payLinkKey?: Buffer;
}

export type ApplyResult = "applied" | "duplicate" | "ignored";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** Cheap early exit for a delivery seen before; recordEvent is what guarantees once. */
export async function seenEvent(db: Db, eventId: string): Promise<boolean> {
  const rows = await db
    .select({ eventId: paymentEvents.eventId })
    .from(paymentEvents)
    .where(and(eq(paymentEvents.provider, "stripe"), eq(paymentEvents.eventId, eventId)))
    .limit(1);
  return rows.length > 0;
}

/** Records the event in the applying transaction: false when another delivery of it got there first. */
export async function recordEvent(tx: Tx, event: Stripe.Event): Promise<boolean> {
  const inserted = await tx
    .insert(paymentEvents)
    .values({ provider: "stripe", eventId: event.id, type: event.type })
    .onConflictDoNothing()
    .returning({ eventId: paymentEvents.eventId });
  return inserted.length > 0;
}

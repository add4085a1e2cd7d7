// Stripe's events about one-off card payments (course fees): the event only says "look again", so the payment
// intent is read from Stripe (no transaction open) and its state applied by the course-fee rules, once per event.
// Intents that are not course fees (a subscription invoice's own intent) are left alone.
import type Stripe from "stripe";
import { enqueueEmails } from "../integrations/mail/outbox";
import { readSettings } from "../settings/settings";
import { settleCoursePayment } from "../training/fee-settle";
import { oneOffCardPayments } from "./card-one-off";
import { type ApplyDeps, type ApplyResult, seenEvent } from "./stripe-apply";

export const ONE_OFF_EVENTS = new Set<string>(["payment_intent.succeeded", "payment_intent.payment_failed"]);

export async function applyOneOffEvent(deps: ApplyDeps, event: Stripe.Event): Promise<ApplyResult> {
  const snapshot = event.data.object as { object?: string; id?: string; metadata?: Record<string, string> };
  if (snapshot.object !== "payment_intent" || !snapshot.id) return "ignored";
  if (snapshot.metadata?.purpose !== "course-fee") return "ignored";
  if (await seenEvent(deps.db, event.id)) return "duplicate";
  const intent = await oneOffCardPayments(deps.stripe).read(snapshot.id);
  if (!intent) return "ignored";
  // Still on its way (processing, or waiting for a bank check): a later event settles it.
  const paid = intent.status === "succeeded";
  const failed = intent.status === "requires_payment_method" || intent.status === "canceled";
  if (!paid && !failed) return "ignored";
  const settled = await settleCoursePayment(
    {
      db: deps.db,
      settings: await readSettings(deps.db),
      links: { publicUrl: deps.publicUrl, key: deps.payLinkKey ?? Buffer.alloc(32) },
    },
    {
      provider: "stripe",
      eventId: event.id,
      eventType: event.type,
      reference: intent.metadata.reference ?? null,
      providerReference: intent.id,
      method: "card",
      paid,
      amountCents: paid ? intent.amountReceived : null,
      email: intent.email,
      message: intent.failure,
    },
  );
  // The payment is committed: its receipt (or refund note) is queued now.
  await enqueueEmails(deps.db, settled.emails);
  return settled.outcome === "duplicate" ? "duplicate" : "applied";
}

// How tests move the fake Stripe on: a card payment, a renewal, a refund or dispute, a changed subscription, and
// the signed webhook events Stripe would send about them.
import Stripe from "stripe";
import type { StripeModel } from "./model";
import {
  API_VERSION,
  addMonth,
  type FakeStripe,
  type FakeStripeOptions,
  id,
  type Json,
  now,
  type StripeState,
  seconds,
} from "./wire";

export function stripeControls(state: StripeState, model: StripeModel, options: FakeStripeOptions) {
  const { invoices, charges, disputes, invoicePayments } = state;
  const { openInvoice, serializeInvoice, subscriptionOrThrow } = model;
  const controls: Pick<
    FakeStripe,
    | "chargeOf"
    | "refund"
    | "dispute"
    | "setDispute"
    | "setSubscription"
    | "payLatestInvoice"
    | "renew"
    | "event"
    | "deliver"
  > = {
    chargeOf(invoiceId) {
      const payment = invoicePayments.find((p) => p.invoice === invoiceId);
      const intent = (payment?.payment as Json | undefined)?.payment_intent;
      const charge = [...charges.values()].find((c) => c.payment_intent === intent);
      if (!charge) throw new Error(`fake Stripe has no charge for invoice ${invoiceId}`);
      return structuredClone(charge);
    },
    refund(chargeId, amountCents) {
      const charge = charges.get(chargeId);
      if (!charge) throw new Error(`fake Stripe has no charge ${chargeId}`);
      const amount = charge.amount as number;
      const before = charge.amount_refunded as number;
      const refunded = Math.min(amount, before + (amountCents ?? amount));
      Object.assign(charge, { amount_refunded: refunded, refunded: refunded >= amount });
      // The refund itself, as GET /v1/refunds lists it (made in the dashboard: no metadata of ours).
      const refund: Json = {
        id: id("re"),
        object: "refund",
        amount: refunded - before,
        charge: chargeId,
        payment_intent: charge.payment_intent,
        currency: charge.currency,
        metadata: {},
        status: "succeeded",
        created: now(),
      };
      state.refunds.set(refund.id as string, refund);
      return structuredClone(charge);
    },
    dispute(chargeId) {
      const charge = charges.get(chargeId);
      if (!charge) throw new Error(`fake Stripe has no charge ${chargeId}`);
      const dispute: Json = {
        id: id("dp"),
        object: "dispute",
        amount: charge.amount,
        currency: charge.currency,
        charge: chargeId,
        payment_intent: charge.payment_intent,
        reason: "fraudulent",
        status: "needs_response",
        created: now(),
        livemode: false,
      };
      disputes.set(dispute.id as string, dispute);
      charge.disputed = true;
      return structuredClone(dispute);
    },
    setDispute(disputeId, status) {
      const dispute = disputes.get(disputeId);
      if (!dispute) throw new Error(`fake Stripe has no dispute ${disputeId}`);
      dispute.status = status;
      return structuredClone(dispute);
    },
    setSubscription(subscriptionId, change) {
      const subscription = subscriptionOrThrow(subscriptionId);
      const item = (subscription.items as { data: Json[] }).data[0] as Json;
      if (change.status) subscription.status = change.status;
      if (change.status === "canceled") {
        subscription.canceled_at ??= now();
        subscription.ended_at ??= now();
      }
      if (change.cancelAtPeriodEnd !== undefined)
        subscription.cancel_at_period_end = change.cancelAtPeriodEnd;
      if (change.currentPeriodStart !== undefined)
        item.current_period_start = seconds(change.currentPeriodStart);
      if (change.currentPeriodEnd !== undefined) item.current_period_end = seconds(change.currentPeriodEnd);
      return structuredClone(subscription);
    },
    payLatestInvoice(subscriptionId) {
      const subscription = subscriptionOrThrow(subscriptionId);
      const invoice = invoices.get(subscription.latest_invoice as string) as Json;
      Object.assign(invoice, { status: "paid", amount_paid: invoice.amount_due, amount_remaining: 0 });
      subscription.status = "active";
      // The Payment Element's payment: a payment intent, its charge, and the invoice payment linking them.
      const intent = id("pi");
      const charge: Json = {
        id: id("ch"),
        object: "charge",
        amount: invoice.amount_due,
        amount_refunded: 0,
        refunded: false,
        disputed: false,
        currency: invoice.currency,
        customer: invoice.customer,
        payment_intent: intent,
        paid: true,
        status: "succeeded",
        created: now(),
        livemode: false,
      };
      charges.set(charge.id as string, charge);
      invoicePayments.push({
        id: id("inpay"),
        object: "invoice_payment",
        amount_paid: invoice.amount_due,
        currency: invoice.currency,
        invoice: invoice.id,
        is_default: true,
        payment: { type: "payment_intent", payment_intent: intent },
        status: "paid",
        created: now(),
        livemode: false,
      });
      return serializeInvoice(invoice, []);
    },
    renew(subscriptionId, paid) {
      const subscription = subscriptionOrThrow(subscriptionId);
      const item = (subscription.items as { data: Json[] }).data[0] as Json;
      const start = item.current_period_end as number;
      const end = addMonth(start);
      Object.assign(item, { current_period_start: start, current_period_end: end });
      const invoice = openInvoice(subscription, start, end);
      if (paid) return controls.payLatestInvoice(subscriptionId);
      Object.assign(invoice, { attempt_count: 1 });
      subscription.status = "past_due";
      return serializeInvoice(invoice, []);
    },
    event(type, object) {
      return {
        id: id("evt"),
        object: "event",
        api_version: API_VERSION,
        created: now(),
        data: { object: structuredClone(object) },
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
      };
    },
    async deliver(event) {
      if (!options.webhook) throw new Error("fake Stripe was started without a webhook");
      const payload = JSON.stringify(event);
      const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: options.webhook.secret });
      const res = await fetch(options.webhook.url, {
        method: "POST",
        headers: { "content-type": "application/json; charset=utf-8", "stripe-signature": header },
        body: payload,
      });
      return res.status;
    },
  };
  return controls;
}

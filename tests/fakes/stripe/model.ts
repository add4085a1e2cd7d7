// The fake Stripe's invoices and subscriptions as Stripe serialises them (expansions included).
import { randomBytes } from "node:crypto";
import { id, type Json, list, now, type StripeState } from "./wire";

export type StripeModel = ReturnType<typeof stripeModel>;

export function stripeModel(state: StripeState) {
  const { customers, subscriptions, invoices } = state;

  function openInvoice(subscription: Json, start: number, end: number): Json {
    const item = (subscription.items as { data: Json[] }).data[0] as Json;
    const price = item.price as Json;
    const invoiceId = id("in");
    const invoice: Json = {
      id: invoiceId,
      object: "invoice",
      customer: subscription.customer,
      customer_email: customers.get(subscription.customer as string)?.email ?? null,
      currency: price.currency,
      amount_due: price.unit_amount,
      amount_paid: 0,
      amount_remaining: price.unit_amount,
      status: "open",
      number: `RPAS-${String(invoices.size + 1).padStart(4, "0")}`,
      created: now(),
      period_start: start,
      period_end: start,
      parent: {
        type: "subscription_details",
        quote_details: null,
        subscription_details: { subscription: subscription.id, metadata: subscription.metadata },
      },
      lines: list(`/v1/invoices/${invoiceId}/lines`, [
        {
          id: id("il"),
          object: "line_item",
          amount: price.unit_amount,
          currency: price.currency,
          period: { start, end },
          pricing: { type: "price_details", price_details: { price: price.id, product: price.product } },
        },
      ]),
      // Only serialized when expanded, like Stripe.
      confirmation_secret: {
        type: "payment_intent",
        client_secret: `${id("pi")}_secret_${randomBytes(12).toString("hex")}`,
      },
    };
    invoices.set(invoiceId, invoice);
    subscription.latest_invoice = invoiceId;
    return invoice;
  }

  function serializeInvoice(invoice: Json, expand: string[]): Json {
    const { confirmation_secret, ...rest } = invoice;
    return expand.includes("confirmation_secret") ? { ...rest, confirmation_secret } : rest;
  }

  function serializeSubscription(subscription: Json, expand: string[]): Json {
    const out: Json = structuredClone(subscription);
    if (expand.includes("customer")) out.customer = customers.get(subscription.customer as string);
    const latest = subscription.latest_invoice as string | null;
    if (latest && expand.some((e) => e === "latest_invoice" || e.startsWith("latest_invoice."))) {
      const nested = expand.filter((e) => e.startsWith("latest_invoice.")).map((e) => e.slice(15));
      out.latest_invoice = serializeInvoice(invoices.get(latest) as Json, nested);
    }
    return out;
  }

  function subscriptionOrThrow(subscriptionId: string): Json {
    const subscription = subscriptions.get(subscriptionId);
    if (!subscription) throw new Error(`fake Stripe has no subscription ${subscriptionId}`);
    return subscription;
  }

  return { openInvoice, serializeInvoice, serializeSubscription, subscriptionOrThrow };
}

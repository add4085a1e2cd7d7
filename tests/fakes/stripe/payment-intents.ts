// The fake Stripe's one-off payments: payment intents (created, read, paid or declined by the "card") and refunds,
// as the course-fee payments use them.
import { randomBytes } from "node:crypto";
import type { StripeRoute } from "./routes";
import { id, type Json, list, missing, now, StripeApiError, type StripeState } from "./wire";

export function paymentIntentRoutes(state: StripeState): StripeRoute[] {
  const { paymentIntents, charges, refunds } = state;
  return [
    [
      "POST",
      /^\/v1\/payment_intents$/,
      (_m, _q, b) => {
        const amount = Number(b.amount);
        if (!Number.isInteger(amount) || amount < 1) throw new StripeApiError(400, "Invalid amount.");
        if (!b.currency) throw new StripeApiError(400, "Missing required param: currency.");
        const intentId = id("pi");
        const intent: Json = {
          id: intentId,
          object: "payment_intent",
          amount,
          amount_received: 0,
          currency: b.currency,
          customer: b.customer ?? null,
          description: b.description ?? null,
          metadata: b.metadata ?? {},
          receipt_email: b.receipt_email ?? null,
          status: "requires_payment_method",
          client_secret: `${intentId}_secret_${randomBytes(12).toString("hex")}`,
          latest_charge: null,
          created: now(),
          livemode: false,
        };
        paymentIntents.set(intentId, intent);
        return [200, intent];
      },
    ],
    [
      "GET",
      /^\/v1\/payment_intents\/([^/]+)$/,
      (m) => {
        const intent = paymentIntents.get(m[1] as string);
        if (!intent) throw missing("payment_intent", m[1] as string, "intent");
        return [200, intent];
      },
    ],
    [
      "POST",
      /^\/v1\/refunds$/,
      (_m, _q, b) => {
        const intent = paymentIntents.get(String(b.payment_intent));
        if (!intent) throw missing("payment_intent", String(b.payment_intent), "payment_intent");
        const charge = charges.get(intent.latest_charge as string);
        if (!charge) throw new StripeApiError(400, "This PaymentIntent has no successful charge to refund.");
        const left = (charge.amount as number) - (charge.amount_refunded as number);
        const amount = b.amount === undefined ? left : Number(b.amount);
        if (amount > left)
          throw new StripeApiError(400, "Refund amount is greater than the unrefunded amount.");
        const refunded = (charge.amount_refunded as number) + amount;
        Object.assign(charge, { amount_refunded: refunded, refunded: refunded >= (charge.amount as number) });
        const refund: Json = {
          id: id("re"),
          object: "refund",
          amount,
          charge: charge.id,
          payment_intent: intent.id,
          currency: charge.currency,
          metadata: b.metadata ?? {},
          status: "succeeded",
          created: now(),
        };
        refunds.set(refund.id as string, refund);
        return [200, refund];
      },
    ],
    [
      "GET",
      /^\/v1\/refunds$/,
      (_m, q) => {
        const found = [...refunds.values()].filter(
          (refund) =>
            (q.payment_intent === undefined || refund.payment_intent === q.payment_intent) &&
            (q.charge === undefined || refund.charge === q.charge),
        );
        return [200, list("/v1/refunds", found.reverse().slice(0, Number(q.limit ?? 10)))];
      },
    ],
  ];
}

/** The payer's card went through (or was declined) on a payment intent: answers the intent as Stripe has it then. */
export function settlePaymentIntent(state: StripeState, intentId: string, paid: boolean): Json {
  const intent = state.paymentIntents.get(intentId);
  if (!intent) throw new Error(`fake Stripe has no payment intent ${intentId}`);
  if (!paid) {
    intent.status = "requires_payment_method";
    intent.last_payment_error = { code: "card_declined", message: "Your card was declined." };
    return structuredClone(intent);
  }
  const charge: Json = {
    id: id("ch"),
    object: "charge",
    amount: intent.amount,
    amount_refunded: 0,
    refunded: false,
    disputed: false,
    currency: intent.currency,
    customer: intent.customer,
    payment_intent: intent.id,
    paid: true,
    status: "succeeded",
    created: now(),
    livemode: false,
  };
  state.charges.set(charge.id as string, charge);
  Object.assign(intent, { status: "succeeded", amount_received: intent.amount, latest_charge: charge.id });
  return structuredClone(intent);
}

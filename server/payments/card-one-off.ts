// One-off card payments (course fees) through the same card provider as the subscriptions: a Stripe payment intent
// the browser confirms with the provider's card field, read back when Stripe's webhook says it moved, and refunded
// when staff approve a refund. Each mutating call carries an idempotency key made from what it means (our
// reference, the refund request), so a retry never charges or refunds twice.
import type { FastifyInstance } from "fastify";
import type Stripe from "stripe";
import { CURRENCY } from "../../shared/constants";
import {
  idempotencyKey,
  missingAtStripe,
  ours,
  type StripeAdapter,
  StripeSetupError,
} from "../integrations/stripe";

export interface OneOffPaymentToStart {
  /** Ours: the idempotency key and the metadata that lead the webhook back to the payment. */
  reference: string;
  amountCents: number;
  email: string | null;
  description: string;
  /** What the webhook needs to find the payment: purpose "course-fee", our reference and the place. */
  metadata: Record<string, string>;
}

export interface OneOffIntent {
  id: string;
  status: Stripe.PaymentIntent.Status;
  amountReceived: number;
  metadata: Record<string, string>;
  email: string | null;
  /** The card's decline reason, when the last attempt failed. */
  failure: string | null;
}

export interface OneOffCardPayments {
  kind: "stripe";
  publishableKey: string;
  start(payment: OneOffPaymentToStart): Promise<{ id: string; clientSecret: string }>;
  /** The payment intent as Stripe has it now, or null when Stripe does not know it (another account or mode). */
  read(intentId: string): Promise<OneOffIntent | null>;
  /** Refunds `amountCents` of a paid intent once per `refundKey`: answers Stripe's refund id. */
  refund(intentId: string, amountCents: number, refundKey: string): Promise<string>;
}

export function oneOffCardPayments(stripe: StripeAdapter): OneOffCardPayments {
  const { client } = stripe;
  return {
    kind: "stripe",
    publishableKey: stripe.publishableKey,
    async start(payment) {
      const intent = await ours(
        client.paymentIntents.create(
          {
            amount: payment.amountCents,
            currency: CURRENCY.toLowerCase(),
            description: payment.description,
            metadata: payment.metadata,
            automatic_payment_methods: { enabled: true },
            ...(payment.email ? { receipt_email: payment.email } : {}),
          },
          { idempotencyKey: idempotencyKey("course-payment", payment.reference) },
        ),
      );
      if (!intent.client_secret)
        throw new StripeSetupError(`payment intent ${intent.id} has no client secret`);
      return { id: intent.id, clientSecret: intent.client_secret };
    },
    async read(intentId) {
      try {
        const intent = await client.paymentIntents.retrieve(intentId);
        return {
          id: intent.id,
          status: intent.status,
          amountReceived: intent.amount_received,
          metadata: intent.metadata ?? {},
          email: intent.receipt_email ?? null,
          failure: intent.last_payment_error?.message ?? null,
        };
      } catch (error) {
        if (await missingAtStripe(error)) return null;
        // Anything else is a 500, so Stripe delivers the event again later.
        throw new Error(`could not read Stripe payment intent ${intentId}`, { cause: error });
      }
    },
    async refund(intentId, amountCents, refundKey) {
      const refund = await ours(
        client.refunds.create(
          { payment_intent: intentId, amount: amountCents, metadata: { refund: refundKey } },
          { idempotencyKey: idempotencyKey("course-refund", refundKey, amountCents) },
        ),
      );
      return refund.id;
    },
  };
}

/** The one-off card payments of this server's card provider, or null while Stripe is not configured. */
export function oneOffCardPaymentsFor(app: FastifyInstance): OneOffCardPayments | null {
  return app.stripe ? oneOffCardPayments(app.stripe) : null;
}

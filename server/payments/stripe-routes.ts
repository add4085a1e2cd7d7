// Stripe's side of card subscriptions: the webhook Stripe calls with payment events, and the customer portal where
// subscribers update their card, see invoices or cancel.

import type { FastifyPluginAsync } from "fastify";
import {
  BillingPortalSchema,
  SubscriptionCancelledSchema,
  WebhookReceivedSchema,
} from "../../shared/contracts/payments";
import { STRIPE_NOT_CONFIGURED_MESSAGE } from "../../shared/payment";
import { requireIntegration } from "../integrations/require-integration";
import { readUserSession } from "../platform/sessions";
import { httpError } from "../plugins/errors";
import { keepJsonBodiesRaw } from "../plugins/raw-json";
import { staffEmailAddress } from "../settings/staff-notifications";
import { billingPortalUrl, cancelCardRenewal } from "./card-billing";
import { applyStripeEvent, verifyStripeEvent } from "./stripe-events";

export const BILLING_SIGN_IN_MESSAGE = "Please sign in to manage your subscription.";
export const NOT_RENEWING_MESSAGE = "This subscription has already ended.";
export const NO_CARD_SUBSCRIPTION_MESSAGE =
  "There is no card subscription for this e-mail address, so there is nothing to manage at Stripe.";

export const stripeRoutes: FastifyPluginAsync = async (app) => {
  // Its own scope: the signature covers the exact bytes Stripe sent, so this route alone keeps JSON bodies raw.
  await app.register(async (webhook) => {
    keepJsonBodiesRaw(webhook);

    // Called by Stripe's servers, not a browser: exempt from the Origin check (CSRF_EXEMPT_ROUTES); the signature
    // authenticates it instead.
    // Its body is Stripe's raw bytes, checked by the signature rather than a schema.
    webhook.post(
      "/api/stripe/webhook",
      { schema: { response: { 200: WebhookReceivedSchema } } },
      async (request) => {
        const stripe = requireIntegration(app.stripe, STRIPE_NOT_CONFIGURED_MESSAGE);
        if (!Buffer.isBuffer(request.body)) {
          throw httpError(400, "Send the event as JSON (Content-Type: application/json).");
        }
        const signature = request.headers["stripe-signature"];
        const event = verifyStripeEvent(
          stripe,
          request.body,
          typeof signature === "string" ? signature : undefined,
        );
        const result = await applyStripeEvent(
          {
            db: app.db,
            stripe,
            publicUrl: app.env.PUBLIC_URL,
            staffEmail: await staffEmailAddress(app.db, app.env),
            payLinkKey: app.payLinkKey,
          },
          event,
        );
        request.log.info({ stripeEvent: event.id, type: event.type, result }, "stripe event");
        if (result === "applied") app.outbox.kick();
        return { received: true } as const;
      },
    );
  });

  app.post("/api/billing-portal", { schema: { response: { 200: BillingPortalSchema } } }, async (request) => {
    const stripe = requireIntegration(app.stripe, STRIPE_NOT_CONFIGURED_MESSAGE);
    const session = await readUserSession(app.db, app.userCookie.read(request));
    if (!session) throw httpError(401, BILLING_SIGN_IN_MESSAGE);
    const url = await billingPortalUrl(app.db, stripe, session.email, `${app.env.PUBLIC_URL}/portal`);
    if (!url) throw httpError(404, NO_CARD_SUBSCRIPTION_MESSAGE);
    return { url };
  });

  // Cancelling from our own portal: renewals stop and access runs to the end of what was paid.
  app.post(
    "/api/subscription/cancel",
    { schema: { response: { 200: SubscriptionCancelledSchema } } },
    async (request) => {
      const stripe = requireIntegration(app.stripe, STRIPE_NOT_CONFIGURED_MESSAGE);
      const session = await readUserSession(app.db, app.userCookie.read(request));
      if (!session) throw httpError(401, BILLING_SIGN_IN_MESSAGE);
      const result = await cancelCardRenewal(app.db, stripe, session.email);
      if (result.outcome === "none") throw httpError(404, NO_CARD_SUBSCRIPTION_MESSAGE);
      if (result.outcome === "ended") throw httpError(409, NOT_RENEWING_MESSAGE);
      request.log.info({ subscription: result.subscriptionId }, "card subscription set to cancel");
      return { cancelAt: result.cancelAt };
    },
  );
};

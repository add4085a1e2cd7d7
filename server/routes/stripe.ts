// Stripe's side of card subscriptions: the webhook Stripe calls with payment events, and the customer portal where
// subscribers update their card, see invoices or cancel.

import type { FastifyPluginAsync } from "fastify";
import { errorBody } from "../plugins/errors";
import { keepJsonBodiesRaw } from "../plugins/raw-json";
import { readUserSession } from "../services/sessions";
import { stripeAdapterFor } from "../services/stripe";
import { applyStripeEvent, findStripeCustomer, verifyStripeEvent } from "../services/stripe-events";

export const STRIPE_NOT_CONFIGURED_MESSAGE = "Card payments are not configured on this server.";
export const BILLING_SIGN_IN_MESSAGE = "Please sign in to manage your subscription.";
export const NO_CARD_SUBSCRIPTION_MESSAGE =
  "There is no card subscription for this e-mail address, so there is nothing to manage at Stripe.";

export const stripeRoutes: FastifyPluginAsync = async (app) => {
  const stripe = stripeAdapterFor(app.env);

  // Its own scope: the signature covers the exact bytes Stripe sent, so this route alone keeps JSON bodies raw.
  await app.register(async (webhook) => {
    keepJsonBodiesRaw(webhook);

    // Called by Stripe's servers, not a browser: exempt from the Origin check (CSRF_EXEMPT_ROUTES); the signature
    // authenticates it instead.
    webhook.post("/api/stripe/webhook", async (request, reply) => {
      if (!stripe) return reply.status(503).send(errorBody(STRIPE_NOT_CONFIGURED_MESSAGE));
      if (!Buffer.isBuffer(request.body)) {
        return reply.status(400).send(errorBody("Send the event as JSON (Content-Type: application/json)."));
      }
      const signature = request.headers["stripe-signature"];
      const event = verifyStripeEvent(
        stripe,
        request.body,
        typeof signature === "string" ? signature : undefined,
      );
      const result = await applyStripeEvent({ db: app.db, stripe, publicUrl: app.env.PUBLIC_URL }, event);
      request.log.info({ stripeEvent: event.id, type: event.type, result }, "stripe event");
      if (result === "applied") app.outbox.kick();
      return { received: true };
    });
  });

  app.post("/api/billing-portal", async (request, reply) => {
    if (!stripe) return reply.status(503).send(errorBody(STRIPE_NOT_CONFIGURED_MESSAGE));
    const session = await readUserSession(app.db, app.userCookie.read(request));
    if (!session) return reply.status(401).send(errorBody(BILLING_SIGN_IN_MESSAGE));
    const customer = await findStripeCustomer(app.db, session.email);
    if (!customer) return reply.status(404).send(errorBody(NO_CARD_SUBSCRIPTION_MESSAGE));
    const url = await stripe.createPortalSession(customer, `${app.env.PUBLIC_URL}/portal`);
    return { url };
  });
};

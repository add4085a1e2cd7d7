// The card provider this server's configuration enables (Stripe), or null: the demonstration checkout.
import type { FastifyInstance } from "fastify";
import type { CardProvider } from "./providers";
import { findSubscription, hasAccess } from "./subscriptions";

export const ALREADY_SUBSCRIBED_MESSAGE =
  "This e-mail address already has an active card subscription. Sign in to the portal to download documents or manage it.";

class AlreadySubscribedError extends Error {
  statusCode = 409;
}

export function cardProviderFor(app: FastifyInstance): CardProvider | null {
  const { stripe } = app;
  if (!stripe) return null;
  return {
    kind: "stripe",
    publishableKey: stripe.publishableKey,
    async createSubscription(request) {
      // A second card subscription would charge twice for the same access.
      const current = await findSubscription(app.db, request.email);
      if (current?.provider === "stripe" && current.status === "active" && hasAccess(current)) {
        throw new AlreadySubscribedError(ALREADY_SUBSCRIBED_MESSAGE);
      }
      return stripe.createSubscription(request);
    },
  };
}

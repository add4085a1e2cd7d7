// The card provider this server's configuration enables (Stripe), or null: the demonstration checkout.
import type { FastifyInstance } from "fastify";
import type { CardProvider } from "./providers";
import { reserveSubscriptionStart, startCardSubscription } from "./subscription-starts";
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
      // RATE_LIMIT_PUBLIC_PER_MINUTE=0 turns the public limits off, these included (a proxy in front limits instead).
      if (app.env.RATE_LIMIT_PUBLIC_PER_MINUTE > 0) {
        await reserveSubscriptionStart(app.db, request.email, request.ip);
      }
      return startCardSubscription(app.db, stripe, request);
    },
  };
}

// app.stripe: the one Stripe adapter of this app (one client, one cached price), shared by the card subscription,
// webhook and customer portal routes; null while STRIPE_* are unset, and the card form then runs as a demonstration.

import { integrationPlugin } from "./require-integration";
import { createStripeAdapter, type StripeAdapter } from "./stripe";

declare module "fastify" {
  interface FastifyInstance {
    stripe: StripeAdapter | null;
  }
}

export default integrationPlugin("stripe", (env) =>
  env.STRIPE_SECRET_KEY ? createStripeAdapter(env) : null,
);

// app.stripe: the one Stripe adapter of this app (one client, one cached price), shared by the card subscription,
// webhook and customer portal routes; null while STRIPE_* are unset, and the card form then runs as a demonstration.
import fp from "fastify-plugin";
import { createStripeAdapter, type StripeAdapter } from "./stripe";

declare module "fastify" {
  interface FastifyInstance {
    stripe: StripeAdapter | null;
  }
}

export interface StripePluginOptions {
  /** Stands in for the adapter the environment would give (tests). */
  client?: StripeAdapter | null;
}

export default fp<StripePluginOptions>(
  async (app, options) => {
    const fromEnv = () => (app.env.STRIPE_SECRET_KEY ? createStripeAdapter(app.env) : null);
    app.decorate("stripe", options.client === undefined ? fromEnv() : options.client);
  },
  { name: "stripe" },
);

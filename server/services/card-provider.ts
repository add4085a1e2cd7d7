// The card provider this server's configuration enables (Stripe), or null: the demonstration checkout.
import type { FastifyInstance } from "fastify";
import type { CardProvider } from "../routes/payments";

export function cardProviderFor(_app: FastifyInstance): CardProvider | null {
  return null;
}

// Our own card form (docs/product.md, Card form), in sandbox mode: its field checks run in the browser, no card data is
// sent, and the simulated payment grants 30 days exactly as the sandbox wallet's approval would. The route exists only
// while PAYMENTS_SANDBOX is on, which the server allows only on a loopback address (server/env.ts).
import { randomUUID } from "node:crypto";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { SUBSCRIPTION, WALLET_PAYMENT } from "../../shared/constants";
import { SandboxCardResultSchema } from "../../shared/contracts/payments";
import { SubscriptionRequestSchema } from "../../shared/payment";
import { publicWriteLimit } from "../plugins/public-write";
import { extendAccess } from "./wallet-payments";

export const SANDBOX_CARD_PATH = "/api/sandbox/card-payment";

export const sandboxCardRoutes: FastifyPluginAsyncZod = async (app) => {
  if (!app.env.PAYMENTS_SANDBOX) return;
  app.post(
    SANDBOX_CARD_PATH,
    {
      schema: { body: SubscriptionRequestSchema, response: { 200: SandboxCardResultSchema } },
      config: publicWriteLimit(app),
    },
    async (request) => {
      // The monthly price's worth of days, as a sandbox wallet payment of the full price buys.
      const accessUntil = await app.db.transaction((tx) =>
        extendAccess(tx, request.body.email, WALLET_PAYMENT.daysPerPrice, {
          source: "sandbox",
          sourceRef: `sandbox-card-${randomUUID()}`,
        }),
      );
      request.log.info(
        { event: "sandbox-card", amountCents: SUBSCRIPTION.priceCents },
        "sandbox card payment",
      );
      return { status: "completed" as const, accessUntil };
    },
  );
};

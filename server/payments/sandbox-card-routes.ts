// Our own card form (docs/product.md, Card form), in sandbox mode: its field checks run in the browser, no card data is
// sent, and the simulated payment grants 30 days exactly as the sandbox wallet's approval would, with the same
// receipt e-mail, queued in the transaction that grants the days. A repeated request with the same Idempotency-Key
// (a retry, a double click) is answered from the first one: no second grant and no second receipt. The route exists
// only while PAYMENTS_SANDBOX is on, which the server allows only on a loopback address (server/env.ts).
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { SUBSCRIPTION, WALLET_PAYMENT } from "../../shared/constants";
import { SandboxCardResultSchema } from "../../shared/contracts/payments";
import { SubscriptionRequestSchema } from "../../shared/payment";
import { idempotencyKey, storeOnce } from "../intake/submissions";
import { publicWriteLimit } from "../plugins/public-write";
import { walletReceipt } from "./emails";
import { recordSubscriberName } from "./subscription-rows";
import { extendAccess, newPaymentReference } from "./wallet-payments";

export const SANDBOX_CARD_PATH = "/api/sandbox/card-payment";

export const sandboxCardRoutes: FastifyPluginAsyncZod = async (app) => {
  if (!app.env.PAYMENTS_SANDBOX) return;
  app.post(
    SANDBOX_CARD_PATH,
    {
      schema: { body: SubscriptionRequestSchema, response: { 200: SandboxCardResultSchema } },
      config: publicWriteLimit(app),
    },
    async (request, reply) => {
      const { email, name } = request.body;
      const key = idempotencyKey(request);
      const answer = await storeOnce(app, key ? { key, replay: [key] } : null, async (tx) => {
        const reference = await newPaymentReference(tx);
        // The monthly price's worth of days, as a sandbox wallet payment of the full price buys.
        const accessUntil = await extendAccess(tx, email, WALLET_PAYMENT.daysPerPrice, {
          source: "sandbox",
          sourceRef: `sandbox-card-${reference}`,
        });
        // The /subscribe page's name, else the cardholder's (the form sends whichever it has).
        await recordSubscriberName(tx, email, name);
        const paid = {
          reference,
          method: "card" as const,
          name: name ?? null,
          amountCents: SUBSCRIPTION.priceCents,
          providerTransactionId: null,
        };
        return {
          status: 200,
          body: { status: "completed", accessUntil: accessUntil.toISOString() },
          emails: [walletReceipt(paid, email, accessUntil, app.env.PUBLIC_URL)],
        };
      });
      if (answer.replayed) reply.header("Idempotent-Replayed", "true");
      else
        request.log.info(
          { event: "sandbox-card", amountCents: SUBSCRIPTION.priceCents },
          "sandbox card payment",
        );
      // Always a 200 with this route's body: the first answer, or the one remembered under the key.
      return reply.status(200).send(answer.body as { status: "completed"; accessUntil: string });
    },
  );
};

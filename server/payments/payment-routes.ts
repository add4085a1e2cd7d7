// The public payment endpoints (docs/product.md, API routes > Payments). Each hands a validated request to a
// provider (Stripe for cards, M-PAiSA for the wallet, built on app.stripe and app.wallet); with none configured
// requireIntegration answers a 503 whose message says "not configured", which the screens turn into their "being
// set up" messages. Amounts reach providers as integer cents.
import type { FastifyInstance } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  MpaisaPaymentResponseSchema,
  PaymentsConfigSchema,
  QrPaymentResponseSchema,
  SubscriptionResponseSchema,
} from "../../shared/contracts/payments";
import {
  amountToCents,
  CARD_NOT_CONFIGURED_MESSAGE,
  MpaisaPaymentSchema,
  type PaymentsConfig,
  QR_EMAIL_REQUIRED_MESSAGE,
  QrPaymentSchema,
  SubscriptionRequestSchema,
  WALLET_NOT_CONFIGURED_MESSAGE,
} from "../../shared/payment";
import { MpaisaError } from "../integrations/mpaisa";
import { requireIntegration } from "../integrations/require-integration";
import { readUserSession } from "../platform/sessions";
import { httpError } from "../plugins/errors";
import { publicWriteLimit } from "../plugins/public-write";
import { cardProviderFor } from "./card-provider";
import type { PaymentProviders } from "./providers";
import { SubscriptionStartLimitError } from "./subscription-starts";
import { walletProviderFor } from "./wallet-provider";

export type { CardProvider, PaymentProviders, WalletProvider } from "./providers";

/** The providers this server's configuration enables; each stays null while its credentials are unset. */
export function paymentProvidersFor(app: FastifyInstance): PaymentProviders {
  return { card: cardProviderFor(app), wallet: walletProviderFor(app) };
}

export interface PaymentRoutesOptions {
  /** Overrides the configured providers (tests plug in fakes here). */
  providers?: PaymentProviders;
}

/**
 * A decline (402) or a gateway failure (502) reaches the payer as a readable message; the request opened nothing
 * they could pay, so the payment is recorded as failed.
 */
async function readableWalletError<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof MpaisaError) throw httpError(error.statusCode, error.message);
    throw error;
  }
}

export const paymentRoutes: FastifyPluginAsyncZod<PaymentRoutesOptions> = async (app, options) => {
  const { card, wallet } = options.providers ?? paymentProvidersFor(app);

  app.get(
    "/api/payments/config",
    { schema: { response: { 200: PaymentsConfigSchema } } },
    async (): Promise<PaymentsConfig> => {
      return {
        card: card ? card.kind : "demo",
        stripePublishableKey: card?.publishableKey ?? null,
        wallet: wallet?.kind ?? null,
        sandbox: app.env.PAYMENTS_SANDBOX,
      };
    },
  );

  app.post(
    "/api/create-subscription",
    {
      schema: { body: SubscriptionRequestSchema, response: { 200: SubscriptionResponseSchema } },
      config: publicWriteLimit(app),
    },
    async (request, reply) => {
      const { name } = request.body;
      const email = request.body.email.trim().toLowerCase();
      const provider = requireIntegration(card, CARD_NOT_CONFIGURED_MESSAGE);
      try {
        return await provider.createSubscription({ email, name, ip: request.ip });
      } catch (error) {
        if (error instanceof SubscriptionStartLimitError) {
          reply.header("retry-after", String(error.retryAfterSeconds));
          throw httpError(429, error.message);
        }
        throw error;
      }
    },
  );

  app.post(
    "/api/create-mpaisa-payment",
    {
      schema: { body: MpaisaPaymentSchema, response: { 200: MpaisaPaymentResponseSchema } },
      config: publicWriteLimit(app),
    },
    async (request) => {
      const provider = requireIntegration(wallet, WALLET_NOT_CONFIGURED_MESSAGE);
      const { amount, ...payer } = request.body;
      return readableWalletError(provider.requestPayment({ ...payer, amountCents: amountToCents(amount) }));
    },
  );

  app.post(
    "/api/generate-qr-payment",
    {
      schema: { body: QrPaymentSchema, response: { 200: QrPaymentResponseSchema } },
      config: publicWriteLimit(app),
    },
    async (request) => {
      const provider = requireIntegration(wallet, WALLET_NOT_CONFIGURED_MESSAGE);
      const { amount, description } = request.body;
      // A payment nobody can be matched to buys nothing: the payer is named, or is the signed-in subscriber.
      const email =
        request.body.email ?? (await readUserSession(app.db, app.userCookie.read(request)))?.email ?? null;
      if (!email) throw httpError(400, QR_EMAIL_REQUIRED_MESSAGE);
      return readableWalletError(
        provider.generateQr({ amountCents: amountToCents(amount), description, email }),
      );
    },
  );
};

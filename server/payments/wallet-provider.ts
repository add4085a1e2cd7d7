// The wallet provider the payment routes call: the app's wallet gateway (app.wallet: M-PAiSA, the sandbox, or null)
// with our rules around it, which record each request and match the payment to the payer.
import type { FastifyInstance } from "fastify";
import type { WalletClient } from "../integrations/wallet-plugin";
import type { WalletProvider } from "./providers";
import { requestMobilePayment } from "./wallet-payments";
import { generateWalletQr } from "./wallet-qr";

export function walletProviderFrom(app: FastifyInstance, client: WalletClient): WalletProvider {
  const settings = { publicUrl: app.env.PUBLIC_URL };
  return {
    kind: client.kind,
    requestPayment: (payer) => requestMobilePayment(app, client.gateway, settings, payer),
    generateQr: ({ amountCents, email }) =>
      generateWalletQr(app, client.gateway, settings, { amountCents, email }),
  };
}

export function walletProviderFor(app: FastifyInstance): WalletProvider | null {
  return app.wallet ? walletProviderFrom(app, app.wallet) : null;
}

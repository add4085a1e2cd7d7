// The wallet provider this server's configuration enables: the sandbox when PAYMENTS_SANDBOX=true (it swaps in for
// demonstrations even where M-PAiSA credentials are set), the real M-PAiSA when MPAISA_* are set, else null.
import type { FastifyInstance } from "fastify";
import type { Env } from "../env";
import type { WalletProvider } from "../routes/payments";
import { createMpaisaClient, type WalletGateway } from "./mpaisa";
import { requestMobilePayment } from "./wallet-payments";
import { generateWalletQr } from "./wallet-qr";
import { createSandboxGateway, SANDBOX_MERCHANT_ID, sandboxCallbackSecret } from "./wallet-sandbox";

export interface WalletConfig {
  kind: "mpaisa" | "sandbox";
  merchantId: string;
  /** Verifies callbacks: MPAISA_CALLBACK_SECRET, or the sandbox's own. */
  callbackSecret: string;
  gateway: WalletGateway;
}

export function walletConfigFrom(env: Env, options: { timeoutMs?: number } = {}): WalletConfig | null {
  if (env.PAYMENTS_SANDBOX) {
    return {
      kind: "sandbox",
      merchantId: env.MPAISA_MERCHANT_ID ?? SANDBOX_MERCHANT_ID,
      callbackSecret: sandboxCallbackSecret(env),
      gateway: createSandboxGateway(env.PUBLIC_URL),
    };
  }
  const { MPAISA_API_URL, MPAISA_MERCHANT_ID, MPAISA_API_KEY, MPAISA_CALLBACK_SECRET } = env;
  if (!MPAISA_API_URL || !MPAISA_MERCHANT_ID || !MPAISA_API_KEY || !MPAISA_CALLBACK_SECRET) return null;
  return {
    kind: "mpaisa",
    merchantId: MPAISA_MERCHANT_ID,
    callbackSecret: MPAISA_CALLBACK_SECRET,
    gateway: createMpaisaClient({
      apiUrl: MPAISA_API_URL,
      apiKey: MPAISA_API_KEY,
      timeoutMs: options.timeoutMs,
    }),
  };
}

export function walletProviderFrom(app: FastifyInstance, config: WalletConfig): WalletProvider {
  const settings = { merchantId: config.merchantId, publicUrl: app.env.PUBLIC_URL };
  return {
    kind: config.kind,
    requestPayment: (payer) => requestMobilePayment(app, config.gateway, settings, payer),
    generateQr: ({ amountCents, email }) =>
      generateWalletQr(app, config.gateway, settings, { amountCents, email }),
  };
}

export function walletProviderFor(app: FastifyInstance): WalletProvider | null {
  const config = walletConfigFrom(app.env);
  return config ? walletProviderFrom(app, config) : null;
}

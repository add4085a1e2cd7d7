// The wallet provider this server's configuration enables: the sandbox when PAYMENTS_SANDBOX=true (it swaps in for
// demonstrations even where M-PAiSA credentials are set), the real M-PAiSA gateway when MPAISA_* are set, else null.
import type { FastifyInstance } from "fastify";
import type { Env } from "../env";
import { createMpaisaClient, type WalletGateway } from "../integrations/mpaisa";
import { createSandboxGateway, sandboxSecret } from "../integrations/mpaisa-sandbox";
import type { WalletProvider } from "./providers";
import { requestMobilePayment } from "./wallet-payments";
import { generateWalletQr } from "./wallet-qr";

export interface WalletConfig {
  kind: "mpaisa" | "sandbox";
  gateway: WalletGateway;
}

/** A new configuration (and a new gateway client with its own token) each call; the app uses walletConfigFor. */
export function walletConfigFrom(env: Env, options: { timeoutMs?: number } = {}): WalletConfig | null {
  if (env.PAYMENTS_SANDBOX) {
    return { kind: "sandbox", gateway: createSandboxGateway(env.PUBLIC_URL, sandboxSecret(env)) };
  }
  const { MPAISA_API_URL, MPAISA_CLIENT_ID, MPAISA_CLIENT_SECRET } = env;
  if (!MPAISA_API_URL || !MPAISA_CLIENT_ID || !MPAISA_CLIENT_SECRET) return null;
  return {
    kind: "mpaisa",
    gateway: createMpaisaClient({
      apiUrl: MPAISA_API_URL,
      clientId: MPAISA_CLIENT_ID,
      clientSecret: MPAISA_CLIENT_SECRET,
      timeoutMs: options.timeoutMs,
    }),
  };
}

// One client per app (per parsed configuration), so the payment routes, the return route and the status poller
// share one bearer token instead of each exchanging its own.
const configs = new WeakMap<Env, WalletConfig | null>();

export function walletConfigFor(env: Env): WalletConfig | null {
  if (!configs.has(env)) configs.set(env, walletConfigFrom(env));
  return configs.get(env) ?? null;
}

export function walletProviderFrom(app: FastifyInstance, config: WalletConfig): WalletProvider {
  const settings = { publicUrl: app.env.PUBLIC_URL };
  return {
    kind: config.kind,
    requestPayment: (payer) => requestMobilePayment(app, config.gateway, settings, payer),
    generateQr: ({ amountCents, email }) =>
      generateWalletQr(app, config.gateway, settings, { amountCents, email }),
  };
}

export function walletProviderFor(app: FastifyInstance): WalletProvider | null {
  const config = walletConfigFor(app.env);
  return config ? walletProviderFrom(app, config) : null;
}

// app.wallet: the mobile-wallet gateway this server's configuration enables. The sandbox when PAYMENTS_SANDBOX=true
// (it swaps in for demonstrations even where M-PAiSA credentials are set), the real M-PAiSA gateway when MPAISA_*
// are set, else null. One client per app, so the payment routes, the return route and the status poller share one
// bearer token instead of each exchanging its own.
import type { Env } from "../env";
import { createMpaisaClient, type WalletGateway } from "./mpaisa";
import { createSandboxGateway, sandboxSecret } from "./mpaisa-sandbox";
import { integrationPlugin } from "./require-integration";

export interface WalletClient {
  kind: "mpaisa" | "sandbox";
  gateway: WalletGateway;
}

declare module "fastify" {
  interface FastifyInstance {
    wallet: WalletClient | null;
  }
}

/** A new client (with its own token) each call: the app keeps one in app.wallet; tests make their own. */
export function walletClientFrom(env: Env, options: { timeoutMs?: number } = {}): WalletClient | null {
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

export default integrationPlugin("wallet", (env) => walletClientFrom(env));

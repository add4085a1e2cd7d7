// The wallet provider this server's configuration enables (M-PAiSA, or the sandbox), or null.
import type { FastifyInstance } from "fastify";
import type { WalletProvider } from "../routes/payments";

export function walletProviderFor(_app: FastifyInstance): WalletProvider | null {
  return null;
}

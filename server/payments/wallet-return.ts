// The payer's side of a wallet payment after the request: their return from M-PAiSA's payment page and the status
// their payment screen polls. The redirect proves nothing by itself (it can be replayed, or forged by anyone without
// the secret): its token is checked, and then only the gateway's status call can credit.
import { eq } from "drizzle-orm";
import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import type { WalletPaymentState } from "../../shared/contracts/payments";
import type { Db } from "../db/client";
import { walletPayments } from "../db/schema";
import { MpaisaError } from "../integrations/mpaisa";
import type { GatewayReturn } from "../integrations/mpaisa-wire";
import type { WalletClient } from "../integrations/wallet-plugin";
import { itemDetailFor, REFERENCE_PATTERN } from "./wallet-payments";
import { confirmWithGateway } from "./wallet-status";

export const NO_SUCH_PAYMENT = "No wallet payment has that reference.";

/** Where the payer lands after the return: the wallet page, following this payment's status. */
export function walletResultPath(reference: string): string {
  return `/mpaisa-payment?reference=${reference}`;
}

async function findWalletPayment(db: Db, reference: string) {
  const [row] = await db
    .select()
    .from(walletPayments)
    .where(eq(walletPayments.reference, reference))
    .limit(1);
  return row;
}

/**
 * unknown: no payment has that reference; refused: the token is not the gateway's for this payment; settled: an
 * earlier return, the poller or staff settled it already (the wallet page shows the result); checked: the status
 * call ran (or failed, leaving the payment pending for the poller to ask again).
 */
/**
 * Whether a return is the gateway's for the request we opened: its request id is ours and its token is the one the
 * gateway makes for this payment (amount and item detail as we sent them) and response code.
 */
export function isGenuineReturn(
  wallet: WalletClient,
  requestId: string | null,
  back: GatewayReturn,
  sent: { amountCents: number; itemDetail: string },
): boolean {
  return (
    requestId === back.requestId &&
    wallet.gateway.verifyReturn({ reference: back.reference, ...sent, code: back.code, token: back.token })
  );
}

export type GatewayReturnOutcome = "unknown" | "refused" | "settled" | "checked";

export async function acceptGatewayReturn(
  app: FastifyInstance,
  wallet: WalletClient,
  back: GatewayReturn,
  log: FastifyBaseLogger,
): Promise<GatewayReturnOutcome> {
  if (!REFERENCE_PATTERN.test(back.reference)) return "unknown";
  const payment = await findWalletPayment(app.db, back.reference);
  if (!payment) return "unknown";
  // Its amount or transaction id may have changed since the request; nothing is left to do but show the result.
  if (payment.status !== "pending") return "settled";
  const genuine = isGenuineReturn(wallet, payment.providerTransactionId, back, {
    amountCents: payment.amountCents,
    itemDetail: itemDetailFor(payment.reference),
  });
  if (!genuine) return "refused";
  try {
    await confirmWithGateway(app, wallet.gateway, payment);
  } catch (error) {
    // The payment stays pending and the poller asks again; the payer sees it follow on the wallet page.
    if (!(error instanceof MpaisaError)) throw error;
    log.warn({ reference: payment.reference, kind: error.kind }, "M-PAiSA status call failed");
  }
  return "checked";
}

/** What the payer's status panel shows, or null for an unknown reference. */
export async function walletPaymentState(db: Db, reference: string): Promise<WalletPaymentState | null> {
  const payment = await findWalletPayment(db, reference);
  if (!payment) return null;
  return {
    reference: payment.reference,
    status: payment.status,
    // A payment staff settled by hand says so without naming them (who did it is for the audit log).
    message: payment.settledBy && payment.settledBy !== "mpaisa" ? "Payment received." : payment.message,
    transactionId: payment.providerTransactionId,
  };
}

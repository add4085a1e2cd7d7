// The M-PAiSA QR code, made here (no third-party image service sees the payment): an SVG data URL encoding the
// merchant, the amount and a unique reference that the provider's callback (or staff) later names.
import type { FastifyInstance } from "fastify";
import QRCode from "qrcode";
import { CURRENCY } from "../../shared/constants";
import type { QrPaymentResponse } from "../../shared/payment";
import { walletPayments } from "../db/schema";
import { centsToWireAmount } from "./mpaisa-wire";
import { newPaymentReference } from "./wallet-payments";

/** The payload the M-PAiSA app reads; like mpaisa-wire.ts, our best reading of the provider's format. */
export function walletQrContent(merchantId: string, amountCents: number, reference: string): string {
  const params = new URLSearchParams({
    merchant: merchantId,
    amount: centsToWireAmount(amountCents),
    currency: CURRENCY,
    ref: reference,
  });
  return `MPAISA:PAY?${params.toString()}`;
}

export async function generateWalletQr(
  app: FastifyInstance,
  merchantId: string,
  request: { amountCents: number; email?: string | null },
): Promise<QrPaymentResponse> {
  const reference = newPaymentReference();
  await app.db.insert(walletPayments).values({
    reference,
    method: "qr",
    email: request.email?.toLowerCase() ?? null,
    amountCents: request.amountCents,
  });
  const svg = await QRCode.toString(walletQrContent(merchantId, request.amountCents, reference), {
    type: "svg",
    errorCorrectionLevel: "M",
    margin: 4,
  });
  return {
    qrCodeUrl: `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`,
    transactionId: reference,
  };
}

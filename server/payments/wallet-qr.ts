// The M-PAiSA QR code: a payment request made at the gateway for a named payer (so the payment can be credited to
// them), whose hosted checkout address is what the QR encodes. Scanning opens the gateway's page, the payer approves
// in their wallet, and the payment is confirmed like a mobile one. The image is made here (no third-party image
// service sees the payment): an SVG data URL.
import type { FastifyInstance } from "fastify";
import type { QrPaymentResponse } from "../../shared/payment";
import { MpaisaError, type WalletGateway } from "../integrations/mpaisa";
import { requestMobilePayment, type WalletSettings } from "./wallet-payments";

export async function qrDataUrl(content: string): Promise<string> {
  // Loaded at the first QR code rather than with the server (ADR 039).
  const { default: QRCode } = await import("qrcode");
  const svg = await QRCode.toString(content, { type: "svg", errorCorrectionLevel: "M", margin: 4 });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`;
}

export async function generateWalletQr(
  app: FastifyInstance,
  gateway: WalletGateway,
  settings: WalletSettings,
  request: { amountCents: number; email: string },
): Promise<QrPaymentResponse> {
  const payment = await requestMobilePayment(app, gateway, settings, {
    email: request.email,
    amountCents: request.amountCents,
    method: "qr",
  });
  if (!payment.checkoutUrl) {
    throw new MpaisaError(
      "M-PAiSA gave no payment page for the QR code. Please pay by mobile number.",
      "bad-answer",
    );
  }
  return {
    qrCodeUrl: await qrDataUrl(payment.checkoutUrl),
    transactionId: payment.reference,
    reference: payment.reference,
    checkoutUrl: payment.checkoutUrl,
  };
}

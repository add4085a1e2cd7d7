// What the payment routes need from a card or wallet provider: the configured adapters (card-provider.ts,
// wallet-provider.ts) implement these, and tests plug in their own.
import type { MpaisaPaymentResponse, QrPaymentResponse, SubscriptionResponse } from "../../shared/payment";

/** A card provider: starts a monthly subscription and returns the client secret the browser confirms with. */
export interface CardProvider {
  kind: "stripe";
  publishableKey: string;
  /** `ip` is the caller's address: calls are limited per e-mail and per address (subscription-starts.ts). */
  createSubscription(request: { email: string; name?: string; ip: string }): Promise<SubscriptionResponse>;
}

/** A mobile-wallet provider: a payment request to the payer's phone, or a QR code to scan. */
export interface WalletProvider {
  kind: "mpaisa" | "sandbox";
  requestPayment(request: {
    phone: string;
    email: string;
    name: string;
    amountCents: number;
  }): Promise<MpaisaPaymentResponse>;
  generateQr(request: {
    amountCents: number;
    description: string;
    email: string;
  }): Promise<QrPaymentResponse>;
}

export interface PaymentProviders {
  card: CardProvider | null;
  wallet: WalletProvider | null;
}

// What the M-PAiSA page holds across its two options: the payer's details and one amount, so switching between
// Mobile Payment and QR Code keeps what was typed.
import { WALLET_PAYMENT } from "@shared/constants";
import type { MpaisaPaymentResponse, QrPaymentResponse } from "@shared/payment";

export interface WalletValues {
  phone: string;
  email: string;
  name: string;
  amount: string;
}

export const EMPTY_WALLET_VALUES: WalletValues = {
  phone: "",
  email: "",
  name: "",
  amount: WALLET_PAYMENT.defaultAmount,
};

export type WalletResult =
  | { method: "mobile"; response: MpaisaPaymentResponse }
  | { method: "qr"; response: QrPaymentResponse; amount: string };

/**
 * Addresses from a provider are opened or shown only when they are web (or, for a QR image, data:image) addresses:
 * a javascript: URL must never reach window.open or an <a>.
 */
export function isSafeUrl(url: unknown, { allowDataImage = false } = {}): url is string {
  if (typeof url !== "string") return false;
  if (allowDataImage && /^data:image\/(png|gif|jpeg|svg\+xml|webp);/i.test(url)) return true;
  try {
    const { protocol } = new URL(url);
    return protocol === "https:" || protocol === "http:";
  } catch {
    return false;
  }
}

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

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

interface ParseResult {
  success: boolean;
  error?: { issues: readonly { path: readonly PropertyKey[]; message: string }[] };
}

/** The first message the shared schema gives for each field. */
export function fieldErrors<K extends string>(result: ParseResult): FieldErrors<K> {
  const errors: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) {
    const field = String(issue.path[0] ?? "");
    errors[field] ??= issue.message;
  }
  return errors as FieldErrors<K>;
}

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

// What the payment screens say when a payment request fails (docs/product.md, Messages and toasts). Pure, so each rule
// is tested alone.
import type { SubscriptionResponse } from "@shared/payment";
import { serverMessage } from "@/lib/submission";

export interface ErrorToast {
  title: string;
  description: string;
  variant: "destructive";
}

/** What create-subscription's caller throws when the answer has no client secret: shown as 'being set up'. */
export const MISSING_CLIENT_SECRET = "Payment processing not properly configured";

export const UNAVAILABLE: ErrorToast = {
  title: "Service Temporarily Unavailable",
  description: "Payment processing is being set up. Please try again later.",
  variant: "destructive",
};

const INITIALIZE_FAILED: ErrorToast = {
  title: "Error",
  description: "Failed to initialize payment. Please try again.",
  variant: "destructive",
};

/** A message the server put in an error answer, or the text of whatever else was thrown. */
function messageOf(error: unknown): string {
  if (error instanceof Error) return serverMessage(error) ?? error.message;
  return String(error ?? "");
}

const saysNotConfigured = (message: string) => message.toLowerCase().includes("not configured");

/** An error message that came back in a create-subscription answer rather than from the network or a crash. */
export class ServerPaymentError extends Error {}

/**
 * The client secret of a create-subscription answer, or an error to hand to `subscriptionErrorToast`: the server's
 * own error message when the answer carries one, MISSING_CLIENT_SECRET ("not properly configured") when the secret
 * is missing.
 */
export function readClientSecret(body: unknown): string {
  const answer = (body ?? {}) as Partial<SubscriptionResponse> & { error?: { message?: unknown } };
  if (typeof answer.error?.message === "string") throw new ServerPaymentError(answer.error.message);
  if (typeof answer.clientSecret !== "string" || answer.clientSecret === "") {
    throw new ServerPaymentError(MISSING_CLIENT_SECRET);
  }
  return answer.clientSecret;
}

/**
 * Subscription: an error message from the server, a missing client secret, or any message saying
 * "not configured" means payments are still being set up; any other failure (network, unreadable answer) is a plain
 * failure to start the payment.
 */
export function subscriptionErrorToast(error: unknown): ErrorToast {
  if (error instanceof ServerPaymentError || saysNotConfigured(messageOf(error))) return UNAVAILABLE;
  return INITIALIZE_FAILED;
}

export type WalletFailureTitle = "Payment Failed" | "QR Generation Failed";

export const WALLET_BEING_SET_UP = "M-PAiSA payment is being set up. Please try again later.";
const WALLET_TRY_AGAIN = "Something went wrong. Please check your details and try again.";

/**
 * Wallet: "not configured" becomes the 'is being set up' message; otherwise the server's own
 * message (a refused field, a provider's reason) or a plain request to try again.
 */
export function walletErrorToast(title: WalletFailureTitle, error: unknown): ErrorToast {
  const message = messageOf(error);
  if (saysNotConfigured(message)) return { title, description: WALLET_BEING_SET_UP, variant: "destructive" };
  const fromServer = error instanceof Error ? serverMessage(error) : undefined;
  return { title, description: fromServer ?? WALLET_TRY_AGAIN, variant: "destructive" };
}

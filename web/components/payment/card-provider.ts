// The browser half of card payments with a provider: create-subscription returns a client secret, the provider's
// own card field (never ours, so card numbers never touch this site) collects the card and confirms the payment.
import type { PaymentsConfig, SubscriptionRequest } from "@shared/payment";
import { apiRequest } from "@/lib/query-client";
import { readClientSecret } from "./payment-errors";

export interface BrowserCardProvider {
  /** Shows the provider's card field inside `container`; rejects with CardFormUnavailableError if it cannot. */
  mount(container: HTMLElement, clientSecret: string): Promise<void>;
  /** Confirms the payment with the card the visitor entered; a decline comes back as the provider's message. */
  confirm(): Promise<{ error?: string }>;
}

/** Where the provider sends the payer back after confirming (and after any bank check such as 3-D Secure). */
export const CARD_RETURN_PATH = "/payment?complete=1";

/**
 * The provider's script or card field did not arrive: blocked, offline, or too slow. The screen offers a retry
 * and the wallet instead of waiting forever.
 */
export class CardFormUnavailableError extends Error {
  constructor(cause?: unknown) {
    super("The secure card form could not load", { cause });
  }
}

/**
 * The provider's script for this configuration, loaded only when /payment needs it so that nothing of it reaches
 * the landing page; null when this build has no browser code for the configured provider.
 */
export async function loadBrowserCardProvider(config: PaymentsConfig): Promise<BrowserCardProvider | null> {
  if (config.card !== "stripe" || !config.stripePublishableKey) return null;
  const key = config.stripePublishableKey;
  // A chunk that fails to download is the same trouble for the payer as a script the provider could not send.
  const stripe = await import("./stripe-card-provider").catch((error: unknown) => {
    throw new CardFormUnavailableError(error);
  });
  return stripe.loadStripeCardProvider(key);
}

/** POST /api/create-subscription; throws what `subscriptionErrorToast` turns into SPEC section 8's messages. */
export async function requestClientSecret(details: SubscriptionRequest): Promise<string> {
  const res = await apiRequest("POST", "/api/create-subscription", details);
  return readClientSecret(await res.json());
}

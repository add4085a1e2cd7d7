// The browser half of card payments with a provider: create-subscription returns a client secret, the provider's
// own card field (never ours, so card numbers never touch this site) collects the card and confirms the payment.
import type { PaymentsConfig, SubscriptionRequest } from "@shared/payment";
import { apiRequest } from "@/lib/query-client";
import { type BrowserCardProvider, CardFormUnavailableError } from "./card-provider-contract";
import { readClientSecret } from "./payment-errors";

export {
  type BrowserCardProvider,
  CARD_RETURN_PATH,
  CardFormUnavailableError,
} from "./card-provider-contract";

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

/** POST /api/create-subscription; throws what `subscriptionErrorToast` turns into the subscription toasts. */
export async function requestClientSecret(details: SubscriptionRequest): Promise<string> {
  const res = await apiRequest("POST", "/api/create-subscription", details);
  return readClientSecret(await res.json());
}

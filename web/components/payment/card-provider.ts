// The browser half of card payments with a provider: create-subscription returns a client secret, the provider's
// own card field (never ours, so card numbers never touch this site) collects the card and confirms the payment.
import type { PaymentsConfig, SubscriptionRequest } from "@shared/payment";
import { apiRequest } from "@/lib/query-client";
import { readClientSecret } from "./payment-errors";

export interface BrowserCardProvider {
  /** Shows the provider's card field inside `container` for this payment. */
  mount(container: HTMLElement, clientSecret: string): Promise<void>;
  /** Confirms the payment with the card the visitor entered; a decline comes back as the provider's message. */
  confirm(): Promise<{ error?: string }>;
}

/**
 * The provider's script for this configuration, loaded only when /payment needs it so that nothing of it reaches
 * the landing page. None is bundled yet: until one is, a provider configuration is "not configured" in the browser.
 */
export async function loadBrowserCardProvider(_config: PaymentsConfig): Promise<BrowserCardProvider | null> {
  return null;
}

/** POST /api/create-subscription; throws what `subscriptionErrorToast` turns into SPEC section 8's messages. */
export async function requestClientSecret(details: SubscriptionRequest): Promise<string> {
  const res = await apiRequest("POST", "/api/create-subscription", details);
  return readClientSecret(await res.json());
}

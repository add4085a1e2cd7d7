// Stripe's Payment Element behind the BrowserCardProvider seam. The "pure" entry injects Stripe.js only when
// loadStripe is called, so the script is fetched on /payment once a payer asks for the card form, never earlier.
import type { Stripe, StripeElements } from "@stripe/stripe-js";
import { loadStripe } from "@stripe/stripe-js/pure";
import {
  type BrowserCardProvider,
  CARD_RETURN_PATH,
  CardFormUnavailableError,
} from "./card-provider-contract";

/** Past this, a script or frame that has not arrived is treated as blocked: the payer gets a retry, not a spinner. */
export const CARD_FORM_TIMEOUT_MS = 10_000;

/** Resolves as `promise` does, or rejects with CardFormUnavailableError after `ms`. */
function withinTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new CardFormUnavailableError("timed out")), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export async function loadStripeCardProvider(publishableKey: string): Promise<BrowserCardProvider> {
  let stripe: Stripe | null;
  try {
    stripe = await withinTimeout(loadStripe(publishableKey), CARD_FORM_TIMEOUT_MS);
  } catch (error) {
    throw error instanceof CardFormUnavailableError ? error : new CardFormUnavailableError(error);
  }
  if (!stripe) throw new CardFormUnavailableError("Stripe.js did not load");
  return stripeCardProvider(stripe);
}

function stripeCardProvider(stripe: Stripe): BrowserCardProvider {
  let elements: StripeElements | null = null;
  return {
    mount(container, clientSecret) {
      elements = stripe.elements({
        clientSecret,
        appearance: { theme: "stripe", variables: { colorPrimary: "#17459b", borderRadius: "8px" } },
      });
      const field = elements.create("payment", { layout: "tabs" });
      const ready = new Promise<void>((resolve, reject) => {
        field.on("ready", () => resolve());
        field.on("loaderror", (event) => reject(new CardFormUnavailableError(event.error)));
      });
      field.mount(container);
      return withinTimeout(ready, CARD_FORM_TIMEOUT_MS);
    },
    async confirm(returnPath = CARD_RETURN_PATH) {
      if (!elements) return { error: "The card form is not ready yet. Please wait a moment and try again." };
      // On success Stripe leaves for the return address, so only a failure ever comes back here.
      const result = await stripe.confirmPayment({
        elements,
        confirmParams: { return_url: `${window.location.origin}${returnPath}` },
      });
      return { error: result.error.message ?? "Your card was not charged. Please try again." };
    },
  };
}

// What a browser card provider (today Stripe's, loaded on demand by card-provider.ts) offers the payment screen.
// Its own module, so the provider's code and the loader both depend on it and not on each other.

export interface BrowserCardProvider {
  /** Shows the provider's card field inside `container`; rejects with CardFormUnavailableError if it cannot. */
  mount(container: HTMLElement, clientSecret: string): Promise<void>;
  /**
   * Confirms the payment with the card the visitor entered; a decline comes back as the provider's message. The payer
   * comes back to `returnPath` (CARD_RETURN_PATH unless another payment, such as a course fee, names its own page).
   */
  confirm(returnPath?: string): Promise<{ error?: string }>;
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

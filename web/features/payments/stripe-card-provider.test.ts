import { afterEach, describe, expect, it, vi } from "vitest";
import { CardFormUnavailableError, loadBrowserCardProvider } from "./card-provider";
import { CARD_FORM_TIMEOUT_MS, loadStripeCardProvider } from "./stripe-card-provider";

const loadStripe = vi.hoisted(() => vi.fn());
vi.mock("@stripe/stripe-js/pure", () => ({ loadStripe }));

afterEach(() => {
  vi.useRealTimers();
  loadStripe.mockReset();
});

describe("loadStripeCardProvider", () => {
  it("gives up on a script that never arrives once the timeout passes", async () => {
    vi.useFakeTimers();
    loadStripe.mockReturnValue(new Promise(() => {}));
    const loading = loadStripeCardProvider("pk_test_123");
    const outcome = expect(loading).rejects.toBeInstanceOf(CardFormUnavailableError);
    await vi.advanceTimersByTimeAsync(CARD_FORM_TIMEOUT_MS);
    await outcome;
  });

  it("turns a blocked script (a rejection) and an absent Stripe (null) into the same error", async () => {
    loadStripe.mockRejectedValueOnce(new Error("Failed to load Stripe.js"));
    await expect(loadStripeCardProvider("pk_test_123")).rejects.toBeInstanceOf(CardFormUnavailableError);
    loadStripe.mockResolvedValueOnce(null);
    await expect(loadStripeCardProvider("pk_test_123")).rejects.toBeInstanceOf(CardFormUnavailableError);
    expect(loadStripe).toHaveBeenCalledWith("pk_test_123");
  });
});

describe("loadBrowserCardProvider", () => {
  it("loads nothing for the demonstration checkout or without a publishable key", async () => {
    expect(
      await loadBrowserCardProvider({
        card: "demo",
        stripePublishableKey: null,
        wallet: null,
        sandbox: false,
      }),
    ).toBeNull();
    expect(
      await loadBrowserCardProvider({
        card: "stripe",
        stripePublishableKey: null,
        wallet: null,
        sandbox: false,
      }),
    ).toBeNull();
    expect(loadStripe).not.toHaveBeenCalled();
  });
});

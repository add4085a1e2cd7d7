// Back on /payment from Stripe (CARD_RETURN_PATH): Stripe appends redirect_status and the payment intent to the
// address. Success gets 'Payment Successful' and the portal 2 seconds later, as the demo does.
import { useEffect } from "react";
import { toast } from "@/lib/use-toast";
import { usePaymentSuccess } from "./use-payment-success";

/** Stripe's own parameters on the return address; the client secret among them must not stay in the history. */
const STRIPE_PARAMS = ["complete", "payment_intent", "payment_intent_client_secret", "redirect_status"];

function takeRedirectStatus(): string | null {
  const params = new URLSearchParams(window.location.search);
  const status = params.get("redirect_status");
  if (!params.has("complete") && !status) return null;
  for (const name of STRIPE_PARAMS) params.delete(name);
  const query = params.size ? `?${params}` : "";
  // A reload must not repeat the message.
  window.history.replaceState(window.history.state, "", `${window.location.pathname}${query}`);
  return status;
}

export function useStripeReturn(): void {
  const succeed = usePaymentSuccess();
  // biome-ignore lint/correctness/useExhaustiveDependencies: read once, when the page opens from Stripe's redirect.
  useEffect(() => {
    const status = takeRedirectStatus();
    if (status === "succeeded") {
      succeed("Welcome to the Document Portal. Taking you there now...");
    } else if (status === "processing") {
      toast({
        title: "Payment Processing",
        description: "Your bank is still confirming the payment. Your access starts as soon as it does.",
      });
    } else if (status === "failed" || status === "requires_payment_method") {
      // Stripe answers a decline inside the form; this is a bank check (3-D Secure) that did not pass.
      toast({
        title: "Payment Failed",
        description: "Your bank did not confirm the payment, so your card was not charged. Please try again.",
        variant: "destructive",
      });
    }
  }, []);
}

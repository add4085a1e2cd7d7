// Card checkout through a provider (GET /api/payments/config says which): the subscriber's details go to
// POST /api/create-subscription, the provider's own card field takes the card, the provider confirms the payment.
// Every failure before the card field shows is one of SPEC section 8's subscription messages.
import { formatMoney, SUBSCRIPTION } from "@shared/constants";
import type { PaymentsConfig } from "@shared/payment";
import { useMutation } from "@tanstack/react-query";
import { ArrowRight, Lock } from "lucide-react";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { loadSubscriberDetails } from "@/components/portal/subscriber-details";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { toast } from "@/lib/use-toast";
import { type BrowserCardProvider, loadBrowserCardProvider, requestClientSecret } from "./card-provider";
import { subscriptionErrorToast } from "./payment-errors";
import { PaymentField } from "./payment-field";
import { usePaymentSuccess } from "./use-payment-success";

/** Thrown when this build has no browser code for the configured provider: "not configured" on this side. */
const BROWSER_NOT_CONFIGURED = "Card provider not configured in this build";

export function ProviderCardCheckout({ config }: { config: PaymentsConfig }) {
  const [details, setDetails] = useState({ email: "", name: "" });
  const [provider, setProvider] = useState<BrowserCardProvider | null>(null);
  const cardField = useRef<HTMLDivElement>(null);
  const secret = useRef("");
  const succeed = usePaymentSuccess();

  useEffect(() => {
    setDetails((current) => (current.email ? current : loadSubscriberDetails()));
  }, []);

  // The provider's field mounts into the container rendered once `provider` is set.
  useEffect(() => {
    if (provider && cardField.current) void provider.mount(cardField.current, secret.current);
  }, [provider]);

  const start = useMutation({
    mutationFn: async () => {
      secret.current = await requestClientSecret({ email: details.email.trim(), name: details.name.trim() });
      const loaded = await loadBrowserCardProvider(config);
      if (!loaded) throw new Error(BROWSER_NOT_CONFIGURED);
      return loaded;
    },
    onSuccess: setProvider,
    onError: (error) => toast(subscriptionErrorToast(error)),
  });

  const pay = useMutation({
    mutationFn: async () => {
      const result = (await provider?.confirm()) ?? {};
      if (result.error) throw new Error(result.error);
    },
    onSuccess: () => succeed("Welcome to the Document Portal. Taking you there now..."),
    onError: (error) =>
      toast({ title: "Payment Failed", description: error.message, variant: "destructive" }),
  });

  function handleStart(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!details.email.trim()) {
      toast({
        title: "Email Required",
        description: "Please enter your email address.",
        variant: "destructive",
      });
      return;
    }
    start.mutate();
  }

  if (provider) {
    return (
      <div className="mt-6 grid gap-5">
        <div ref={cardField} />
        <Button
          type="button"
          size="lg"
          className="w-full"
          disabled={pay.isPending}
          onClick={() => pay.mutate()}
        >
          <Lock aria-hidden="true" />
          {pay.isPending
            ? "Processing..."
            : `Pay ${formatMoney(SUBSCRIPTION.priceCents + SUBSCRIPTION.vatCents)}`}
        </Button>
      </div>
    );
  }

  return (
    <form
      noValidate
      onSubmit={handleStart}
      aria-labelledby="card-details-heading"
      className="mt-6 grid gap-5"
    >
      <p className="text-sm leading-relaxed text-slate-700">
        You enter your card in our card provider's secure form on the next step; your card number never
        reaches our servers. Visa, Mastercard and American Express are accepted.
      </p>
      <PaymentField id="provider-email" label="Email" required>
        <Input
          id="provider-email"
          type="email"
          autoComplete="email"
          required
          value={details.email}
          onChange={(event) => setDetails({ ...details, email: event.target.value })}
        />
      </PaymentField>
      <PaymentField id="provider-name" label="Full Name">
        <Input
          id="provider-name"
          autoComplete="name"
          value={details.name}
          onChange={(event) => setDetails({ ...details, name: event.target.value })}
        />
      </PaymentField>
      <Button type="submit" size="lg" className="w-full" disabled={start.isPending}>
        {start.isPending ? "Processing..." : "Continue to Card Details"}
        <ArrowRight aria-hidden="true" />
      </Button>
    </form>
  );
}

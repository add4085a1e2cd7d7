// Card checkout through a provider (GET /api/payments/config says which): the subscriber's details go to POST
// /api/create-subscription, the provider's own card field takes the card, the provider confirms the payment. Every
// failure before the card field shows is one of the subscription toasts (docs/product.md, Messages and toasts), except
// a card form that cannot load (script blocked, offline): that says so and offers a retry rather than spinning forever.
import { SUBSCRIPTION } from "@shared/constants";
import { formatFjd } from "@shared/money-format";
import type { PaymentsConfig } from "@shared/payment";
import { useMutation } from "@tanstack/react-query";
import { ArrowRight, CircleAlert, LoaderCircle, Lock, RotateCw } from "lucide-react";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { ClearDraft } from "@/components/forms/clear-draft";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Form } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { loadSubscriberDetails, saveSubscriberDetails } from "@/features/portal/subscriber-details";
import { clearDraft, useFormDraft } from "@/lib/form-draft";
import { toast } from "@/lib/use-toast";
import {
  type BrowserCardProvider,
  CardFormUnavailableError,
  loadBrowserCardProvider,
  requestClientSecret,
} from "./card-provider";
import { subscriptionErrorToast } from "./payment-errors";
import { useCardField } from "./use-card-field";
import { usePaymentSuccess } from "./use-payment-success";

/** Thrown when this build has no browser code for the configured provider: "not configured" on this side. */
const BROWSER_NOT_CONFIGURED = "Card provider not configured in this build";

export const CARD_FORM_UNAVAILABLE =
  "The secure card form could not load. Check your connection and try again, or pay with M-PAiSA.";

/** none: the details form; loading: script and field on their way; unavailable: they did not come. */
type CardFormState = "none" | "loading" | "ready" | "unavailable";

const NO_DETAILS = { email: "", name: "" };
/** The same draft as the sandbox card form's (only one of them shows): the payer's e-mail and name. */
const CARD_DRAFT = "card-payment";

export function ProviderCardCheckout({ config }: { config: PaymentsConfig }) {
  const [details, setDetails] = useState(NO_DETAILS);
  const [provider, setProvider] = useState<BrowserCardProvider | null>(null);
  const [cardForm, setCardForm] = useState<CardFormState>("none");
  const secret = useRef("");
  const succeed = usePaymentSuccess();

  useEffect(() => {
    setDetails((current) => (current.email ? current : loadSubscriberDetails()));
  }, []);
  const draft = useFormDraft(CARD_DRAFT, {
    template: NO_DETAILS,
    read: () => details,
    restore: (saved) => setDetails((current) => ({ ...current, ...saved })),
    reset: () => setDetails(NO_DETAILS),
  });

  // The provider's field mounts into the container rendered once `provider` is set.
  const cardField = useCardField(provider, () => secret.current, setCardForm);

  const load = useMutation({
    mutationFn: async () => {
      const loaded = await loadBrowserCardProvider(config);
      if (!loaded) throw new Error(BROWSER_NOT_CONFIGURED);
      return loaded;
    },
    onMutate: () => {
      setProvider(null);
      setCardForm("loading");
    },
    onSuccess: setProvider,
    onError: (error) => {
      if (error instanceof CardFormUnavailableError) {
        setCardForm("unavailable");
        return;
      }
      setCardForm("none");
      toast(subscriptionErrorToast(error));
    },
  });

  // The subscription is created once; a retry after the card form failed to load only loads the form again.
  const start = useMutation({
    mutationFn: () => requestClientSecret({ email: details.email.trim(), name: details.name.trim() }),
    onSuccess: (clientSecret) => {
      secret.current = clientSecret;
      load.mutate();
    },
    onError: (error) => toast(subscriptionErrorToast(error)),
  });

  const pay = useMutation({
    mutationFn: async () => {
      // A bank check may leave for the bank's page and come back to a fresh /payment (stripe-return.ts), which
      // then knows the address paid for from here.
      saveSubscriberDetails({ email: details.email.trim(), name: details.name.trim() });
      const result = (await provider?.confirm()) ?? {};
      if (result.error) throw new Error(result.error);
    },
    onSuccess: () => {
      clearDraft(CARD_DRAFT);
      succeed("Welcome to the Document Portal. Taking you there now...", details.email);
    },
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

  if (cardForm === "unavailable") {
    return (
      <div role="alert" className="mt-6 grid gap-4 rounded-lg border border-amber-300 bg-amber-50 p-4">
        <p className="flex gap-3 text-sm leading-relaxed text-slate-900">
          <CircleAlert className="mt-0.5 size-5 shrink-0 text-amber-800" aria-hidden="true" />
          {CARD_FORM_UNAVAILABLE}
        </p>
        <div>
          <Button type="button" variant="outline" onClick={() => load.mutate()}>
            <RotateCw aria-hidden="true" />
            Try again
          </Button>
        </div>
      </div>
    );
  }

  if (cardForm !== "none") {
    const ready = cardForm === "ready";
    return (
      <div className="mt-6 grid gap-5" aria-busy={!ready}>
        {!ready && (
          <p role="status" className="flex items-center gap-2 text-sm text-slate-700">
            <LoaderCircle className="size-4 animate-spin motion-reduce:animate-none" aria-hidden="true" />
            Loading the secure card form...
          </p>
        )}
        {provider && <div ref={cardField} />}
        <Button
          type="button"
          size="lg"
          className="w-full"
          disabled={!ready || pay.isPending}
          onClick={() => pay.mutate()}
        >
          <Lock aria-hidden="true" />
          {pay.isPending
            ? "Processing..."
            : `Pay ${formatFjd(SUBSCRIPTION.priceCents + SUBSCRIPTION.vatCents, "payment")}`}
        </Button>
      </div>
    );
  }

  return (
    <Form
      onSubmit={handleStart}
      onInput={draft.changed}
      aria-labelledby="card-details-heading"
      className="mt-6 grid gap-5"
    >
      <p className="text-sm leading-relaxed text-slate-700">
        You enter your card in our card provider's secure form on the next step; your card number never
        reaches our servers. Visa, Mastercard and American Express are accepted.
      </p>
      <Field id="provider-email" label="Email" required>
        <Input
          id="provider-email"
          type="email"
          autoComplete="email"
          required
          value={details.email}
          onChange={(event) => setDetails({ ...details, email: event.target.value })}
        />
      </Field>
      <Field id="provider-name" label="Full Name">
        <Input
          id="provider-name"
          autoComplete="name"
          value={details.name}
          onChange={(event) => setDetails({ ...details, name: event.target.value })}
        />
      </Field>
      <Button type="submit" size="lg" className="w-full" disabled={start.isPending}>
        {start.isPending ? "Processing..." : "Continue to Card Details"}
        <ArrowRight aria-hidden="true" />
      </Button>
      <div className="flex flex-wrap items-center gap-3">
        <ClearDraft onClear={draft.clear} restored={draft.restored} />
      </div>
    </Form>
  );
}

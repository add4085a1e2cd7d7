// Paying a place: the amount (the full fee, the deposit, or the balance) and the way (card or M-PAiSA). A card payment
// uses the card provider's own field, as the portal's card checkout does (card numbers never touch this site); M-PAiSA
// sends the payer to the wallet's payment page, which brings them back here. Nothing is charged until the payer
// confirms at the provider.
import type { PayableKind, PlacePayment, StartedCoursePayment } from "@shared/course-payment";
import { formatFjd } from "@shared/money-format";
import { useMutation } from "@tanstack/react-query";
import { CreditCard, Lock, Smartphone } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Button } from "@/components/ui/button";
import { Form } from "@/components/ui/form";
import { Panel } from "@/components/ui/panel";
import {
  type BrowserCardProvider,
  CardFormUnavailableError,
  loadBrowserCardProvider,
} from "@/features/payments/card-provider";
import { CARD_FORM_UNAVAILABLE } from "@/features/payments/provider-card-checkout";
import { useCardField } from "@/features/payments/use-card-field";
import { OptionTiles, type TileOption } from "@/features/portal/option-tiles";
import { serverMessage } from "@/lib/api";
import { type PayLink, payPagePath, startCoursePayment } from "./course-payment-queries";

const KIND_LABELS: Record<PayableKind, string> = {
  full: "Full fee",
  deposit: "Deposit",
  balance: "Balance",
};

type Method = "card" | "mpaisa";
type CardForm = "none" | "loading" | "ready" | "unavailable";

interface Props {
  link: PayLink;
  place: PlacePayment;
  /** A payment was started: the page follows its reference. */
  onStarted: (reference: string) => void;
}

export function CoursePaymentForm({ link, place, onStarted }: Props) {
  const methods: TileOption<Method>[] = [
    ...(place.card
      ? [
          {
            value: "card" as const,
            label: "Card",
            description: "Visa, Mastercard or American Express",
            icon: CreditCard,
          },
        ]
      : []),
    ...(place.wallet
      ? [
          {
            value: "mpaisa" as const,
            label: "M-PAiSA",
            description: "Approve on M-PAiSA's payment page",
            icon: Smartphone,
          },
        ]
      : []),
  ];
  const [kind, setKind] = useState<PayableKind>(place.options[0]?.kind ?? "full");
  const [method, setMethod] = useState<Method>(methods[0]?.value ?? "card");
  const [started, setStarted] = useState<StartedCoursePayment | null>(null);
  const [provider, setProvider] = useState<BrowserCardProvider | null>(null);
  const [cardForm, setCardForm] = useState<CardForm>("none");
  const chosen = place.options.find((option) => option.kind === kind) ?? place.options[0];
  // The provider's field mounts into the container rendered once `provider` is set.
  const cardField = useCardField(provider, () => started?.clientSecret ?? null, setCardForm);

  const start = useMutation({
    mutationFn: () => startCoursePayment(link, { kind, method }),
    onSuccess: async (answer) => {
      setStarted(answer);
      onStarted(answer.reference);
      if (answer.method === "mpaisa" && answer.checkoutUrl) {
        window.location.assign(answer.checkoutUrl);
        return;
      }
      setCardForm("loading");
      try {
        const loaded = await loadBrowserCardProvider({
          card: "stripe",
          stripePublishableKey: place.stripePublishableKey,
          wallet: null,
          sandbox: false,
        });
        if (!loaded) throw new CardFormUnavailableError();
        setProvider(loaded);
      } catch {
        setCardForm("unavailable");
      }
    },
  });

  const pay = useMutation({
    mutationFn: async () => {
      const result = (await provider?.confirm(payPagePath(link, started?.reference ?? ""))) ?? {};
      if (result.error) throw new Error(result.error);
    },
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    start.mutate();
  }

  if (methods.length === 0) {
    return (
      <p role="alert" className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-slate-900">
        Online payment is being set up. Please reply to your offer e-mail and we will help you pay.
      </p>
    );
  }

  if (started?.method === "card") {
    return (
      <Panel headingId="course-card-heading" heading="Pay by card">
        {cardForm === "unavailable" ? (
          <p
            role="alert"
            className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-slate-900"
          >
            {CARD_FORM_UNAVAILABLE}
          </p>
        ) : (
          <div className="mt-4 grid gap-5" aria-busy={cardForm !== "ready"}>
            {cardForm === "loading" && <p role="status">Loading the secure card form...</p>}
            {provider && <div ref={cardField} />}
            <Button
              type="button"
              size="lg"
              disabled={cardForm !== "ready" || pay.isPending}
              onClick={() => pay.mutate()}
            >
              <Lock aria-hidden="true" />
              {pay.isPending ? "Processing..." : `Pay ${formatFjd(started.amountCents)}`}
            </Button>
            {pay.error && (
              <p role="alert" className="text-sm text-red-700">
                {pay.error.message}
              </p>
            )}
          </div>
        )}
      </Panel>
    );
  }

  return (
    <Panel headingId="course-pay-heading" heading="Pay">
      <Form onSubmit={submit} className="mt-4 grid gap-6">
        {place.options.length > 1 && (
          <fieldset>
            <legend className="mb-2 font-semibold text-slate-900">Amount</legend>
            <div className="grid gap-2">
              {place.options.map((option) => (
                <label key={option.kind} className="flex items-center gap-3 text-slate-800">
                  <input
                    type="radio"
                    name="course-pay-kind"
                    value={option.kind}
                    checked={kind === option.kind}
                    onChange={() => setKind(option.kind)}
                  />
                  {KIND_LABELS[option.kind]}: {formatFjd(option.amountCents)}
                </label>
              ))}
            </div>
          </fieldset>
        )}
        <OptionTiles
          name="course-pay-method"
          legend={<span className="font-semibold text-slate-900">Payment method</span>}
          options={methods}
          value={method}
          onChange={setMethod}
        />
        {chosen && (
          <p className="text-sm text-slate-700">
            {KIND_LABELS[chosen.kind]}: {formatFjd(chosen.amountCents)}, of which VAT{" "}
            {formatFjd(chosen.vatCents)}.
          </p>
        )}
        {start.error && (
          <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800">
            {serverMessage(start.error) ?? "The payment could not be started. Please try again."}
          </p>
        )}
        <Button type="submit" size="lg" disabled={start.isPending || !chosen}>
          {start.isPending
            ? "Processing..."
            : `Pay ${formatFjd(chosen?.amountCents ?? 0)} ${method === "card" ? "by card" : "with M-PAiSA"}`}
        </Button>
      </Form>
    </Panel>
  );
}

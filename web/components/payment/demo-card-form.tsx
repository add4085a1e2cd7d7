// The card form of SPEC sections 2, 4 and 5 while no card provider is configured: every check and format of the
// spec, then the simulated checkout (3 s processing, 'Payment Successful', /portal). It is plainly labelled a
// demonstration, and nothing typed here is sent anywhere: there is no request in this file.
import { formatMoney, SUBSCRIPTION, TIMING } from "@shared/constants";
import { Info, Lock } from "lucide-react";
import { type ChangeEvent, type FormEvent, useEffect, useRef, useState } from "react";
import { loadSubscriberDetails } from "@/components/portal/subscriber-details";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import {
  CARD_BRAND_LABELS,
  CARD_RULES,
  type CardField,
  cardBrand,
  checkCard,
  formatCardNumber,
  formatCvv,
  formatExpiry,
} from "@/lib/card-format";
import { toast } from "@/lib/use-toast";
import { type BillingAddress, BillingAddressFields, DEFAULT_BILLING_ADDRESS } from "./billing-address-fields";
import { describedBy, PaymentField } from "./payment-field";
import { usePaymentSuccess } from "./use-payment-success";

const CONTROL_IDS: Record<CardField, string> = {
  number: "card-number",
  expiry: "card-expiry",
  cvv: "card-cvv",
  name: "card-name",
};

type Stage = "editing" | "processing" | "paid";

const SUBMIT_LABELS: Record<Stage, string> = {
  editing: `Pay ${formatMoney(SUBSCRIPTION.priceCents + SUBSCRIPTION.vatCents)} (demo)`,
  processing: "Processing...",
  paid: "Payment Successful",
};

export function DemoCardForm() {
  const [email, setEmail] = useState("");
  const [card, setCard] = useState({ number: "", expiry: "", cvv: "", name: "" });
  const [billing, setBilling] = useState<BillingAddress>(DEFAULT_BILLING_ADDRESS);
  const [invalid, setInvalid] = useState<CardField | null>(null);
  const [stage, setStage] = useState<Stage>("editing");
  const processing = useRef<ReturnType<typeof setTimeout>>(undefined);
  const succeed = usePaymentSuccess();

  // What /subscribe collected; read after hydration because the page is prerendered.
  useEffect(() => {
    const saved = loadSubscriberDetails();
    setEmail((current) => current || saved.email);
    setCard((current) => ({ ...current, name: current.name || saved.name }));
    return () => clearTimeout(processing.current);
  }, []);

  function edit(field: CardField, format: (input: string) => string = (input) => input) {
    return (event: ChangeEvent<HTMLInputElement>) => {
      setCard((current) => ({ ...current, [field]: format(event.target.value) }));
      if (invalid === field) setInvalid(null);
    };
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problem = checkCard(card);
    if (problem) {
      setInvalid(problem.field);
      document.getElementById(CONTROL_IDS[problem.field])?.focus();
      toast({ title: problem.title, description: problem.description, variant: "destructive" });
      return;
    }
    setInvalid(null);
    setStage("processing");
    processing.current = setTimeout(() => {
      setStage("paid");
      succeed("This was a demonstration: no card was charged. Taking you to the Document Portal...");
    }, TIMING.simulatedCardProcessingMs);
  }

  const brand = cardBrand(card.number);
  const control = (field: CardField) => ({
    id: CONTROL_IDS[field],
    value: card[field],
    onChange: edit(field),
    "aria-invalid": invalid === field ? true : undefined,
  });

  return (
    <>
      <div
        role="note"
        className="mt-4 flex gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-slate-900"
      >
        <Info className="mt-0.5 size-5 shrink-0 text-slate-900" aria-hidden="true" />
        <p>
          <strong>Demonstration checkout:</strong> no card is charged and your card details never leave this
          page.
        </p>
      </div>

      <form noValidate onSubmit={handleSubmit} aria-labelledby="card-details-heading" className="mt-6">
        <fieldset disabled={stage !== "editing"} className="grid gap-5">
          <PaymentField id="card-email" label="Email">
            <Input
              id="card-email"
              type="email"
              autoComplete="email"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
            />
          </PaymentField>

          <PaymentField
            id="card-number"
            label="Card Number"
            required
            aside={
              <span id="card-brand" aria-live="polite">
                {brand && <Badge variant="secondary">{CARD_BRAND_LABELS[brand]}</Badge>}
              </span>
            }
          >
            <Input
              {...control("number")}
              onChange={edit("number", formatCardNumber)}
              inputMode="numeric"
              autoComplete="cc-number"
              placeholder="1234 5678 9012 3456"
              // 16 digits and their 3 spaces.
              maxLength={CARD_RULES.entryMaxDigits + 3}
              required
              aria-describedby="card-brand"
            />
          </PaymentField>

          <div className="grid gap-5 sm:grid-cols-2">
            <PaymentField id="card-expiry" label="Expiry Date" required hint="MM/YY">
              <Input
                {...control("expiry")}
                onChange={edit("expiry", formatExpiry)}
                inputMode="numeric"
                autoComplete="cc-exp"
                placeholder="MM/YY"
                maxLength={CARD_RULES.expiryLength}
                required
                aria-describedby={describedBy("card-expiry", { hint: true })}
              />
            </PaymentField>
            <PaymentField id="card-cvv" label="CVV" required hint="3 or 4 digits">
              <Input
                {...control("cvv")}
                onChange={edit("cvv", formatCvv)}
                inputMode="numeric"
                autoComplete="cc-csc"
                placeholder="123"
                maxLength={CARD_RULES.cvvMaxDigits}
                required
                aria-describedby={describedBy("card-cvv", { hint: true })}
              />
            </PaymentField>
          </div>

          <PaymentField id="card-name" label="Cardholder Name" required>
            <Input {...control("name")} autoComplete="cc-name" required />
          </PaymentField>

          <BillingAddressFields value={billing} onChange={setBilling} />

          <Button type="submit" size="lg" className="w-full">
            <Lock aria-hidden="true" />
            {SUBMIT_LABELS[stage]}
          </Button>
        </fieldset>
      </form>
    </>
  );
}

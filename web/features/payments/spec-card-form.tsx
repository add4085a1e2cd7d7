// Our own card form (docs/product.md, Card form: every check and format of its fields) while Stripe is not
// configured. Card details never leave this page: there is no request carrying them. What submitting does depends
// on the server:
// - sandbox (PAYMENTS_SANDBOX, only ever on this machine): the simulated payment (3 s, 'Payment Successful',
//   /portal 2 s later) grants 30 days of portal access, exactly like the sandbox wallet;
// - no card provider: 'Service Temporarily Unavailable' and a way to the wallet page, never a success,
//   because no payment happened.
import { formatMoney, SUBSCRIPTION, TIMING } from "@shared/constants";
import { SubscriptionRequestSchema } from "@shared/payment";
import { Info, Lock, Smartphone } from "lucide-react";
import { type ChangeEvent, type FormEvent, useEffect, useState } from "react";
import { Link } from "wouter";
import { Badge } from "@/components/ui/badge";
import { Button, buttonVariants } from "@/components/ui/button";
import { describedBy, Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { loadSubscriberDetails } from "@/features/portal/subscriber-details";
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
import { apiRequest } from "@/lib/query-client";
import { serverMessage } from "@/lib/submission";
import { toast } from "@/lib/use-toast";
import { type BillingAddress, BillingAddressFields, DEFAULT_BILLING_ADDRESS } from "./billing-address-fields";
import { UNAVAILABLE } from "./payment-errors";
import { usePaymentSuccess } from "./use-payment-success";

export type CardFormMode = "sandbox" | "unconfigured";

/** Where the sandbox's simulated card payment is recorded (server/payments/sandbox-card-routes.ts). */
const SANDBOX_CARD_PATH = "/api/sandbox/card-payment";

const NOTES: Record<CardFormMode, { title: string; text: string }> = {
  sandbox: {
    title: "Sandbox checkout:",
    text: "no card is charged and your card details never leave this page. The simulated payment gives 30 days of portal access.",
  },
  unconfigured: {
    title: "Card payments are being set up:",
    text: "no card can be charged yet, and your card details never leave this page. You can pay with M-PAiSA now.",
  },
};

const CONTROL_IDS: Record<CardField, string> = {
  number: "card-number",
  expiry: "card-expiry",
  cvv: "card-cvv",
  name: "card-name",
};

type Stage = "editing" | "processing" | "paid";

const SUBMIT_LABELS: Record<Stage, string> = {
  editing: `Pay ${formatMoney(SUBSCRIPTION.priceCents + SUBSCRIPTION.vatCents)}`,
  processing: "Processing...",
  paid: "Payment Successful",
};

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function SpecCardForm({ mode }: { mode: CardFormMode }) {
  const [unavailable, setUnavailable] = useState(false);
  const [email, setEmail] = useState("");
  const [card, setCard] = useState({ number: "", expiry: "", cvv: "", name: "" });
  const [billing, setBilling] = useState<BillingAddress>(DEFAULT_BILLING_ADDRESS);
  const [invalid, setInvalid] = useState<CardField | null>(null);
  const [stage, setStage] = useState<Stage>("editing");
  const succeed = usePaymentSuccess();

  // What /subscribe collected; read after hydration because the page is prerendered.
  useEffect(() => {
    const saved = loadSubscriberDetails();
    setEmail((current) => current || saved.email);
    setCard((current) => ({ ...current, name: current.name || saved.name }));
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
    if (mode === "unconfigured") {
      // Nothing can be charged: say so with the 'being set up' message, and offer the wallet instead.
      setUnavailable(true);
      toast(UNAVAILABLE);
      return;
    }
    const details = SubscriptionRequestSchema.safeParse({ email, name: card.name });
    if (!details.success) {
      document.getElementById("card-email")?.focus();
      toast({
        title: "Email Required",
        description: "Please enter your email address.",
        variant: "destructive",
      });
      return;
    }
    setStage("processing");
    void paySandbox(details.data);
  }

  async function paySandbox(details: { email: string; name?: string }) {
    const started = Date.now();
    try {
      await apiRequest("POST", SANDBOX_CARD_PATH, details);
    } catch (error) {
      setStage("editing");
      toast({
        title: "Payment Failed",
        description: serverMessage(error) ?? "The sandbox payment did not go through. Please try again.",
        variant: "destructive",
      });
      return;
    }
    // The simulated 3-second processing wait, measured from the click.
    await wait(Math.max(0, TIMING.simulatedCardProcessingMs - (Date.now() - started)));
    setStage("paid");
    succeed(
      "Sandbox payment: no card was charged. You have 30 days of portal access. Taking you to the Document Portal...",
    );
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
          <strong>{NOTES[mode].title}</strong> {NOTES[mode].text}
        </p>
      </div>
      {unavailable && (
        <div
          role="alert"
          className="mt-4 flex flex-col gap-3 rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-slate-900 sm:flex-row sm:items-center sm:justify-between"
        >
          <p>
            <strong>Service Temporarily Unavailable.</strong> Payment processing is being set up. Please try
            again later, or pay now from your M-PAiSA wallet.
          </p>
          <Link href="/mpaisa-payment" className={buttonVariants({ variant: "accent", size: "sm" })}>
            <Smartphone aria-hidden="true" />
            Go to the wallet page
          </Link>
        </div>
      )}

      <form noValidate onSubmit={handleSubmit} aria-labelledby="card-details-heading" className="mt-6">
        <fieldset disabled={stage !== "editing"} className="grid gap-5">
          <Field id="card-email" label="Email">
            <Input
              id="card-email"
              type="email"
              autoComplete="email"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
            />
          </Field>

          <Field
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
          </Field>

          <div className="grid gap-5 sm:grid-cols-2">
            <Field id="card-expiry" label="Expiry Date" required hint="MM/YY">
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
            </Field>
            <Field id="card-cvv" label="CVV" required hint="3 or 4 digits">
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
            </Field>
          </div>

          <Field id="card-name" label="Cardholder Name" required>
            <Input {...control("name")} autoComplete="cc-name" required />
          </Field>

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

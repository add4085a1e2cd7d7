// Our own card form (docs/product.md, Card form: every check and format of its fields) while Stripe is not
// configured. Card details never leave this page: there is no request carrying them. What submitting does depends
// on the server:
// - sandbox (PAYMENTS_SANDBOX, only ever on this machine): the simulated payment (3 s, 'Payment Successful',
//   /portal 2 s later) grants 30 days of portal access, exactly like the sandbox wallet;
// - no card provider: 'Service Temporarily Unavailable' and a way to the wallet page, never a success,
//   because no payment happened.
import { SUBSCRIPTION, TIMING } from "@shared/constants";
import { formatFjd } from "@shared/money-format";
import type { SubscriptionRequest } from "@shared/payment";
import { Lock, Smartphone } from "lucide-react";
import { useEffect, useState } from "react";
import { type FieldErrors, useForm } from "react-hook-form";
import { Link } from "wouter";
import { ClearDraft } from "@/components/forms/clear-draft";
import { Badge } from "@/components/ui/badge";
import { Button, buttonVariants } from "@/components/ui/button";
import { describedBy, Field } from "@/components/ui/field";
import { Form } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { loadSubscriberDetails } from "@/features/portal/subscriber-details";
import {
  CARD_BRAND_LABELS,
  CARD_RULES,
  type CardField,
  cardBrand,
  formatCardNumber,
  formatCvv,
  formatExpiry,
} from "@/lib/card-format";
import { clearDraft, useFormDraft } from "@/lib/form-draft";
import { apiRequest } from "@/lib/query-client";
import { idempotencyHeaders, newIdempotencyKey, serverMessage } from "@/lib/submission";
import { toast } from "@/lib/use-toast";
import { BillingAddressFields } from "./billing-address-fields";
import {
  CARD_DRAFT_FIELDS,
  CARD_PROBLEMS,
  type CardFormMode,
  type CardProblemField,
  type CardValues,
  cardResolver,
  EMPTY_CARD_VALUES,
  loadDetailsCheck,
} from "./card-form-values";
import { paymentDraft } from "./payment-draft";
import { UNAVAILABLE } from "./payment-errors";
import { PaymentNote } from "./payment-note";
import { usePaymentSuccess } from "./use-payment-success";

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

/** The two short fields side by side: as typed, each keeps only what it can hold. */
const SHORT_FIELDS = [
  {
    field: "expiry",
    label: "Expiry Date",
    hint: "MM/YY",
    format: formatExpiry,
    autoComplete: "cc-exp",
    placeholder: "MM/YY",
    maxLength: CARD_RULES.expiryLength,
  },
  {
    field: "cvv",
    label: "CVV",
    hint: "3 or 4 digits",
    format: formatCvv,
    autoComplete: "cc-csc",
    placeholder: "123",
    maxLength: CARD_RULES.cvvMaxDigits,
  },
] as const;

const CARD_DRAFT = "card-payment";

type Stage = "editing" | "processing" | "paid";

const SUBMIT_LABELS: Record<Stage, string> = {
  editing: `Pay ${formatFjd(SUBSCRIPTION.priceCents + SUBSCRIPTION.vatCents, "payment")}`,
  processing: "Processing...",
  paid: "Payment Successful",
};

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function SpecCardForm({ mode }: { mode: CardFormMode }) {
  const [unavailable, setUnavailable] = useState(false);
  const [stage, setStage] = useState<Stage>("editing");
  // One problem at a time, kept until that field is edited or the form is sent again.
  const form = useForm<CardValues, CardFormMode, SubscriptionRequest>({
    defaultValues: EMPTY_CARD_VALUES,
    resolver: cardResolver,
    context: mode,
    reValidateMode: "onSubmit",
    shouldFocusError: false,
  });
  const { errors } = form.formState;
  const succeed = usePaymentSuccess();
  // The payer's details and billing address are kept on this device; the card number, expiry and CVV never.
  const draft = useFormDraft(CARD_DRAFT, paymentDraft(form, EMPTY_CARD_VALUES, CARD_DRAFT_FIELDS));

  // What /subscribe collected; read after hydration because the page is prerendered.
  useEffect(() => {
    const saved = loadSubscriberDetails();
    if (!form.getValues("email")) form.setValue("email", saved.email);
    if (!form.getValues("name")) form.setValue("name", saved.name);
  }, [form]);

  /** A card control: formatted as typed, and no longer marked invalid once edited. */
  function control(field: CardField, format: (input: string) => string = (input) => input) {
    return {
      id: CONTROL_IDS[field],
      ...form.register(field, {
        onChange: (event) => {
          form.setValue(field, format(event.target.value));
          form.clearErrors(field);
        },
      }),
      "aria-invalid": errors[field] ? (true as const) : undefined,
    };
  }

  function invalid(found: FieldErrors<CardValues>) {
    const field = (Object.keys(found) as CardProblemField[])[0];
    if (!field) return;
    form.setFocus(field);
    toast({ ...CARD_PROBLEMS[field], variant: "destructive" });
  }

  const handleSubmit = form.handleSubmit((details) => {
    if (mode === "unconfigured") {
      // Nothing can be charged: say so with the 'being set up' message, and offer the wallet instead.
      setUnavailable(true);
      toast(UNAVAILABLE);
      return;
    }
    setStage("processing");
    void paySandbox(details);
  }, invalid);

  async function paySandbox(details: SubscriptionRequest) {
    const started = Date.now();
    try {
      // The name kept for the subscriber: the one /subscribe collected, else the cardholder's.
      const name = loadSubscriberDetails().name.trim() || details.name;
      // One key per payment: a retried request is answered once, with one grant and one receipt.
      await apiRequest(
        "POST",
        SANDBOX_CARD_PATH,
        { ...details, name },
        idempotencyHeaders(newIdempotencyKey()),
      );
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
    // Paid: nothing left to come back to.
    clearDraft(CARD_DRAFT);
    succeed(
      "Sandbox payment: no card was charged. You have 30 days of portal access. Taking you to the Document Portal...",
      details.email,
    );
  }

  const brand = cardBrand(form.watch("number"));

  return (
    <>
      <PaymentNote role="note" tone="info" title={NOTES[mode].title}>
        {NOTES[mode].text}
      </PaymentNote>
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

      <Form
        onSubmit={handleSubmit}
        onInput={draft.changed}
        // The details' check (the server's schema) is fetched while the payer types, not with the page.
        onFocus={() => void loadDetailsCheck()}
        aria-labelledby="card-details-heading"
        className="mt-6"
      >
        <fieldset disabled={stage !== "editing"} className="grid gap-5">
          <Field id="card-email" label="Email">
            <Input id="card-email" type="email" autoComplete="email" {...form.register("email")} />
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
              {...control("number", formatCardNumber)}
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
            {SHORT_FIELDS.map(({ field, label, hint, format, ...input }) => (
              <Field key={field} id={CONTROL_IDS[field]} label={label} required hint={hint}>
                <Input
                  {...control(field, format)}
                  inputMode="numeric"
                  {...input}
                  required
                  aria-describedby={describedBy(CONTROL_IDS[field], { hint: true })}
                />
              </Field>
            ))}
          </div>

          <Field id="card-name" label="Cardholder Name" required>
            <Input {...control("name")} autoComplete="cc-name" required />
          </Field>

          <BillingAddressFields registered={(key) => form.register(`billing.${key}`)} />

          <Button type="submit" size="lg" className="w-full">
            <Lock aria-hidden="true" />
            {SUBMIT_LABELS[stage]}
          </Button>
          <div className="flex flex-wrap items-center gap-3">
            <ClearDraft onClear={draft.clear} restored={draft.restored} />
          </div>
        </fieldset>
      </Form>
    </>
  );
}

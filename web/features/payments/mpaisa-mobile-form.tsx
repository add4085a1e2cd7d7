// A payment request to the payer's M-PAiSA wallet (POST /api/create-mpaisa-payment), checked first with the schema the
// server uses.
import { type MpaisaPaymentResponse, MpaisaPaymentSchema, normalizeLocalPhone } from "@shared/payment";
import { useMutation } from "@tanstack/react-query";
import { Send } from "lucide-react";
import { type ChangeEvent, type FormEvent, useState } from "react";
import { describedBy, Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { apiRequest } from "@/lib/query-client";
import { toast } from "@/lib/use-toast";
import { AmountField } from "./amount-field";
import { walletErrorToast } from "./payment-errors";
import { WalletSubmitButton } from "./wallet-submit-button";
import {
  type FieldErrors,
  fieldErrors,
  isSafeUrl,
  type WalletResult,
  type WalletValues,
} from "./wallet-values";

interface MpaisaMobileFormProps {
  values: WalletValues;
  onChange: (next: WalletValues) => void;
  onResult: (result: WalletResult) => void;
}

const FIELD_IDS: Record<keyof WalletValues, string> = {
  phone: "mpaisa-phone",
  email: "mpaisa-email",
  name: "mpaisa-name",
  amount: "mpaisa-amount",
};

export function MpaisaMobileForm({ values, onChange, onResult }: MpaisaMobileFormProps) {
  const [errors, setErrors] = useState<FieldErrors<keyof WalletValues>>({});

  const request = useMutation({
    mutationFn: async (payload: WalletValues) => {
      const res = await apiRequest("POST", "/api/create-mpaisa-payment", payload);
      return (await res.json()) as MpaisaPaymentResponse;
    },
    onSuccess: (response) => {
      toast({ title: "Payment Initiated", description: "Please complete the payment in your mPaisa app." });
      onResult({ method: "mobile", response });
      // Opened after the answer, so a popup blocker may stop it; the status panel links it too.
      if (isSafeUrl(response.checkoutUrl)) window.open(response.checkoutUrl, "_blank", "noopener,noreferrer");
    },
    onError: (error) => toast(walletErrorToast("Payment Failed", error)),
  });

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const payload = { ...values, phone: normalizeLocalPhone(values.phone) };
    const found = fieldErrors<keyof WalletValues>(MpaisaPaymentSchema.safeParse(payload));
    setErrors(found);
    const first = (Object.keys(FIELD_IDS) as (keyof WalletValues)[]).find((field) => found[field]);
    if (first) {
      document.getElementById(FIELD_IDS[first])?.focus();
      return;
    }
    request.mutate(payload);
  }

  function bind(field: keyof WalletValues) {
    const error = errors[field];
    return {
      id: FIELD_IDS[field],
      value: values[field],
      onChange: (event: ChangeEvent<HTMLInputElement>) =>
        onChange({ ...values, [field]: event.target.value }),
      required: true,
      "aria-invalid": error ? true : undefined,
    };
  }

  return (
    <form noValidate onSubmit={handleSubmit} aria-label="Mobile payment request" className="mt-6 grid gap-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <Field
          id={FIELD_IDS.phone}
          label="M-PAiSA Mobile Number"
          required
          hint="Your local number without the country code (+679), e.g. 9123456"
          error={errors.phone}
        >
          <Input
            {...bind("phone")}
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            placeholder="9123456"
            aria-describedby={describedBy(FIELD_IDS.phone, { hint: true, error: errors.phone })}
          />
        </Field>
        <Field id={FIELD_IDS.email} label="Email" required error={errors.email}>
          <Input
            {...bind("email")}
            type="email"
            autoComplete="email"
            aria-describedby={describedBy(FIELD_IDS.email, { error: errors.email })}
          />
        </Field>
        <Field id={FIELD_IDS.name} label="Full Name" required error={errors.name}>
          <Input
            {...bind("name")}
            autoComplete="name"
            aria-describedby={describedBy(FIELD_IDS.name, { error: errors.name })}
          />
        </Field>
        <AmountField
          id={FIELD_IDS.amount}
          value={values.amount}
          onChange={(amount) => onChange({ ...values, amount })}
          error={errors.amount}
        />
      </div>
      <WalletSubmitButton
        pending={request.isPending}
        icon={<Send aria-hidden="true" />}
        pendingText="Processing..."
      >
        Send Payment Request
      </WalletSubmitButton>
    </form>
  );
}

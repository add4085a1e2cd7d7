// A payment request to the payer's M-PAiSA wallet (POST /api/create-mpaisa-payment), checked first with the schema the
// server uses (the page's form, wallet-form.ts).
import type { MpaisaPaymentResponse } from "@shared/payment";
import { Send } from "lucide-react";
import { Field, fieldAria } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { toast } from "@/lib/use-toast";
import type { WalletForm } from "./wallet-form";
import { WalletFormShell } from "./wallet-form-shell";
import { isSafeUrl, type WalletResult, type WalletValues } from "./wallet-values";

interface MpaisaMobileFormProps {
  form: WalletForm;
  onResult: (result: WalletResult) => void;
}

/** The text fields, in the order they are laid out (and focused when invalid). */
const TEXT_FIELDS: readonly {
  name: Exclude<keyof WalletValues, "amount">;
  label: string;
  hint?: string;
  type: string;
  autoComplete: string;
  extra?: { inputMode: "numeric"; placeholder: string };
}[] = [
  {
    name: "phone",
    label: "M-PAiSA Mobile Number",
    hint: "Your local number without the country code (+679), e.g. 9123456",
    // "tel-national" (the number without +679, as the API wants it) is allowed on a text input, not on type="tel";
    // inputMode still brings up the number pad.
    type: "text",
    autoComplete: "tel-national",
    extra: { inputMode: "numeric", placeholder: "9123456" },
  },
  { name: "email", label: "Email", type: "email", autoComplete: "email" },
  { name: "name", label: "Full Name", type: "text", autoComplete: "name" },
];

export function MpaisaMobileForm({ form, onResult }: MpaisaMobileFormProps) {
  const { errors } = form.formState;

  return (
    <WalletFormShell
      form={form}
      label="Mobile payment request"
      endpoint="/api/create-mpaisa-payment"
      failureTitle="Payment Failed"
      onAnswer={(response: MpaisaPaymentResponse) => {
        toast({ title: "Payment Initiated", description: "Please complete the payment in your mPaisa app." });
        onResult({ method: "mobile", response });
        // Opened after the answer, so a popup blocker may stop it; the status panel links it too.
        if (isSafeUrl(response.checkoutUrl))
          window.open(response.checkoutUrl, "_blank", "noopener,noreferrer");
      }}
      order={["phone", "email", "name", "amount"]}
      amountId="mpaisa-amount"
      icon={<Send aria-hidden="true" />}
      pendingText="Processing..."
      submitText="Send Payment Request"
      twoColumns
    >
      {TEXT_FIELDS.map(({ name, label, hint, type, autoComplete, extra }) => {
        const id = `mpaisa-${name}`;
        const error = errors[name]?.message;
        return (
          <Field key={name} id={id} label={label} required hint={hint} error={error}>
            <Input
              id={id}
              type={type}
              autoComplete={autoComplete}
              required
              {...extra}
              {...form.register(name)}
              {...fieldAria(id, { hint: Boolean(hint), error })}
            />
          </Field>
        );
      })}
    </WalletFormShell>
  );
}

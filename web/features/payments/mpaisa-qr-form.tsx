// A QR code for the portal subscription (POST /api/generate-qr-payment), scanned with the M-PAiSA app. The payer's
// e-mail goes with it, so the payment is credited to them once it is confirmed.
import { QR_DESCRIPTION, type QrPaymentResponse } from "@shared/payment";
import { QrCode } from "lucide-react";
import { Field, fieldAria } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { toast } from "@/lib/use-toast";
import type { WalletForm } from "./wallet-form";
import { WalletFormShell } from "./wallet-form-shell";
import type { WalletResult } from "./wallet-values";

interface MpaisaQrFormProps {
  form: WalletForm;
  onResult: (result: WalletResult) => void;
}

export function MpaisaQrForm({ form, onResult }: MpaisaQrFormProps) {
  const error = form.formState.errors.email?.message;

  return (
    <WalletFormShell
      form={form}
      label="QR code payment"
      endpoint="/api/generate-qr-payment"
      failureTitle="QR Generation Failed"
      onAnswer={(response: QrPaymentResponse, payload) => {
        toast({ title: "QR Code Generated", description: "Scan it with the M-PAiSA app to pay." });
        onResult({ method: "qr", response, amount: payload.amount ?? "" });
      }}
      order={["email", "amount"]}
      amountId="qr-amount"
      icon={<QrCode aria-hidden="true" />}
      pendingText="Generating..."
      submitText="Generate QR Code"
    >
      <p className="text-sm text-slate-700">
        <span className="font-semibold text-slate-900">For:</span> {QR_DESCRIPTION}
      </p>
      <Field
        id="qr-email"
        label="Email"
        required
        hint="Your payment is credited to this address."
        error={error}
      >
        <Input
          id="qr-email"
          type="email"
          autoComplete="email"
          required
          {...form.register("email")}
          {...fieldAria("qr-email", { hint: true, error })}
        />
      </Field>
    </WalletFormShell>
  );
}

// A QR code for the portal subscription (POST /api/generate-qr-payment), scanned with the M-PAiSA app. The payer's
// e-mail goes with it, so the payment is credited to them once it is confirmed.
import { QR_DESCRIPTION, type QrPaymentResponse, QrPaymentSchema } from "@shared/payment";
import { useMutation } from "@tanstack/react-query";
import { QrCode } from "lucide-react";
import { type FormEvent, useState } from "react";
import { describedBy, Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { apiRequest } from "@/lib/query-client";
import { toast } from "@/lib/use-toast";
import { AmountField } from "./amount-field";
import { walletErrorToast } from "./payment-errors";
import { WalletSubmitButton } from "./wallet-submit-button";
import { type FieldErrors, fieldErrors, type WalletResult } from "./wallet-values";

interface MpaisaQrFormProps {
  amount: string;
  email: string;
  onAmountChange: (amount: string) => void;
  onEmailChange: (email: string) => void;
  onResult: (result: WalletResult) => void;
}

type QrField = "amount" | "description" | "email";

export function MpaisaQrForm({ amount, email, onAmountChange, onEmailChange, onResult }: MpaisaQrFormProps) {
  const [errors, setErrors] = useState<FieldErrors<QrField>>({});

  const generate = useMutation({
    mutationFn: async (payload: { amount: string; description: string; email: string }) => {
      const res = await apiRequest("POST", "/api/generate-qr-payment", payload);
      return (await res.json()) as QrPaymentResponse;
    },
    onSuccess: (response, payload) => {
      toast({ title: "QR Code Generated", description: "Scan it with the M-PAiSA app to pay." });
      onResult({ method: "qr", response, amount: payload.amount });
    },
    onError: (error) => toast(walletErrorToast("QR Generation Failed", error)),
  });

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const payload = { amount, description: QR_DESCRIPTION, email: email.trim() };
    const found = fieldErrors<QrField>(QrPaymentSchema.safeParse(payload));
    if (!payload.email) found.email = "Email is required, so that your payment can be credited to you";
    setErrors(found);
    if (found.email || found.amount) {
      document.getElementById(found.email ? "qr-email" : "qr-amount")?.focus();
      return;
    }
    generate.mutate(payload);
  }

  return (
    <form noValidate onSubmit={handleSubmit} aria-label="QR code payment" className="mt-6 grid gap-5">
      <p className="text-sm text-slate-700">
        <span className="font-semibold text-slate-900">For:</span> {QR_DESCRIPTION}
      </p>
      <Field
        id="qr-email"
        label="Email"
        required
        hint="Your payment is credited to this address."
        error={errors.email}
      >
        <Input
          id="qr-email"
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(event) => onEmailChange(event.target.value)}
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={describedBy("qr-email", { hint: true, error: errors.email })}
        />
      </Field>
      <AmountField id="qr-amount" value={amount} onChange={onAmountChange} error={errors.amount} />
      <WalletSubmitButton
        pending={generate.isPending}
        icon={<QrCode aria-hidden="true" />}
        pendingText="Generating..."
      >
        Generate QR Code
      </WalletSubmitButton>
    </form>
  );
}

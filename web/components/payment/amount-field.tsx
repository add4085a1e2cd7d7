import { CURRENCY, formatMoney, SUBSCRIPTION, WALLET_PAYMENT } from "@shared/constants";
import { Input } from "@/components/ui/input";
import { describedBy, PaymentField } from "./payment-field";

interface AmountFieldProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
}

/** SPEC section 5: numeric, step 0.01, min 1, in FJD. */
export function AmountField({ id, value, onChange, error }: AmountFieldProps) {
  return (
    <PaymentField
      id={id}
      label={`Amount (${CURRENCY})`}
      required
      hint={`Minimum ${formatMoney(WALLET_PAYMENT.minAmount * 100)}. The Document Portal subscription is ${formatMoney(SUBSCRIPTION.priceCents)} a month.`}
      error={error}
    >
      <Input
        id={id}
        type="number"
        inputMode="decimal"
        min={WALLET_PAYMENT.minAmount}
        step={WALLET_PAYMENT.step}
        required
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, { hint: true, error })}
      />
    </PaymentField>
  );
}

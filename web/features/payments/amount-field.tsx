import { CURRENCY, SUBSCRIPTION, WALLET_PAYMENT } from "@shared/constants";
import { formatFjd } from "@shared/money-format";
import { walletDaysText } from "@shared/payment";
import type { UseFormRegisterReturn } from "react-hook-form";
import { Field, fieldAria } from "@/components/ui/field";
import { Input } from "@/components/ui/input";

interface AmountFieldProps {
  id: string;
  /** The amount as typed, for the "buys" line. */
  value: string;
  registered: UseFormRegisterReturn;
  error?: string;
}

/**
 * Numeric, step 0.01, min 1, in FJD. Under it, what the amount buys before anyone pays ("FJD 25.00 buys 15 days of
 * portal access"), announced politely as the amount changes.
 */
export function AmountField({ id, value, registered, error }: AmountFieldProps) {
  const buys = walletDaysText(value);
  return (
    <Field
      id={id}
      label={`Amount (${CURRENCY})`}
      required
      hint={
        <>
          <span className="block font-semibold text-slate-900" aria-live="polite">
            {buys ?? "Enter an amount to see how many days of portal access it buys."}
          </span>
          {`Minimum ${formatFjd(WALLET_PAYMENT.minAmount * 100)}. The Document Portal subscription is ${formatFjd(SUBSCRIPTION.priceCents)} a month (30 days).`}
        </>
      }
      error={error}
    >
      <Input
        id={id}
        type="number"
        inputMode="decimal"
        min={WALLET_PAYMENT.minAmount}
        step={WALLET_PAYMENT.step}
        required
        {...registered}
        {...fieldAria(id, { hint: true, error })}
      />
    </Field>
  );
}

import type { ReactNode } from "react";
import { PendingButton } from "@/components/ui/pending-button";
import { AmountField } from "./amount-field";
import type { WalletForm, WalletPayload } from "./wallet-form";
import type { WalletValues } from "./wallet-values";

interface WalletFormShellProps {
  form: WalletForm;
  /** The form's accessible name. */
  label: string;
  onValid: (payload: WalletPayload) => void;
  /** This option's fields in page order: the first invalid one gets the focus. */
  order: readonly (keyof WalletValues)[];
  /** The id of this option's amount control. */
  amountId: string;
  pending: boolean;
  icon: ReactNode;
  /** The button's text while the request runs, e.g. "Processing...". */
  pendingText: string;
  submitText: string;
  /** The option's own fields, above the amount. */
  children: ReactNode;
  /** Lays the fields and the amount out two to a row. */
  twoColumns?: boolean;
}

/**
 * What both M-PAiSA options share: the form checked by the page's schema, the amount field last, and the submit button
 * that keeps its icon and changes its text while the request runs.
 */
export function WalletFormShell({
  form,
  label,
  onValid,
  order,
  amountId,
  pending,
  icon,
  pendingText,
  submitText,
  children,
  twoColumns = false,
}: WalletFormShellProps) {
  const error = form.formState.errors.amount?.message;
  // Both options register into one form, so react-hook-form's own order would follow whichever was shown first.
  const onSubmit = form.handleSubmit(onValid, (found) => {
    const first = order.find((name) => found[name]);
    if (first) form.setFocus(first);
  });
  const fields = (
    <>
      {children}
      <AmountField
        id={amountId}
        value={form.watch("amount")}
        registered={form.register("amount")}
        error={error}
      />
    </>
  );
  return (
    <form noValidate onSubmit={onSubmit} aria-label={label} className="mt-6 grid gap-5">
      {twoColumns ? <div className="grid gap-5 sm:grid-cols-2">{fields}</div> : fields}
      <div>
        <PendingButton
          type="submit"
          size="lg"
          variant="accent"
          pending={pending}
          icon={icon}
          pendingText={pendingText}
          className="w-full sm:w-auto"
        >
          {submitText}
        </PendingButton>
      </div>
    </form>
  );
}

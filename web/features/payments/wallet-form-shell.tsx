import { useMutation } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { ClearDraft } from "@/components/forms/clear-draft";
import { Form } from "@/components/ui/form";
import { PendingButton } from "@/components/ui/pending-button";
import { clearDraft, useFormDraft } from "@/lib/form-draft";
import { apiRequest } from "@/lib/query-client";
import { toast } from "@/lib/use-toast";
import { AmountField } from "./amount-field";
import { paymentDraft } from "./payment-draft";
import { type WalletFailureTitle, walletErrorToast } from "./payment-errors";
import type { WalletForm, WalletPayload } from "./wallet-form";
import { WALLET_FORM_ID } from "./wallet-form";
import { EMPTY_WALLET_VALUES, type WalletValues } from "./wallet-values";

/** Both options edit one form, so they keep one draft. */
const WALLET_DRAFT = "wallet-payment";

interface WalletFormShellProps<Answer> {
  form: WalletForm;
  /** The form's accessible name. */
  label: string;
  /** Where the checked values are posted. */
  endpoint: string;
  /** What the server answered to `payload`. */
  onAnswer: (answer: Answer, payload: WalletPayload) => void;
  /** The title of the toast when the request fails. */
  failureTitle: WalletFailureTitle;
  /** This option's fields in page order: the first invalid one gets the focus. */
  order: readonly (keyof WalletValues)[];
  /** The id of this option's amount control. */
  amountId: string;
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
 * What both M-PAiSA options share: the form checked by the page's schema, its request, the amount field last, the
 * submit button, which says what is happening while the request runs, and the draft kept on this device until a
 * request is accepted (never the request itself: a payment request is sent only while the payer is there).
 */
export function WalletFormShell<Answer>({
  form,
  label,
  endpoint,
  onAnswer,
  failureTitle,
  order,
  amountId,
  icon,
  pendingText,
  submitText,
  children,
  twoColumns = false,
}: WalletFormShellProps<Answer>) {
  const draft = useFormDraft(
    WALLET_DRAFT,
    paymentDraft(form, EMPTY_WALLET_VALUES, ["phone", "email", "name", "amount"]),
  );
  const request = useMutation({
    mutationFn: async (payload: WalletPayload) => {
      const res = await apiRequest("POST", endpoint, payload);
      return (await res.json()) as Answer;
    },
    onSuccess: (answer: Answer, payload: WalletPayload) => {
      clearDraft(WALLET_DRAFT);
      onAnswer(answer, payload);
    },
    onError: (error) => toast(walletErrorToast(failureTitle, error)),
  });
  const error = form.formState.errors.amount?.message;
  // Both options register into one form, so react-hook-form's own order would follow whichever was shown first.
  const onSubmit = form.handleSubmit(
    (payload) => request.mutate(payload),
    (found) => {
      const first = order.find((name) => found[name]);
      if (first) form.setFocus(first);
    },
  );
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
    <Form
      id={WALLET_FORM_ID}
      onSubmit={onSubmit}
      onInput={draft.changed}
      aria-label={label}
      className="mt-6 grid gap-5"
    >
      {twoColumns ? <div className="grid gap-5 sm:grid-cols-2">{fields}</div> : fields}
      <div className="flex flex-wrap items-center gap-3">
        <PendingButton
          type="submit"
          size="lg"
          variant="accent"
          pending={request.isPending}
          icon={icon}
          pendingText={pendingText}
          className="w-full sm:w-auto"
        >
          {submitText}
        </PendingButton>
        <ClearDraft onClear={draft.clear} restored={draft.restored} />
      </div>
    </Form>
  );
}

// Approve or reject a requested refund, each asked in a dialog that says what happens. Approving a card payment's
// refund refunds it through Stripe at once; an M-PAiSA, bank or cash refund is made by staff first, so approving it
// asks for that refund's receipt number. Rejecting asks for the reason, which is kept with the request.
import { ApproveRefundSchema, RejectRefundSchema } from "@shared/course-payment";
import { formatFjd } from "@shared/money-format";
import { useQueryClient } from "@tanstack/react-query";
import { Check, X } from "lucide-react";
import type { ZodMiniType } from "zod/mini";
import { FormAlert } from "@/components/ui/field";
import { IconLabel } from "@/components/ui/icon-label";
import { useSchemaForm } from "@/components/ui/schema-form";
import { TextField } from "@/components/ui/text-field";
import { httpStatus } from "@/features/staff/api";
import { ConfirmDialog, useConfirmAction } from "@/features/staff/confirm-dialog";
import { toastFailure } from "@/features/staff/failure-toast";
import { useIsOwner } from "@/features/staff-accounts/use-owner";
import { toast } from "@/lib/use-toast";
import { METHOD_TEXT } from "./fee-text";
import { invalidateTraining, type StaffRefund, trainingApi } from "./staff-api";

type Values = { text?: string };

interface DecisionProps {
  refund: StaffRefund;
  /** The shared schema of the request's body, its one text field under `field`. */
  schema: ZodMiniType<Record<string, string | undefined>, Record<string, string | undefined>>;
  field: "receiptNumber" | "reason";
  /** The text field's label, or nothing when the decision needs none (a card refund). */
  label: string | null;
  send: (text: string | undefined) => Promise<StaffRefund>;
  words: {
    trigger: string;
    title: string;
    description: string;
    confirm: string;
    pending: string;
    done: string;
    failed: string;
  };
  destructive?: boolean;
}

function RefundDecision({ refund, schema, field, label, send, words, destructive }: DecisionProps) {
  const queryClient = useQueryClient();
  const form = useSchemaForm(schema, label ? { [field]: "" } : {}, { focusError: false });
  const problem = form.formState.errors[field]?.message;
  const decide = useConfirmAction({
    mutationFn: (values: Values) => send(values.text),
    onSuccess: async () => {
      toast({ title: words.done, description: `${formatFjd(refund.amountCents)} for ${who(refund)}.` });
      form.reset();
      await invalidateTraining.fees(queryClient);
    },
    onError: async (error) => {
      if (!toastFailure(words.failed, error)) return;
      // Decided meanwhile (another staff member): the list shows where it stands now.
      if (httpStatus(error) === 409) {
        decide.dialog.setOpen(false);
        await invalidateTraining.fees(queryClient);
      }
    },
  });
  const id = `refund-${refund.id}-${field}`;
  return (
    <ConfirmDialog
      {...decide.confirm}
      trigger={
        <IconLabel icon={destructive ? X : Check} detail={` the refund for ${who(refund)}`}>
          {words.trigger}
        </IconLabel>
      }
      triggerVariant={destructive ? "outline" : "default"}
      title={words.title}
      description={words.description}
      confirmLabel={words.confirm}
      pendingLabel={words.pending}
      confirmVariant={destructive ? "destructive" : "default"}
      onConfirm={form.handleSubmit((values) => decide.mutate({ text: values[field] }))}
    >
      {label && (
        <div className="grid gap-3">
          <TextField id={id} label={label} required autoComplete="off" {...form.register(field)} />
          <FormAlert
            message={typeof problem === "string" ? problem : undefined}
            className="font-normal text-red-700"
          />
        </div>
      )}
    </ConfirmDialog>
  );
}

const who = (refund: StaffRefund) => refund.email ?? `payment ${refund.paymentId}`;

export function RefundDecisions({ refund }: { refund: StaffRefund }) {
  const amount = formatFjd(refund.amountCents);
  const card = refund.method === "card";
  // Refund decisions move money: owners only (the server answers staff 403).
  if (!useIsOwner()) return <span className="text-sm text-slate-600">An owner decides</span>;
  return (
    <div className="flex gap-2">
      <RefundDecision
        refund={refund}
        schema={ApproveRefundSchema}
        field="receiptNumber"
        label={card ? null : "Refund receipt number"}
        send={(receiptNumber) => trainingApi.approveRefund(refund.id, receiptNumber)}
        words={{
          trigger: "Approve",
          title: `Approve the refund of ${amount}?`,
          description: card
            ? `${amount} is refunded to ${who(refund)}'s card through Stripe now. This cannot be undone.`
            : `Make the refund of ${amount} to ${who(refund)} first (${METHOD_TEXT[refund.method]} payment), then enter its receipt number: the M-PAiSA reversal, the bank transfer or the cash voucher. The request is recorded as refunded.`,
          confirm: "Approve refund",
          pending: "Approving...",
          done: "Refund approved",
          failed: "Could not approve the refund",
        }}
      />
      <RefundDecision
        refund={refund}
        schema={RejectRefundSchema}
        field="reason"
        label="Reason"
        send={(reason) => trainingApi.rejectRefund(refund.id, reason ?? "")}
        words={{
          trigger: "Reject",
          title: `Reject the refund of ${amount}?`,
          description: `Nothing is refunded to ${who(refund)}. The reason is kept with the request and in the activity log.`,
          confirm: "Reject refund",
          pending: "Rejecting...",
          done: "Refund rejected",
          failed: "Could not reject the refund",
        }}
        destructive
      />
    </div>
  );
}

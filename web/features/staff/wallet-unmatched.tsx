// Money that arrived but names nobody (an old QR code, a payer who gave no address): listed apart, so staff can find
// the payer and assign the payment to them, which credits its days like any wallet payment (audited).
import { formatFjd } from "@shared/money-format";
import { WalletAssignmentSchema, walletDaysText } from "@shared/payment";
import { useQueryClient } from "@tanstack/react-query";
import { UserPlus } from "lucide-react";
import { FormAlert } from "@/components/ui/field";
import { IconLabel } from "@/components/ui/icon-label";
import { useSchemaForm } from "@/components/ui/schema-form";
import { TextField } from "@/components/ui/text-field";
import { type AdminWalletPayment, adminApi, adminQueries, invalidate, PAGE_SIZE } from "@/features/staff/api";
import { toast } from "@/lib/use-toast";
import { ConfirmDialog, useConfirmAction } from "./confirm-dialog";
import { toastFailure } from "./failure-toast";
import { actionsColumn, CELL, StaffTable } from "./staff-table";
import { useListQuery } from "./use-pages";
import { walletColumns, walletTable } from "./wallet-payments-table";

const TABLE = walletTable({
  label: "Unmatched wallet payments",
  caption: "Completed M-PAiSA payments that name no subscriber",
  columns: [
    walletColumns.reference,
    walletColumns.amount,
    {
      heading: "M-PAiSA transaction",
      className: CELL.nowrap,
      cell: (payment) => payment.providerTransactionId ?? "—",
    },
    walletColumns.createdAt("Received"),
    actionsColumn((payment) => <AssignDialog payment={payment} />),
  ],
});

export function UnmatchedWalletPayments() {
  const list = useListQuery(
    adminQueries.walletPayments({ status: "unmatched", limit: PAGE_SIZE, offset: 0 }),
  );
  const items = list.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="unmatched-title" className="grid gap-3">
      <h3 id="unmatched-title" className="text-lg font-semibold text-slate-900">
        Unmatched payments
      </h3>
      <p className="text-sm text-slate-600">
        Received, but naming no subscriber, so nothing was credited. Find the payer and assign the payment to
        them.
      </p>
      <StaffTable spec={TABLE} rows={items} stale={list.isPlaceholderData} />
    </section>
  );
}

function AssignDialog({ payment }: { payment: AdminWalletPayment }) {
  const queryClient = useQueryClient();
  const form = useSchemaForm(WalletAssignmentSchema, { email: "" }, { focusError: false });
  const id = `assign-email-${payment.reference}`;
  const assign = useConfirmAction({
    mutationFn: (to: string) => adminApi.assignWalletPayment(payment.reference, to),
    onSuccess: async ({ email: to }) => {
      toast({ title: "Payment assigned", description: `${to} has been credited for ${payment.reference}.` });
      await invalidate.walletPayments(queryClient);
    },
    onError: async (error) => {
      if (!toastFailure("Could not assign the payment", error)) return;
      await invalidate.walletPayments(queryClient);
    },
  });
  const buys = walletDaysText((payment.amountCents / 100).toFixed(2));
  return (
    <ConfirmDialog
      {...assign.confirm}
      trigger={
        <IconLabel icon={UserPlus} detail={` payment ${payment.reference}`}>
          Assign
        </IconLabel>
      }
      title={`Assign payment ${payment.reference}?`}
      description={`${buys ?? formatFjd(payment.amountCents)}. Enter the subscriber's e-mail address.`}
      confirmLabel="Assign payment"
      pendingLabel="Assigning..."
      onConfirm={form.handleSubmit(({ email }) => assign.mutate(email))}
    >
      <div className="grid gap-3">
        <TextField id={id} label="Subscriber's e-mail" required type="email" {...form.register("email")} />
        <FormAlert message={form.formState.errors.email?.message} className="font-normal text-red-700" />
      </div>
    </ConfirmDialog>
  );
}

// Confirming a wallet payment grants access as if M-PAiSA had called back, so it asks first and names the payment.
import { formatMoney, SUBSCRIPTION } from "@shared/constants";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { BadgeCheck } from "lucide-react";
import { type AdminWalletPayment, adminApi, httpStatus, invalidate, serverMessage } from "@/lib/admin-api";
import { toast } from "@/lib/use-toast";
import { ConfirmDialog, useConfirmDialog } from "./confirm-dialog";
import { formatFijiDate } from "./format";

export function ConfirmWalletPaymentDialog({ payment }: { payment: AdminWalletPayment }) {
  const queryClient = useQueryClient();
  const dialog = useConfirmDialog();
  const { reference } = payment;

  const confirm = useMutation({
    mutationFn: () => adminApi.confirmWalletPayment(reference),
    onSuccess: async ({ accessUntil }) => {
      dialog.finish();
      toast({
        title: "Payment confirmed",
        description:
          payment.email && accessUntil
            ? `${payment.email} has Document Portal access until ${formatFijiDate(accessUntil)}.`
            : `Payment ${reference} is recorded as paid.`,
      });
      await invalidate.walletPayments(queryClient);
    },
    onError: async (error) => {
      // A 401 ends the session: the dashboard is already on its way to /admin.
      if (httpStatus(error) === 401) return;
      toast({
        title: "Could not confirm the payment",
        description: serverMessage(error) ?? "Failed to confirm the payment",
        variant: "destructive",
      });
      // Settled meanwhile (a late callback, another staff member): the list shows what is still pending.
      if (httpStatus(error) === 409 || httpStatus(error) === 404) {
        dialog.setOpen(false);
        await invalidate.walletPayments(queryClient);
      }
    },
  });

  return (
    <ConfirmDialog
      dialog={dialog}
      pending={confirm.isPending}
      trigger={
        <>
          <BadgeCheck aria-hidden="true" />
          Confirm payment
          {/* Every row has one: the hidden part tells screen-reader users which payment each one confirms. */}
          <span className="sr-only"> {reference}</span>
        </>
      }
      title={`Confirm payment ${reference}?`}
      description={
        <>
          Confirm only once {formatMoney(payment.amountCents)} has reached the M-PAiSA merchant account.
          {payment.email ? (
            <>
              {" "}
              <span className="break-all font-medium text-slate-900">{payment.email}</span> gets a month of
              Document Portal access for each {formatMoney(SUBSCRIPTION.priceCents)} paid.
            </>
          ) : (
            " This QR payment has no e-mail address, so no access is granted with it."
          )}
        </>
      }
      confirmLabel="Confirm payment"
      pendingLabel="Confirming..."
      onConfirm={() => confirm.mutate()}
    />
  );
}

// Confirming a wallet payment grants access as if M-PAiSA had confirmed it, so it asks first, names the payment, and
// takes the amount and receipt number from the merchant statement: what is credited is what staff saw arrive, never
// the amount the payer typed. Staff type the amount in FJD as they write money (shared/money.ts); the API keeps the
// public wallet's decimal text ("25.00"), which the form writes from the cents.
import { FjdAmountSchema, parseFjdToCents } from "@shared/money";
import { formatFjd } from "@shared/money-format";
import { type WalletConfirmation, WalletConfirmationSchema, walletDaysText } from "@shared/payment";
import { useQueryClient } from "@tanstack/react-query";
import { BadgeCheck } from "lucide-react";
import * as z from "zod/mini";
import { FormAlert } from "@/components/ui/field";
import { IconLabel } from "@/components/ui/icon-label";
import { firstError, useSchemaForm } from "@/components/ui/schema-form";
import { TextField } from "@/components/ui/text-field";
import { type AdminWalletPayment, adminApi, httpStatus, invalidate } from "@/features/staff/api";
import { toast } from "@/lib/use-toast";
import { ConfirmDialog, useConfirmAction } from "./confirm-dialog";
import { toastFailure } from "./failure-toast";
import { formatFijiDate } from "./format";

/** Integer cents as the API's decimal text: 2550 -> "25.50". */
const decimalText = (cents: number) => (cents / 100).toFixed(2);

const ConfirmFormSchema = z.object({
  amount: z.pipe(z.pipe(FjdAmountSchema, z.transform(decimalText)), WalletConfirmationSchema.shape.amount),
  receipt: WalletConfirmationSchema.shape.receipt,
});

/** What the typed amount buys, once it is an amount. */
function buysText(typed: string): string | undefined {
  const cents = parseFjdToCents(typed);
  return cents === null ? undefined : (walletDaysText(decimalText(cents)) ?? undefined);
}

export function ConfirmWalletPaymentDialog({ payment }: { payment: AdminWalletPayment }) {
  const queryClient = useQueryClient();
  const { reference } = payment;

  // The message sits under the inputs, as in every staff dialog; the focus stays where it was.
  const form = useSchemaForm(ConfirmFormSchema, { amount: "", receipt: "" }, { focusError: false });
  const problem = firstError(form.formState.errors, ["amount", "receipt"]);
  const amount = form.watch("amount");
  const ids = { amount: `confirm-amount-${reference}`, receipt: `confirm-receipt-${reference}` };

  const settle = useConfirmAction({
    mutationFn: (received: WalletConfirmation) => adminApi.confirmWalletPayment(reference, received),
    onSuccess: async ({ accessUntil }) => {
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
      if (!toastFailure("Could not confirm the payment", error, "Failed to confirm the payment")) return;
      // Settled meanwhile (a late callback, another staff member): the list shows what is still pending.
      if (httpStatus(error) === 409 || httpStatus(error) === 404) {
        settle.dialog.setOpen(false);
        await invalidate.walletPayments(queryClient);
      }
    },
  });

  return (
    <ConfirmDialog
      {...settle.confirm}
      // Every row has one: the hidden part tells screen-reader users which payment each one confirms.
      trigger={
        <IconLabel icon={BadgeCheck} detail={` ${reference}`}>
          Confirm payment
        </IconLabel>
      }
      title={`Confirm payment ${reference}?`}
      description={
        <>
          The payer asked to pay {formatFjd(payment.amountCents)}. Enter what the M-PAiSA merchant statement
          shows arrived.
          {payment.email ? (
            <>
              {" "}
              <span className="break-all font-medium text-slate-900">{payment.email}</span> gets Document
              Portal access for the amount received.
            </>
          ) : (
            " This payment has no e-mail address, so no access is granted with it."
          )}
        </>
      }
      confirmLabel="Confirm payment"
      pendingLabel="Confirming..."
      onConfirm={form.handleSubmit((received) => settle.mutate(received))}
    >
      <div className="grid gap-4">
        <TextField
          id={ids.amount}
          label="Amount received (FJD)"
          required
          hint={buysText(amount)}
          inputMode="decimal"
          autoComplete="off"
          {...form.register("amount")}
        />
        <TextField
          id={ids.receipt}
          label="M-PAiSA receipt number"
          required
          autoComplete="off"
          {...form.register("receipt")}
        />
        <FormAlert message={problem} className="font-normal text-red-700" />
      </div>
    </ConfirmDialog>
  );
}

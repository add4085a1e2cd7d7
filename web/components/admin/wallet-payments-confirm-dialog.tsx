// Confirming a wallet payment grants access as if M-PAiSA had called back, so it asks first and names the payment.
import { formatMoney, SUBSCRIPTION } from "@shared/constants";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { BadgeCheck, LoaderCircle } from "lucide-react";
import { useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/components/ui/dialog";
import { type AdminWalletPayment, adminApi, httpStatus, invalidate, serverMessage } from "@/lib/admin-api";
import { toast } from "@/lib/use-toast";
import { formatFijiDate } from "./subscribers-table";

export function ConfirmWalletPaymentDialog({ payment }: { payment: AdminWalletPayment }) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const { reference } = payment;
  const triggerRef = useRef<HTMLButtonElement>(null);
  const confirmed = useRef(false);

  const confirm = useMutation({
    mutationFn: () => adminApi.confirmWalletPayment(reference),
    onSuccess: async ({ accessUntil }) => {
      confirmed.current = true;
      setOpen(false);
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
        setOpen(false);
        await invalidate.walletPayments(queryClient);
      }
    },
  });

  return (
    <Dialog open={open} onOpenChange={(next) => !confirm.isPending && setOpen(next)}>
      <DialogTrigger asChild>
        <Button ref={triggerRef} size="sm" variant="outline">
          <BadgeCheck aria-hidden="true" />
          Confirm payment
          {/* Every row has one: the hidden part tells screen-reader users which payment each one confirms. */}
          <span className="sr-only"> {reference}</span>
        </Button>
      </DialogTrigger>
      <DialogContent
        onCloseAutoFocus={(event) => {
          // The row goes away once confirmed, so focus would fall to the page: keep it on the list.
          if (!confirmed.current) return;
          event.preventDefault();
          triggerRef.current?.closest<HTMLElement>('[role="region"]')?.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle>Confirm payment {reference}?</DialogTitle>
          <DialogDescription>
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
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline" disabled={confirm.isPending}>
              Cancel
            </Button>
          </DialogClose>
          <Button onClick={() => confirm.mutate()} disabled={confirm.isPending}>
            {confirm.isPending && (
              <LoaderCircle className="animate-spin motion-reduce:animate-none" aria-hidden="true" />
            )}
            {confirm.isPending ? "Confirming..." : "Confirm payment"}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

// A card subscriber's own controls. Cancelling happens here (POST /api/subscription/cancel stops renewals; access
// runs to the end of the paid period, and the page then says when that is). Changing the card or reading invoices
// happens in Stripe's customer portal: POST /api/billing-portal opens a session and answers its address.
import type { BillingPortalSchema, SubscriptionCancelledSchema } from "@shared/contracts/payments";
import type { Wire } from "@shared/wire";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { CalendarX, CreditCard } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { DialogActions, DialogFrame } from "@/components/ui/dialog";
import { PendingButton } from "@/components/ui/pending-button";
import { apiRequest } from "@/lib/query-client";
import { serverMessage } from "@/lib/submission";
import { toast } from "@/lib/use-toast";
import { CURRENT_USER_KEY, formatAccessEnd, type PortalUser } from "./use-portal-user";

async function openBillingPortal(): Promise<string> {
  const res = await apiRequest("POST", "/api/billing-portal");
  // Checked, not trusted: only a web address may become the next page.
  const { url } = (await res.json()) as Partial<Wire<typeof BillingPortalSchema>>;
  if (typeof url !== "string" || !/^https?:\/\//.test(url)) throw new Error("No billing portal address");
  return url;
}

async function cancelSubscription(): Promise<string | null> {
  const res = await apiRequest("POST", "/api/subscription/cancel");
  const { cancelAt } = (await res.json()) as Partial<Wire<typeof SubscriptionCancelledSchema>>;
  return typeof cancelAt === "string" ? cancelAt : null;
}

/** Shown only to subscribers who pay by card; wallet payers renew by paying again. */
export function ManageSubscription({ user }: { user: PortalUser }) {
  const open = useMutation({
    mutationFn: openBillingPortal,
    onSuccess: (url) => window.location.assign(url),
    onError: (error) =>
      toast({
        title: "Could not open subscription management",
        description: serverMessage(error) ?? "Please try again in a moment.",
        variant: "destructive",
      }),
  });
  const subscription = user.subscription;
  if (subscription?.provider !== "stripe") return null;
  const renewing = subscription.status !== "canceled" && !subscription.cancelAt;

  return (
    <div className="mt-4 flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:flex-row sm:items-center sm:justify-between sm:p-5">
      <div className="text-sm leading-relaxed text-slate-700">
        {subscription.cancelAt && (
          <p className="font-semibold text-slate-900">
            Your subscription is cancelled: it will not renew, and your access ends on{" "}
            {formatAccessEnd(subscription.cancelAt)}.
          </p>
        )}
        <p className={subscription.cancelAt ? "mt-1" : undefined}>
          Update your card, download invoices{renewing ? " or cancel your subscription" : ""} on our card
          provider's secure page.
        </p>
      </div>
      <div className="flex shrink-0 flex-col gap-2 sm:flex-row">
        {renewing && <CancelSubscription accessEnd={subscription.currentPeriodEnd} />}
        <PendingButton
          type="button"
          variant="outline"
          pending={open.isPending || open.isSuccess}
          icon={<CreditCard aria-hidden="true" />}
          onClick={() => open.mutate()}
        >
          Manage subscription
        </PendingButton>
      </div>
    </div>
  );
}

/** Asks first: cancelling is easy to press and the subscriber should know what they keep. */
function CancelSubscription({ accessEnd }: { accessEnd: string | null }) {
  const [confirming, setConfirming] = useState(false);
  const queryClient = useQueryClient();
  const cancel = useMutation({
    mutationFn: cancelSubscription,
    onSuccess: async (cancelAt) => {
      setConfirming(false);
      toast({
        title: "Subscription cancelled",
        description: cancelAt
          ? `It will not renew. Your access continues until ${formatAccessEnd(cancelAt)}.`
          : "It will not renew.",
      });
      await queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY });
    },
    onError: (error) =>
      toast({
        title: "Could not cancel your subscription",
        description: serverMessage(error) ?? "Please try again in a moment.",
        variant: "destructive",
      }),
  });

  return (
    <DialogFrame
      open={confirming}
      onOpenChange={(next) => !cancel.isPending && setConfirming(next)}
      trigger={
        <Button type="button" variant="ghost">
          <CalendarX aria-hidden="true" />
          Cancel subscription
        </Button>
      }
      title="Cancel your subscription?"
      description={`Your card will not be charged again.${
        accessEnd ? ` You keep full access until ${formatAccessEnd(accessEnd)}, then downloads stop.` : ""
      }`}
    >
      <DialogActions closeLabel="Keep my subscription">
        <PendingButton
          type="button"
          variant="destructive"
          pending={cancel.isPending}
          onClick={() => cancel.mutate()}
        >
          Cancel at the end of the period
        </PendingButton>
      </DialogActions>
    </DialogFrame>
  );
}

// Card subscribers change their card, see their invoices or cancel in Stripe's customer portal: POST
// /api/billing-portal opens a session for the signed-in subscriber and answers its address.
import { useMutation } from "@tanstack/react-query";
import { CreditCard, LoaderCircle } from "lucide-react";
import { Button } from "@/components/ui/button";
import { apiRequest } from "@/lib/query-client";
import { serverMessage } from "@/lib/submission";
import { toast } from "@/lib/use-toast";
import type { PortalUser } from "./use-portal-user";

async function openBillingPortal(): Promise<string> {
  const res = await apiRequest("POST", "/api/billing-portal");
  const { url } = (await res.json()) as { url?: unknown };
  // Only a web address may become the next page.
  if (typeof url !== "string" || !/^https?:\/\//.test(url)) throw new Error("No billing portal address");
  return url;
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
  if (user.subscription?.provider !== "stripe") return null;

  return (
    <div className="mt-4 flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:flex-row sm:items-center sm:justify-between sm:p-5">
      <p className="text-sm leading-relaxed text-slate-700">
        Update your card, download invoices or cancel your subscription on our card provider's secure page.
      </p>
      <Button
        type="button"
        variant="outline"
        className="shrink-0"
        disabled={open.isPending || open.isSuccess}
        onClick={() => open.mutate()}
      >
        {open.isPending || open.isSuccess ? (
          <LoaderCircle className="animate-spin motion-reduce:animate-none" aria-hidden="true" />
        ) : (
          <CreditCard aria-hidden="true" />
        )}
        Manage subscription
      </Button>
    </div>
  );
}

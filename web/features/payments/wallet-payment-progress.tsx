// Under the wallet status: what the current status means for the payer and what to do next.
import { CircleCheck, CircleX, LoaderCircle, LogIn, RotateCw } from "lucide-react";
import { Button, buttonVariants } from "@/components/ui/button";
import type { WalletPaymentStatus } from "./use-wallet-payment-status";

/** Sign-in returns to the portal, where the month just paid for opens the downloads. */
const SIGN_IN_TO_PORTAL = `/api/login?returnTo=${encodeURIComponent("/portal")}`;

interface WalletPaymentProgressProps {
  status: WalletPaymentStatus | string;
  /** The page stopped asking with the payment still pending. */
  expired: boolean;
  onCheckAgain: () => void;
}

export function WalletPaymentProgress({ status, expired, onCheckAgain }: WalletPaymentProgressProps) {
  if (status === "completed") {
    return (
      <div className="mt-5 grid gap-4 rounded-lg border border-green-200 bg-green-50 p-4 text-sm text-slate-900">
        <p className="flex gap-2">
          <CircleCheck className="mt-0.5 size-4 shrink-0 text-green-800" aria-hidden="true" />
          Payment received. Sign in to the Document Portal with the e-mail address you paid with to download
          the documents.
        </p>
        <div>
          <a href={SIGN_IN_TO_PORTAL} className={buttonVariants({ variant: "default" })}>
            <LogIn aria-hidden="true" />
            Sign in to the Document Portal
          </a>
        </div>
      </div>
    );
  }
  if (status === "failed") {
    return (
      <p className="mt-5 flex gap-2 rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-slate-900">
        <CircleX className="mt-0.5 size-4 shrink-0 text-red-800" aria-hidden="true" />
        The payment did not go through and nothing was taken from your wallet. Check your details and send a
        new request.
      </p>
    );
  }
  if (expired) {
    return (
      <div className="mt-5 flex flex-wrap items-center gap-3 text-sm text-slate-700">
        <p>We stopped checking this payment. If you have approved it, check again.</p>
        <Button type="button" variant="outline" size="sm" onClick={onCheckAgain}>
          <RotateCw aria-hidden="true" />
          Check again
        </Button>
      </div>
    );
  }
  return (
    <p className="mt-5 flex items-center gap-2 text-sm text-slate-700">
      <LoaderCircle className="size-4 animate-spin motion-reduce:animate-none" aria-hidden="true" />
      Waiting for the payment to be approved. This panel updates by itself.
    </p>
  );
}

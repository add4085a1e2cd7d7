// The card form arrives with the payments work and replaces this component's body; the section, its heading and
// the M-PAiSA alternative stay.
import { Lock, Smartphone } from "lucide-react";
import { Link } from "wouter";
import { buttonVariants } from "@/components/ui/button";
import { Panel } from "@/components/ui/panel";

export function CardPaymentSection() {
  return (
    <Panel headingId="card-details-heading" heading="Card Details">
      <div className="mt-4 flex gap-3 rounded-lg bg-slate-50 p-4 text-sm leading-relaxed text-slate-700">
        <Lock className="mt-0.5 size-5 shrink-0 text-ocean-700" aria-hidden="true" />
        <p>
          Card payments are processed securely by our card payment provider over an encrypted connection. Your
          full card number is never stored on our servers. Visa, Mastercard and American Express are accepted.
        </p>
      </div>
      <PayWithMpaisaInstead />
    </Panel>
  );
}

export function PayWithMpaisaInstead() {
  return (
    <div className="mt-6 flex flex-col gap-3 border-t border-slate-100 pt-6 sm:flex-row sm:items-center sm:justify-between">
      <p className="text-sm text-slate-700">
        Prefer mobile money? Pay from your M-PAiSA wallet or with a QR code.
      </p>
      <Link href="/mpaisa-payment" className={buttonVariants({ variant: "accent" })}>
        <Smartphone aria-hidden="true" />
        Pay with M-PAiSA
      </Link>
    </div>
  );
}

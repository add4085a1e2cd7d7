// The card section of /payment, as GET /api/payments/config says: Stripe's own field when configured, else the
// spec's card form (the sandbox's simulated payment, or "being set up"), and the M-PAiSA alternative.
import { Smartphone } from "lucide-react";
import { Link } from "wouter";
import { buttonVariants } from "@/components/ui/button";
import { Panel } from "@/components/ui/panel";
import { ProviderCardCheckout } from "@/features/payments/provider-card-checkout";
import { SpecCardForm } from "@/features/payments/spec-card-form";
import { usePaymentsConfig } from "@/features/payments/use-payments-config";

export function CardPaymentSection() {
  return (
    <Panel headingId="card-details-heading" heading="Card Details">
      <CardCheckout />
      <PayWithMpaisaInstead />
    </Panel>
  );
}

function CardCheckout() {
  const config = usePaymentsConfig();
  if (config.isPending) {
    return (
      <p role="status" className="mt-4 text-sm text-slate-600">
        Loading card payment...
      </p>
    );
  }
  if (config.isError) {
    return (
      <p role="alert" className="mt-4 text-sm text-slate-700">
        Card payment could not be loaded. Please reload the page, or pay with M-PAiSA below.
      </p>
    );
  }
  if (config.data.card === "stripe") return <ProviderCardCheckout config={config.data} />;
  return <SpecCardForm mode={config.data.sandbox ? "sandbox" : "unconfigured"} />;
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

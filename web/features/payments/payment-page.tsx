// /payment (docs/product.md, Card payment): payment method, card section and order summary for Document Portal Access.
// The card section decides between Stripe's field and our own card form (sandbox or "being set up"), as GET
// /api/payments/config says.
import { CreditCard, Smartphone, Wallet } from "lucide-react";
import { useState } from "react";
import { PageIntro } from "@/components/layout/page-intro";
import { BackLink, PageShell } from "@/components/layout/page-shell";
import { Panel } from "@/components/ui/panel";
import { SandboxBanner } from "@/features/payments/sandbox-banner";
import { useStripeReturn } from "@/features/payments/stripe-return";
import { CardPaymentSection, PayWithMpaisaInstead } from "@/features/portal/card-payment-section";
import { OptionTiles, type TileOption } from "@/features/portal/option-tiles";
import { OrderSummary } from "@/features/portal/order-summary";
import { useScrollToTopOnMount } from "@/lib/use-scroll-to-top-on-mount";
import { toast } from "@/lib/use-toast";

type PaymentMethod = "card" | "apple-pay" | "google-pay";

const METHODS: readonly TileOption<PaymentMethod>[] = [
  {
    value: "card",
    label: "Credit/Debit Card",
    description: "Visa, Mastercard, American Express",
    icon: CreditCard,
  },
  { value: "apple-pay", label: "Apple Pay", description: "Pay with Touch ID or Face ID", icon: Smartphone },
  { value: "google-pay", label: "Google Pay", description: "Pay with your Google account", icon: Wallet },
];

function labelOf(method: PaymentMethod): string {
  return METHODS.find((option) => option.value === method)?.label ?? "";
}

export default function PaymentPage() {
  const [method, setMethod] = useState<PaymentMethod>("card");
  useScrollToTopOnMount();
  useStripeReturn();

  function announceUnavailable(picked: PaymentMethod) {
    if (picked === "card") return;
    // Device wallets need a merchant account with the card provider, so every pick answers with this toast.
    toast({
      title: `${labelOf(picked)} Not Available`,
      description: `${labelOf(picked)} integration needs to be configured with a merchant account. Please choose another payment method.`,
      variant: "destructive",
    });
  }

  return (
    <PageShell>
      <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
        <BackLink href="/subscribe">Back</BackLink>
        <SandboxBanner />
        <PageIntro
          eyebrow="Step 2 of 2"
          title="Complete Your Subscription"
          description="Choose how you would like to pay. Your access to the document portal starts as soon as the payment is confirmed."
        />

        <div className="mt-8 grid items-start gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
          <div className="space-y-8">
            <OptionTiles
              name="payment-method"
              legend={<h2 className="text-xl font-semibold text-slate-900">Payment Method</h2>}
              options={METHODS}
              value={method}
              onChange={setMethod}
              onActivate={announceUnavailable}
            />
            {method === "card" ? (
              <CardPaymentSection />
            ) : (
              <Panel
                headingId="wallet-unavailable-heading"
                heading={`${labelOf(method)} is not available yet`}
              >
                <p className="mt-3 text-sm leading-relaxed text-slate-700">
                  We are setting up {labelOf(method)} with our payment provider. In the meantime, please
                  choose Credit/Debit Card above.
                </p>
                <PayWithMpaisaInstead />
              </Panel>
            )}
          </div>
          <div className="lg:sticky lg:top-6">
            <OrderSummary />
          </div>
        </div>
      </div>
    </PageShell>
  );
}

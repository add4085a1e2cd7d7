import { SUBSCRIPTION } from "@shared/constants";
import { formatFjd } from "@shared/money-format";
import { ShieldCheck } from "lucide-react";
import { CardSection } from "@/components/ui/card-section";
import { TickList } from "@/components/ui/tick-list";
import { SUBSCRIPTION_FEATURES } from "@/features/portal/content";

/** The /payment order summary (docs/product.md, Card payment): plan, monthly price, VAT, total, features, terms. */
export function OrderSummary() {
  const total = SUBSCRIPTION.priceCents + SUBSCRIPTION.vatCents;
  return (
    <CardSection id="order-summary" title="Order Summary">
      <div className="space-y-5 p-6">
        <div className="flex items-start justify-between gap-4">
          <div>
            <p className="font-semibold text-slate-900">{SUBSCRIPTION.name}</p>
            <p className="text-sm text-slate-600">Monthly subscription</p>
          </div>
          <p className="whitespace-nowrap text-right font-semibold text-slate-900">
            {formatFjd(SUBSCRIPTION.priceCents, "payment")}
            <span className="block text-xs font-normal text-slate-600">monthly</span>
          </p>
        </div>
        <dl className="space-y-2 border-t border-slate-100 pt-4 text-sm">
          <div className="flex justify-between gap-4 text-slate-700">
            <dt>Subtotal</dt>
            <dd>{formatFjd(SUBSCRIPTION.priceCents, "payment")}</dd>
          </div>
          <div className="flex justify-between gap-4 text-slate-700">
            <dt>VAT</dt>
            <dd>{formatFjd(SUBSCRIPTION.vatCents, "payment")}</dd>
          </div>
          <div className="flex justify-between gap-4 border-t border-slate-100 pt-3 text-base font-bold text-slate-900">
            <dt>Total</dt>
            <dd>{formatFjd(total, "payment")}</dd>
          </div>
        </dl>
        <div>
          <h3 className="text-sm font-semibold text-slate-900">Included with your subscription</h3>
          <TickList items={SUBSCRIPTION_FEATURES} className="mt-3" />
        </div>
        <p className="flex items-center gap-2 rounded-lg bg-slate-50 p-3 text-sm text-slate-700">
          <ShieldCheck className="size-4 shrink-0 text-ocean-700" aria-hidden="true" />
          Billed monthly. Cancel anytime.
        </p>
      </div>
    </CardSection>
  );
}

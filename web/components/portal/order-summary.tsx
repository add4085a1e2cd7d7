import { formatMoney, SUBSCRIPTION } from "@shared/constants";
import { Check, ShieldCheck } from "lucide-react";
import { SUBSCRIPTION_FEATURES } from "@/content/portal";

/** SPEC section 2, /payment: plan, monthly price, VAT, total, features and billing terms. */
export function OrderSummary() {
  const total = SUBSCRIPTION.priceCents + SUBSCRIPTION.vatCents;
  return (
    <section
      aria-labelledby="order-summary-heading"
      className="rounded-xl border border-slate-200 bg-white shadow-sm"
    >
      <div className="border-b border-slate-100 p-6">
        <h2 id="order-summary-heading" className="text-lg font-semibold text-slate-900">
          Order Summary
        </h2>
      </div>
      <div className="space-y-5 p-6">
        <div className="flex items-start justify-between gap-4">
          <div>
            <p className="font-semibold text-slate-900">{SUBSCRIPTION.name}</p>
            <p className="text-sm text-slate-600">Monthly subscription</p>
          </div>
          <p className="whitespace-nowrap text-right font-semibold text-slate-900">
            {formatMoney(SUBSCRIPTION.priceCents)}
            <span className="block text-xs font-normal text-slate-600">monthly</span>
          </p>
        </div>
        <dl className="space-y-2 border-t border-slate-100 pt-4 text-sm">
          <div className="flex justify-between gap-4 text-slate-700">
            <dt>Subtotal</dt>
            <dd>{formatMoney(SUBSCRIPTION.priceCents)}</dd>
          </div>
          <div className="flex justify-between gap-4 text-slate-700">
            <dt>VAT</dt>
            <dd>{formatMoney(SUBSCRIPTION.vatCents)}</dd>
          </div>
          <div className="flex justify-between gap-4 border-t border-slate-100 pt-3 text-base font-bold text-slate-900">
            <dt>Total</dt>
            <dd>{formatMoney(total)}</dd>
          </div>
        </dl>
        <div>
          <h3 className="text-sm font-semibold text-slate-900">Included with your subscription</h3>
          <ul className="mt-3 space-y-2 text-sm text-slate-700">
            {SUBSCRIPTION_FEATURES.map((feature) => (
              <li key={feature} className="flex gap-2">
                <Check className="mt-0.5 size-4 shrink-0 text-ocean-700" aria-hidden="true" />
                {feature}
              </li>
            ))}
          </ul>
        </div>
        <p className="flex items-center gap-2 rounded-lg bg-slate-50 p-3 text-sm text-slate-700">
          <ShieldCheck className="size-4 shrink-0 text-ocean-700" aria-hidden="true" />
          Billed monthly. Cancel anytime.
        </p>
      </div>
    </section>
  );
}

// What each M-PAiSA option does and what it costs. The mobile request form and the QR generator arrive with the
// payments work and go into these panels.
import { formatMoney, SUBSCRIPTION, WALLET_PAYMENT } from "@shared/constants";
import { Panel } from "@/components/ui/panel";

export type MpaisaMethod = "mobile" | "qr";

/** WALLET_PAYMENT.defaultAmount is the form's string value ("25.00"); show it like every other amount. */
const DEFAULT_AMOUNT = formatMoney(Math.round(Number(WALLET_PAYMENT.defaultAmount) * 100));
const SUBSCRIPTION_AMOUNT = formatMoney(SUBSCRIPTION.priceCents);

const PANELS: Record<MpaisaMethod, { heading: string; intro: string; steps: readonly string[] }> = {
  mobile: {
    heading: "Mobile Payment",
    intro:
      "We send a payment request straight to the M-PAiSA app on your phone. Use your local Fiji mobile number without the country code: seven digits, for example 9123456 rather than +679 912 3456.",
    steps: [
      "Enter your M-PAiSA mobile number, e-mail address, name and the amount.",
      "Open the M-PAiSA app and approve the payment request with your PIN.",
      "Your transaction ID and payment status appear on this page, and we confirm by e-mail.",
    ],
  },
  qr: {
    heading: "QR Code",
    intro:
      "Generate a QR code for your Document Portal subscription, then scan it with the M-PAiSA app on your phone.",
    steps: [
      `Generate a QR code for the portal subscription (${SUBSCRIPTION_AMOUNT}).`,
      "Open the M-PAiSA app and scan the code.",
      "Check the amount and confirm the payment in the app.",
    ],
  },
};

export function MpaisaMethodPanel({ method }: { method: MpaisaMethod }) {
  const panel = PANELS[method];
  return (
    <Panel headingId="mpaisa-method-heading" heading={panel.heading}>
      <p className="mt-3 text-sm leading-relaxed text-slate-700">{panel.intro}</p>
      <dl className="mt-6 grid gap-3 sm:grid-cols-2">
        {method === "mobile" && (
          <div className="rounded-lg bg-slate-50 p-4">
            <dt className="text-xs font-medium uppercase tracking-wide text-slate-600">Default amount</dt>
            <dd className="mt-1 text-lg font-bold text-slate-900">{DEFAULT_AMOUNT}</dd>
            <dd className="text-xs text-slate-600">
              You can change it: minimum {formatMoney(WALLET_PAYMENT.minAmount * 100)}
            </dd>
          </div>
        )}
        <div className="rounded-lg bg-slate-50 p-4">
          <dt className="text-xs font-medium uppercase tracking-wide text-slate-600">Portal subscription</dt>
          <dd className="mt-1 text-lg font-bold text-slate-900">{SUBSCRIPTION_AMOUNT}</dd>
          <dd className="text-xs text-slate-600">per month, {SUBSCRIPTION.name}</dd>
        </div>
      </dl>
      <h3 className="mt-6 text-sm font-semibold text-slate-900">How it works</h3>
      <ol className="mt-3 space-y-3 text-sm text-slate-700">
        {panel.steps.map((step, index) => (
          <li key={step} className="flex gap-3">
            <span
              aria-hidden="true"
              className="flex size-6 shrink-0 items-center justify-center rounded-full bg-ocean-700 text-xs font-bold text-white"
            >
              {index + 1}
            </span>
            <span className="pt-0.5">{step}</span>
          </li>
        ))}
      </ol>
    </Panel>
  );
}

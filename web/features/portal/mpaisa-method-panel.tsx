// The chosen M-PAiSA option: what it does, its form, and how the payment is completed.

import { Panel } from "@/components/ui/panel";
import { MpaisaMobileForm } from "@/features/payments/mpaisa-mobile-form";
import { MpaisaQrForm } from "@/features/payments/mpaisa-qr-form";
import type { MpaisaMethod, WalletForm } from "@/features/payments/wallet-form";
import type { WalletResult } from "@/features/payments/wallet-values";

const PANELS: Record<MpaisaMethod, { heading: string; intro: string; steps: readonly string[] }> = {
  mobile: {
    heading: "Mobile Payment",
    intro:
      "We open M-PAiSA's secure payment page in a new tab, where you approve the payment from your wallet. Use your local Fiji mobile number without the country code: seven digits, for example 9123456 rather than +679 912 3456.",
    steps: [
      "Enter your M-PAiSA mobile number, e-mail address, name and the amount.",
      "On the M-PAiSA payment page that opens, sign in to your wallet and approve the payment.",
      "M-PAiSA brings you back here, where your transaction ID and payment status appear.",
    ],
  },
  qr: {
    heading: "QR Code",
    intro:
      "Generate a QR code for your Document Portal subscription, then scan it with the M-PAiSA app on your phone.",
    steps: [
      "Check the amount and generate a QR code.",
      "Open the M-PAiSA app and scan the code.",
      "Check the amount and confirm the payment in the app.",
    ],
  },
};

interface MpaisaMethodPanelProps {
  method: MpaisaMethod;
  form: WalletForm;
  onResult: (result: WalletResult) => void;
}

export function MpaisaMethodPanel({ method, form, onResult }: MpaisaMethodPanelProps) {
  const panel = PANELS[method];
  return (
    <Panel headingId="mpaisa-method-heading" heading={panel.heading}>
      <p className="mt-3 text-sm leading-relaxed text-slate-700">{panel.intro}</p>
      {method === "mobile" ? (
        <MpaisaMobileForm form={form} onResult={onResult} />
      ) : (
        <MpaisaQrForm form={form} onResult={onResult} />
      )}
      <h3 className="mt-8 border-t border-slate-100 pt-6 text-sm font-semibold text-slate-900">
        How it works
      </h3>
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

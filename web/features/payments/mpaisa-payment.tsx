// /mpaisa-payment's payment part (docs/product.md, M-PAiSA payment; the page is mpaisa-payment-page.tsx): pay from the M-PAiSA mobile wallet by a request to the phone or
// by QR code; the status of the last request shows under the form and follows the payment until it is final. After
// M-PAiSA's payment page, the server's return route (which verifies the return and confirms it) sends the payer here
// with ?reference=, which shows that payment's status.
import type { MpaisaPaymentResponse } from "@shared/payment";
import { Mail, Phone, QrCode, ShieldCheck, Smartphone } from "lucide-react";
import { useEffect, useState } from "react";
import { COMPANY } from "@/content/company";
import { usePaymentsConfig } from "@/features/payments/use-payments-config";
import {
  isFinalStatus,
  trackingId,
  useWalletPaymentStatus,
  type WalletPaymentState,
} from "@/features/payments/use-wallet-payment-status";
import { type MpaisaMethod, useWalletForm } from "@/features/payments/wallet-form";
import { WalletPaymentProgress } from "@/features/payments/wallet-payment-progress";
import { WalletStatus } from "@/features/payments/wallet-status";
import type { WalletResult } from "@/features/payments/wallet-values";
import { MpaisaMethodPanel } from "@/features/portal/mpaisa-method-panel";
import { OptionTiles, type TileOption } from "@/features/portal/option-tiles";
import { loadSubscriberDetails } from "@/features/portal/subscriber-details";

const METHODS: readonly TileOption<MpaisaMethod>[] = [
  {
    value: "mobile",
    label: "Mobile Payment",
    description: "Approve the payment on M-PAiSA's secure payment page",
    icon: Smartphone,
  },
  { value: "qr", label: "QR Code", description: "Scan a QR code with the M-PAiSA app", icon: QrCode },
];

/** ?reference= as the provider's checkout returns the payer; anything else in it is ignored. */
function returnedReference(): string | null {
  const reference = new URLSearchParams(window.location.search).get("reference");
  return reference && /^[\w-]{1,64}$/.test(reference) ? reference : null;
}

/** The request's answer with the latest status laid over it, or the followed payment alone after a return. */
function currentResult(
  result: WalletResult | null,
  live: WalletPaymentState | undefined,
): WalletResult | null {
  if (!live) return result;
  if (result?.method === "qr") return result;
  const response = result?.response ?? { transactionId: "", message: "" };
  return {
    method: "mobile",
    response: {
      ...response,
      reference: live.reference,
      transactionId: live.transactionId ?? (response.transactionId || live.reference),
      status: live.status,
      message: live.message ?? response.message,
    } as MpaisaPaymentResponse & { reference: string },
  };
}

export function MpaisaPayment() {
  const [method, setMethod] = useState<MpaisaMethod>("mobile");
  const form = useWalletForm(method);
  const [result, setResult] = useState<WalletResult | null>(null);
  const [returned, setReturned] = useState<string | null>(null);
  const config = usePaymentsConfig();

  // What /subscribe collected in this tab, if anything; read after hydration because the page is prerendered.
  useEffect(() => {
    const saved = loadSubscriberDetails();
    if (!form.getValues("email")) form.setValue("email", saved.email);
    if (!form.getValues("name")) form.setValue("name", saved.name);
    setReturned(returnedReference());
  }, [form]);

  // Only a server with a wallet provider has payments to follow.
  const canFollow = Boolean(config.data?.wallet);
  const requested = result?.method === "mobile" && !isFinalStatus(result.response.status) ? result : null;
  const followed = !canFollow ? null : requested ? trackingId(requested.response) : result ? null : returned;
  const live = useWalletPaymentStatus(followed);
  const shown = currentResult(result, followed ? live.data : undefined);
  const phone = COMPANY.phones[0];
  // The merchant the wallet shows, as the owner set it in Settings (ADR 036).
  const merchant = COMPANY.mpaisa;

  return (
    <>
      <div className="mt-8 space-y-8">
        <OptionTiles
          name="mpaisa-method"
          legend={<h2 className="text-xl font-semibold text-slate-900">Payment Option</h2>}
          options={METHODS}
          value={method}
          onChange={(picked) => {
            // Each option shows only its own errors, from its own next submit.
            form.clearErrors();
            setMethod(picked);
          }}
        />
        <MpaisaMethodPanel method={method} form={form} onResult={setResult} />
        {/* Always present, so the status panel is announced when a request fills it. */}
        <div aria-live="polite">
          {shown && (
            <WalletStatus result={shown}>
              {followed && shown.method === "mobile" && (
                <WalletPaymentProgress
                  status={shown.response.status}
                  expired={live.expired}
                  onCheckAgain={live.checkAgain}
                />
              )}
            </WalletStatus>
          )}
        </div>
        <div className="flex flex-col gap-4 rounded-xl border border-ocean-100 bg-ocean-50 p-5 text-sm text-slate-800 sm:flex-row sm:items-center sm:justify-between">
          <p className="flex items-start gap-2">
            <ShieldCheck className="mt-0.5 size-4 shrink-0 text-ocean-700" aria-hidden="true" />
            <span>
              You approve payments on M-PAiSA's own page with your wallet PIN. We never ask for your PIN. The
              payment is to <strong>{merchant.merchantName}</strong> (merchant {merchant.merchantNumber}
              ).
            </span>
          </p>
          <p className="flex flex-wrap gap-x-4 gap-y-1 font-semibold">
            <a
              href={`tel:${phone.tel}`}
              className="inline-flex items-center gap-1.5 text-ocean-700 underline-offset-4 hover:underline"
            >
              <Phone className="size-4" aria-hidden="true" />
              {phone.display}
            </a>
            <a
              href={`mailto:${COMPANY.supportEmail}`}
              className="inline-flex items-center gap-1.5 text-ocean-700 underline-offset-4 hover:underline"
            >
              <Mail className="size-4" aria-hidden="true" />
              {COMPANY.supportEmail}
            </a>
          </p>
        </div>
      </div>
    </>
  );
}

// The M-PAiSA page's status panel: after a request, the transaction ID, status and message (and the checkout link or
// the QR code the provider returned). The route keeps the status current; `children` shows what it means.
import { formatFjd } from "@shared/money-format";
import { amountToCents } from "@shared/payment";
import { ExternalLink } from "lucide-react";
import type { ReactNode } from "react";
import { buttonVariants } from "@/components/ui/button";
import { DescriptionList } from "@/components/ui/description-list";
import { Panel } from "@/components/ui/panel";
import { NewTabHint } from "@/features/portal/portal-header-actions";
import { isSafeUrl, type WalletResult } from "./wallet-values";

/** Our own payment reference, which the server adds to its answers (the one staff confirm a payment by). */
function referenceOf(response: object): string | undefined {
  const reference = (response as { reference?: unknown }).reference;
  return typeof reference === "string" && reference ? reference : undefined;
}

export function WalletStatus({ result, children }: { result: WalletResult; children?: ReactNode }) {
  if (result.method === "qr") {
    const { qrCodeUrl, transactionId } = result.response;
    const amount = formatFjd(amountToCents(result.amount));
    const reference = referenceOf(result.response) ?? transactionId;
    return (
      <Panel headingId="payment-status-heading" heading="Scan to Pay">
        <p className="mt-3 text-sm text-slate-700">
          Open the M-PAiSA app, scan this code and confirm {amount}.
        </p>
        {isSafeUrl(qrCodeUrl, { allowDataImage: true }) && (
          <img
            src={qrCodeUrl}
            alt={`M-PAiSA QR code for ${amount}${reference ? `, reference ${reference}` : ""}`}
            width={240}
            height={240}
            className="mt-4 size-60 rounded-lg border border-slate-200 bg-white p-2"
          />
        )}
        {transactionId && <StatusList rows={[["Transaction ID", transactionId]]} />}
      </Panel>
    );
  }

  const { transactionId, status, message, checkoutUrl } = result.response;
  const reference = referenceOf(result.response);
  const rows: [string, string][] = [
    ["Transaction ID", transactionId],
    ["Status", status],
    ["Message", message],
  ];
  if (reference && reference !== transactionId) rows.unshift(["Reference", reference]);
  const final = status === "completed" || status === "failed";
  return (
    <Panel headingId="payment-status-heading" heading="Payment Status">
      <StatusList rows={rows} />
      {!final && isSafeUrl(checkoutUrl) && (
        <a
          href={checkoutUrl}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonVariants({ variant: "outline", className: "mt-5" })}
        >
          <ExternalLink aria-hidden="true" />
          Open M-PAiSA Checkout
          <NewTabHint />
        </a>
      )}
      {children}
    </Panel>
  );
}

const STATUS_CLASSES = {
  item: "contents",
  term: "font-medium text-slate-600",
  detail: "break-words font-semibold text-slate-900",
};

function StatusList({ rows }: { rows: readonly (readonly [string, string])[] }) {
  return (
    <DescriptionList
      rows={rows}
      className="mt-4 grid gap-3 text-sm sm:grid-cols-[10rem_minmax(0,1fr)]"
      classes={STATUS_CLASSES}
    />
  );
}

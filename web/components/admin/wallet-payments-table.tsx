// Pending wallet payments: the reference the payer quotes, who paid, how much and how, and when it was requested.
import { formatMoney } from "@shared/constants";
import { Card } from "@/components/ui/card";
import type { AdminWalletPayment } from "@/lib/admin-api";
import { cn } from "@/lib/utils";
import { formatFijiDateTime } from "./format";
import { ConfirmWalletPaymentDialog } from "./wallet-payments-confirm-dialog";

const METHOD_LABELS: Record<AdminWalletPayment["method"], string> = {
  mobile: "Mobile request",
  qr: "QR code",
};

const HEADINGS = ["Reference", "Email", "Amount", "Method", "Created", "Actions"];

interface WalletPaymentsTableProps {
  payments: AdminWalletPayment[];
  /** While the next page loads, the rows shown are the previous ones. */
  stale: boolean;
}

export function WalletPaymentsTable({ payments, stale }: WalletPaymentsTableProps) {
  return (
    // Focusable so keyboard users can scroll the table sideways on a narrow screen.
    <Card
      role="region"
      aria-label="Pending wallet payments"
      aria-busy={stale}
      tabIndex={0}
      className={cn("overflow-x-auto", stale && "opacity-60")}
    >
      <table className="w-full text-left text-sm">
        <caption className="sr-only">M-PAiSA payments waiting for confirmation, newest first</caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-xs uppercase tracking-wide text-slate-600">
          <tr>
            {HEADINGS.map((heading) => (
              <th key={heading} scope="col" className="whitespace-nowrap px-4 py-3 font-semibold">
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {payments.map((payment) => (
            <tr key={payment.reference}>
              <th scope="row" className="whitespace-nowrap px-4 py-3 font-mono font-medium text-slate-900">
                {payment.reference}
              </th>
              <td className="break-all px-4 py-3 text-slate-700">
                {payment.email ?? <span className="text-slate-600">Not given</span>}
                {payment.name && <span className="block text-xs text-slate-600">{payment.name}</span>}
              </td>
              <td className="whitespace-nowrap px-4 py-3 font-medium text-slate-900">
                {formatMoney(payment.amountCents)}
              </td>
              <td className="whitespace-nowrap px-4 py-3 text-slate-700">{METHOD_LABELS[payment.method]}</td>
              <td className="whitespace-nowrap px-4 py-3 text-slate-700">
                {formatFijiDateTime(payment.createdAt)}
              </td>
              <td className="whitespace-nowrap px-4 py-3">
                <ConfirmWalletPaymentDialog payment={payment} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}

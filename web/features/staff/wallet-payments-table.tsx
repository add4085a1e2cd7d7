// Pending wallet payments: the reference the payer quotes, who paid, how much and how, and when it was requested.
import { formatMoney } from "@shared/constants";
import type { AdminWalletPayment } from "@/features/staff/api";
import { formatFijiDateTime } from "./format";
import { StaffTable } from "./staff-table";
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
    <StaffTable
      label="Pending wallet payments"
      caption="M-PAiSA payments waiting for confirmation, newest first"
      headings={HEADINGS}
      stale={stale}
    >
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
    </StaffTable>
  );
}

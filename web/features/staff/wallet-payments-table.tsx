// Pending wallet payments: the reference the payer quotes, who paid, how much and how, and when it was requested.
import { formatFjd } from "@shared/money-format";
import type { AdminWalletPayment } from "@/features/staff/api";
import { formatFijiDateTime } from "./format";
import { actionsColumn, CELL, type Column, StaffTable, type TableSpec } from "./staff-table";
import { ConfirmWalletPaymentDialog } from "./wallet-payments-confirm-dialog";

const METHOD_LABELS: Record<AdminWalletPayment["method"], string> = {
  mobile: "Mobile request",
  qr: "QR code",
};

/** The columns every wallet payment table has (this one and the unmatched payments). */
export const walletColumns = {
  reference: {
    heading: "Reference",
    rowHeader: true,
    className: "whitespace-nowrap font-mono font-medium text-slate-900",
    cell: (payment) => payment.reference,
  },
  amount: { heading: "Amount", className: CELL.strong, cell: (payment) => formatFjd(payment.amountCents) },
  /** When the payment was asked for (or received), under `heading`. */
  createdAt: (heading: string): Column<AdminWalletPayment> => ({
    heading,
    className: CELL.nowrap,
    cell: (payment) => formatFijiDateTime(payment.createdAt),
  }),
} satisfies Record<string, Column<AdminWalletPayment> | ((heading: string) => Column<AdminWalletPayment>)>;

/** A wallet payment table: one row a payment, known by its reference. */
export function walletTable(
  spec: Omit<TableSpec<AdminWalletPayment>, "rowKey">,
): TableSpec<AdminWalletPayment> {
  return { ...spec, rowKey: (payment) => payment.reference };
}

const TABLE = walletTable({
  label: "Pending wallet payments",
  caption: "M-PAiSA payments waiting for confirmation, newest first",
  columns: [
    walletColumns.reference,
    {
      heading: "Email",
      className: "break-all text-slate-700",
      cell: (payment) => (
        <>
          {payment.email ?? <span className="text-slate-600">Not given</span>}
          {payment.name && <span className="block text-xs text-slate-600">{payment.name}</span>}
        </>
      ),
    },
    walletColumns.amount,
    { heading: "Method", className: CELL.nowrap, cell: (payment) => METHOD_LABELS[payment.method] },
    walletColumns.createdAt("Created"),
    actionsColumn((payment) => <ConfirmWalletPaymentDialog payment={payment} />),
  ],
});

interface WalletPaymentsTableProps {
  payments: AdminWalletPayment[];
  /** While the next page loads, the rows shown are the previous ones. */
  stale: boolean;
}

export function WalletPaymentsTable({ payments, stale }: WalletPaymentsTableProps) {
  return <StaffTable spec={TABLE} rows={payments} stale={stale} />;
}

// The Refunds view: course-fee refund requests (a cancellation after paying, money that could not buy a place, more
// than the fee received), filtered by status, requested ones first. Staff approve a requested refund (card: through
// Stripe; M-PAiSA, bank and cash: with the refund's receipt number) or reject it with a reason.
import { REFUND_STATUSES, type RefundStatus } from "@shared/course-payment";
import { formatFjd } from "@shared/money-format";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { FilterSelect } from "@/features/staff/filter-select";
import { formatFijiDateTime } from "@/features/staff/format";
import { ListStatus } from "@/features/staff/list-status";
import { StaffSection } from "@/features/staff/staff-section";
import { actionsColumn, CELL, type Column, StaffTable, type TableSpec } from "@/features/staff/staff-table";
import { METHOD_TEXT, REFUND_STATUS_TEXT } from "./fee-text";
import { RefundDecisions } from "./refund-decisions";
import { type StaffRefund, trainingQueries } from "./staff-api";

/** The Refunds view's columns, in its order; a place's Payments dialog shows some of them. */
export const refundColumns = {
  email: {
    heading: "Email",
    rowHeader: true,
    className: "break-all font-medium text-slate-900",
    cell: (refund) => refund.email ?? <span className="text-slate-600">Not given</span>,
  },
  amount: { heading: "Amount", className: CELL.strong, cell: (refund) => formatFjd(refund.amountCents) },
  reason: { heading: "Reason", className: CELL.text, cell: (refund) => refund.reason },
  method: { heading: "Paid by", className: CELL.nowrap, cell: (refund) => METHOD_TEXT[refund.method] },
  date: {
    heading: "Requested",
    className: CELL.nowrap,
    cell: (refund) => formatFijiDateTime(refund.createdAt),
  },
  status: {
    heading: "Status",
    className: CELL.text,
    cell: (refund) => (
      <>
        {REFUND_STATUS_TEXT[refund.status]}
        {refund.refundReference && (
          <span className="block text-xs text-slate-600">Receipt {refund.refundReference}</span>
        )}
        {refund.decidedBy && <span className="block text-xs text-slate-600">By {refund.decidedBy}</span>}
      </>
    ),
  },
} satisfies Record<string, Column<StaffRefund>>;

const TABLE: TableSpec<StaffRefund> = {
  label: "Refund requests",
  caption: "Course-fee refund requests, requested ones first, then newest first",
  rowKey: (refund) => refund.id,
  columns: [
    ...Object.values(refundColumns),
    actionsColumn((refund) => (refund.status === "requested" ? <RefundDecisions refund={refund} /> : null)),
  ],
};

type Filter = RefundStatus | "all";

/** The status filter beside the heading: every status, or all of them. */
const STATUS_FILTER = {
  id: "refund-filter",
  label: "Status",
  options: [
    { value: "all", label: "All" },
    ...REFUND_STATUSES.map((status) => ({ value: status, label: REFUND_STATUS_TEXT[status] })),
  ] satisfies readonly { value: Filter; label: string }[],
};

/** Requested refunds first (they wait for staff), each group newest first as the server sends them. */
const requestedFirst = (rows: readonly StaffRefund[]) =>
  [...rows].sort((a, b) => Number(b.status === "requested") - Number(a.status === "requested"));

export function RefundsPanel() {
  const [filter, setFilter] = useState<Filter>("requested");
  const refunds = useQuery(trainingQueries.refunds(filter === "all" ? undefined : filter));
  const rows = requestedFirst(refunds.data ?? []);
  return (
    <StaffSection
      id="refunds"
      title="Refunds"
      aside={<FilterSelect {...STATUS_FILTER} value={filter} onChange={setFilter} />}
    >
      <ListStatus
        isPending={refunds.isPending}
        isError={refunds.isError}
        isEmpty={rows.length === 0}
        noun="refund requests"
        emptyText={filter === "requested" ? "No refund requests are waiting." : "No refund requests."}
        onRetry={() => refunds.refetch()}
      />
      {rows.length > 0 && <StaffTable spec={TABLE} rows={rows} />}
      <p className="text-sm text-slate-600">
        Approving a card payment's refund refunds it through Stripe; for M-PAiSA, bank transfer and cash
        payments, make the refund first and enter its receipt number. A rejected request keeps its reason.
      </p>
    </StaffSection>
  );
}

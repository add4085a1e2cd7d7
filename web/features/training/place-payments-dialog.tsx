// A place's course fee, opened from its row in the intake's Places list: what was paid and what is due, every
// payment (card, M-PAiSA, recorded by staff, confirmed without payment) and refund, and staff's two overrides.
import { formatFjd } from "@shared/money-format";
import { useQuery } from "@tanstack/react-query";
import { Receipt } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { DescriptionList } from "@/components/ui/description-list";
import { DialogFrame } from "@/components/ui/dialog";
import { IconLabel } from "@/components/ui/icon-label";
import { formatFijiDateTime } from "@/features/staff/format";
import { ListStatus } from "@/features/staff/list-status";
import { CELL, type Column, StaffTable, type TableSpec } from "@/features/staff/staff-table";
import { disputeText, KIND_TEXT, METHOD_TEXT, PAYMENT_STATUS_TEXT } from "./fee-text";
import { ConfirmWithoutPaymentForm, RecordPaymentForm } from "./place-payments-forms";
import type { PlaceRow } from "./place-state";
import { refundColumns } from "./refunds-panel";
import { type PlacePayments, type StaffRefund, trainingQueries } from "./staff-api";

type Payment = PlacePayments["payments"][number];

/** A payment's columns: when, how, what for, how much, its receipt or reference (and note), where it stands. */
const paymentColumns = {
  date: {
    heading: "Date",
    rowHeader: true,
    className: CELL.nowrap,
    cell: (payment) => formatFijiDateTime(payment.paidAt ?? payment.createdAt),
  },
  method: { heading: "Method", className: CELL.nowrap, cell: (payment) => METHOD_TEXT[payment.method] },
  kind: { heading: "Kind", className: CELL.text, cell: (payment) => KIND_TEXT[payment.kind] },
  amount: { heading: "Amount", className: CELL.strong, cell: (payment) => formatFjd(payment.amountCents) },
  receipt: {
    heading: "Receipt / reference",
    className: "break-all text-slate-700",
    cell: (payment) => (
      <>
        {payment.receiptNumber ?? payment.providerReference ?? payment.reference}
        {payment.note && <span className="block text-xs text-slate-600">{payment.note}</span>}
      </>
    ),
  },
  status: {
    heading: "Status",
    className: CELL.nowrap,
    cell: (payment) => {
      const dispute = disputeText(payment.disputeStatus);
      return (
        <>
          {PAYMENT_STATUS_TEXT[payment.status]}
          {dispute && <span className="block text-xs font-semibold text-red-800">{dispute}</span>}
        </>
      );
    },
  },
} satisfies Record<string, Column<Payment>>;

const PAYMENTS: TableSpec<Payment> = {
  label: "Payments",
  caption: "The place's payments, oldest first",
  rowKey: (payment) => payment.id,
  columns: Object.values(paymentColumns),
};

const REFUNDS: TableSpec<StaffRefund> = {
  label: "Refunds",
  caption: "Refunds of the place's payments, oldest first",
  rowKey: (refund) => refund.id,
  columns: [
    { ...refundColumns.date, rowHeader: true },
    refundColumns.amount,
    refundColumns.reason,
    refundColumns.status,
  ],
};

const TOTALS = { item: "", term: "text-sm text-slate-600", detail: "text-lg font-semibold text-slate-900" };

function PaymentsBody({ place }: { place: PlaceRow }) {
  const payments = useQuery(trainingQueries.placePayments(place.id));
  const data = payments.data;
  return (
    <div className="grid gap-5">
      {data && (
        <DescriptionList
          rows={[
            ["Paid", formatFjd(data.paidCents)],
            ["Due", formatFjd(data.dueCents)],
          ]}
          className="grid grid-cols-2 gap-3"
          classes={TOTALS}
        />
      )}
      <ListStatus
        isPending={payments.isPending}
        isError={payments.isError}
        isEmpty={data?.payments.length === 0}
        noun="payments"
        emptyText="No payments yet."
        onRetry={() => payments.refetch()}
      />
      {data && data.payments.length > 0 && <StaffTable spec={PAYMENTS} rows={data.payments} />}
      {data && data.refunds.length > 0 && <StaffTable spec={REFUNDS} rows={data.refunds} />}
      {data && (
        <div className="grid items-start gap-4 md:grid-cols-2">
          <RecordPaymentForm place={place} dueCents={data.dueCents} />
          <ConfirmWithoutPaymentForm place={place} />
        </div>
      )}
    </div>
  );
}

export function PlacePaymentsDialog({ place }: { place: PlaceRow }) {
  const [open, setOpen] = useState(false);
  const trigger = (
    <Button size="sm" variant="outline">
      <IconLabel icon={Receipt} detail={` ${place.name}`}>
        Payments
      </IconLabel>
    </Button>
  );
  return (
    <DialogFrame
      open={open}
      onOpenChange={setOpen}
      trigger={trigger}
      title={`Payments: ${place.name}`}
      description={`${place.stateText}. Record a bank transfer or cash received, or confirm the place without payment.`}
      content={{ className: "max-w-3xl" }}
    >
      {open && <PaymentsBody place={place} />}
    </DialogFrame>
  );
}

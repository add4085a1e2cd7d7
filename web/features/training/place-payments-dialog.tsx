// A place's course fee, opened from its row in the intake's Places list: what was paid and what is due, every
// payment (card, M-PAiSA, recorded by staff, confirmed without payment) and refund, and staff's two overrides.
import { formatMoney } from "@shared/constants";
import { useQuery } from "@tanstack/react-query";
import { Receipt } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { DescriptionList } from "@/components/ui/description-list";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/components/ui/dialog";
import { IconLabel } from "@/components/ui/icon-label";
import { formatFijiDateTime } from "@/features/staff/format";
import { ListStatus } from "@/features/staff/list-status";
import { CELL, StaffTable, type TableSpec } from "@/features/staff/staff-table";
import { KIND_TEXT, METHOD_TEXT, PAYMENT_STATUS_TEXT } from "./fee-text";
import { ConfirmWithoutPaymentForm, RecordPaymentForm } from "./place-payments-forms";
import type { PlaceRow } from "./place-state";
import { refundColumns } from "./refunds-panel";
import { type PlacePayments, type StaffRefund, trainingQueries } from "./staff-api";

type Payment = PlacePayments["payments"][number];

const PAYMENTS: TableSpec<Payment> = {
  label: "Payments",
  caption: "The place's payments, oldest first",
  rowKey: (payment) => payment.id,
  columns: [
    {
      heading: "Date",
      rowHeader: true,
      className: CELL.nowrap,
      cell: (payment) => formatFijiDateTime(payment.paidAt ?? payment.createdAt),
    },
    { heading: "Method", className: CELL.nowrap, cell: (payment) => METHOD_TEXT[payment.method] },
    { heading: "Kind", className: CELL.text, cell: (payment) => KIND_TEXT[payment.kind] },
    { heading: "Amount", className: CELL.strong, cell: (payment) => formatMoney(payment.amountCents) },
    {
      heading: "Receipt / reference",
      className: "break-all text-slate-700",
      cell: (payment) => (
        <>
          {payment.receiptNumber ?? payment.providerReference ?? payment.reference}
          {payment.note && <span className="block text-xs text-slate-600">{payment.note}</span>}
        </>
      ),
    },
    { heading: "Status", className: CELL.nowrap, cell: (payment) => PAYMENT_STATUS_TEXT[payment.status] },
  ],
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
  if (!data)
    return (
      <ListStatus
        isPending={payments.isPending}
        isError={payments.isError}
        isEmpty={false}
        noun="payments"
        emptyText=""
        onRetry={() => payments.refetch()}
      />
    );
  return (
    <div className="grid gap-5">
      <DescriptionList
        rows={[
          ["Paid", formatMoney(data.paidCents)],
          ["Due", formatMoney(data.dueCents)],
        ]}
        className="grid grid-cols-2 gap-3"
        classes={TOTALS}
      />
      {data.payments.length > 0 ? (
        <StaffTable spec={PAYMENTS} rows={data.payments} />
      ) : (
        <p className="text-sm text-slate-600">No payments yet.</p>
      )}
      {data.refunds.length > 0 && <StaffTable spec={REFUNDS} rows={data.refunds} />}
      <div className="grid items-start gap-4 md:grid-cols-2">
        <RecordPaymentForm place={place} dueCents={data.dueCents} />
        <ConfirmWithoutPaymentForm place={place} />
      </div>
    </div>
  );
}

export function PlacePaymentsDialog({ place }: { place: PlaceRow }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="sm" variant="outline">
          <IconLabel icon={Receipt} detail={` ${place.name}`}>
            Payments
          </IconLabel>
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-3xl">
        <DialogHeader>
          <DialogTitle>Payments: {place.name}</DialogTitle>
          <DialogDescription>
            {place.stateText}. Record a bank transfer or cash received, or confirm the place without payment.
          </DialogDescription>
        </DialogHeader>
        {open && <PaymentsBody place={place} />}
      </DialogContent>
    </Dialog>
  );
}

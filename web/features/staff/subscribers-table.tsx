// The subscriber list: who pays how, whether access is current now, until which Fiji date it runs, and what that
// access is made of (each card period, wallet payment and staff grant).
import {
  type AdminSubscriber,
  GRANT_SOURCE_LABELS,
  type SubscriptionProvider,
  type SubscriptionStatus,
} from "@shared/portal";
import { Badge } from "@/components/ui/badge";
import { formatFijiDate } from "./format";
import { actionsColumn, CELL, StaffTable, type TableSpec } from "./staff-table";
import { RevokeAccessDialog } from "./subscribers-revoke-dialog";

const PROVIDER_LABELS: Record<SubscriptionProvider, string> = {
  stripe: "Card",
  mpaisa: "M-PAiSA",
  manual: "Manual",
  sandbox: "Card (sandbox)",
};

const STATUS_LABELS: Record<SubscriptionStatus, string> = {
  active: "Active",
  past_due: "Past due",
  canceled: "Canceled",
  incomplete: "Incomplete",
};

/** The access-until date, then each source of that access (card period, wallet payment, staff grant). */
function accessUntil(s: AdminSubscriber) {
  return (
    <>
      <span className="whitespace-nowrap">
        {s.currentPeriodEnd ? formatFijiDate(s.currentPeriodEnd) : "Not set"}
      </span>
      {s.grants.length > 0 && (
        <ul aria-label={`Access sources of ${s.email}`} className="mt-1 grid gap-0.5 text-xs text-slate-600">
          {s.grants.map((grant) => (
            <li key={`${grant.source}-${grant.sourceRef}`} className="whitespace-nowrap">
              {GRANT_SOURCE_LABELS[grant.source]}
              {grant.source === "wallet" && ` ${grant.sourceRef}`}: {formatFijiDate(grant.start)} to{" "}
              {formatFijiDate(grant.end)}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

const TABLE: TableSpec<AdminSubscriber> = {
  label: "Subscribers list",
  caption: "Document Portal subscribers, most recently changed first",
  rowKey: (s) => s.email,
  columns: [
    {
      heading: "Email",
      rowHeader: true,
      className: "break-all font-medium text-slate-900",
      cell: (s) => s.email,
    },
    { heading: "Name", className: CELL.text, cell: (s) => s.name ?? s.firstName ?? "" },
    { heading: "Provider", className: CELL.nowrap, cell: (s) => PROVIDER_LABELS[s.provider] },
    { heading: "Status", className: CELL.nowrap, cell: (s) => STATUS_LABELS[s.status] ?? s.status },
    { heading: "Access until", className: CELL.text, cell: accessUntil },
    {
      heading: "Access",
      className: CELL.controls,
      cell: (s) =>
        s.hasAccess ? (
          <Badge variant="success">Access current</Badge>
        ) : (
          <Badge variant="secondary">No access</Badge>
        ),
    },
    actionsColumn((s) => s.hasAccess && <RevokeAccessDialog subscriber={s} />),
  ],
};

interface SubscribersTableProps {
  subscribers: AdminSubscriber[];
  /** While the next page or search loads, the rows shown are the previous ones. */
  stale: boolean;
}

export function SubscribersTable({ subscribers, stale }: SubscribersTableProps) {
  return <StaffTable spec={TABLE} rows={subscribers} stale={stale} />;
}

// The audit log: which staff member (or the system) did what, to which record, and when.
import type { AuditEntry } from "@shared/admin";
import { adminQueries } from "@/features/staff/api";
import { formatFijiDateTime } from "./format";
import { PagedList } from "./paged-list";
import { StaffSection } from "./staff-section";
import { CELL, StaffTable, type TableSpec } from "./staff-table";
import { usePagedQuery } from "./use-pages";

const ACTION_LABELS: Record<string, string> = {
  login: "Signed in",
  "login.failed": "Failed sign-in",
  logout: "Signed out",
  "enrollment.processed": "Marked enrollment as processed",
  "review.approved": "Approved review",
  "review.rejected": "Rejected review",
  "spam.restored": "Restored from spam",
  "spam.deleted": "Deleted spam",
  "message.handled": "Marked message as handled",
  "sheets.sync": "Synced to Google Sheets",
  "sheets.sync-failed": "Google Sheets sync failed",
  "csv.export": "Exported CSV",
  "subscription.granted": "Granted portal access",
  "subscription.revoked": "Revoked portal access",
  "wallet.confirmed": "Confirmed wallet payment",
  "wallet.assigned": "Assigned a wallet payment to a subscriber",
  "email.resent": "Resent a failed e-mail",
  "text.one-off": "Sent a text to an applicant",
  "mfa.setup-started": "Started two-factor setup",
  "mfa.enabled": "Turned on two-factor sign-in",
  "password.changed": "Changed own password",
  "session.ended": "Ended another session",
  "session.ended-others": "Ended all other sessions",
};

function describeDetails(details: AuditEntry["details"]): string {
  if (!details) return "";
  return Object.entries(details)
    .map(([key, value]) => `${key}: ${typeof value === "string" ? value : JSON.stringify(value)}`)
    .join("; ");
}

const TABLE: TableSpec<AuditEntry> = {
  label: "Activity log",
  caption: "Staff activity, newest first, times in Fiji time",
  rowKey: (entry) => entry.id,
  columns: [
    { heading: "When", className: CELL.nowrap, cell: (entry) => formatFijiDateTime(entry.at) },
    { heading: "Who", className: "font-medium text-slate-900", cell: (entry) => entry.actor },
    {
      heading: "What",
      className: "text-slate-900",
      cell: (entry) => ACTION_LABELS[entry.action] ?? entry.action,
    },
    { heading: "Record", className: CELL.text, cell: (entry) => entry.subject ?? "" },
    {
      heading: "Details",
      className: "max-w-xs break-words text-slate-700",
      cell: (e) => describeDetails(e.details),
    },
  ],
};

export function ActivityPanel() {
  const paged = usePagedQuery(adminQueries.audit);
  return (
    <StaffSection id="activity" title="Activity">
      <PagedList
        paged={paged}
        noun="activity"
        emptyText="No staff activity recorded yet."
        pagerLabel="Activity pages"
      >
        <StaffTable spec={TABLE} rows={paged.items} />
      </PagedList>
    </StaffSection>
  );
}

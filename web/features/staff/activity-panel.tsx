// The audit log: which staff member (or the system) did what, to which record, and when.
import type { AuditEntry } from "@shared/admin";
import { useState } from "react";
import { adminQueries, PAGE_SIZE } from "@/features/staff/api";
import { formatFijiDateTime } from "./format";
import { PagedList } from "./paged-list";
import { StaffTable } from "./staff-table";
import { useListQuery } from "./use-pages";

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

const HEADINGS = ["When", "Who", "What", "Record", "Details"];

export function ActivityPanel() {
  const [offset, setOffset] = useState(0);
  const list = useListQuery(adminQueries.audit({ limit: PAGE_SIZE, offset }));
  const items = list.data?.items ?? [];

  return (
    <section aria-labelledby="activity-title" className="grid gap-5">
      <h2 id="activity-title" className="text-xl font-semibold text-slate-900">
        Activity
      </h2>
      <PagedList
        list={list}
        count={items.length}
        total={list.data?.total}
        noun="activity"
        emptyText="No staff activity recorded yet."
        pagerLabel="Activity pages"
        offset={offset}
        onOffsetChange={setOffset}
      >
        <StaffTable
          label="Activity log"
          caption="Staff activity, newest first, times in Fiji time"
          headings={HEADINGS}
        >
          {items.map((entry) => (
            <tr key={entry.id}>
              <td className="whitespace-nowrap px-4 py-3 text-slate-700">{formatFijiDateTime(entry.at)}</td>
              <td className="px-4 py-3 font-medium text-slate-900">{entry.actor}</td>
              <td className="px-4 py-3 text-slate-900">{ACTION_LABELS[entry.action] ?? entry.action}</td>
              <td className="px-4 py-3 text-slate-700">{entry.subject ?? ""}</td>
              <td className="max-w-xs break-words px-4 py-3 text-slate-700">
                {describeDetails(entry.details)}
              </td>
            </tr>
          ))}
        </StaffTable>
      </PagedList>
    </section>
  );
}

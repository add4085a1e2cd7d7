// The audit log: which staff member (or the system) did what, to which record, and when.
import type { AuditEntry } from "@shared/admin";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Card } from "@/components/ui/card";
import { adminQueries, PAGE_SIZE } from "@/lib/admin-api";
import { formatFijiDateTime } from "./format";
import { ListStatus } from "./list-status";
import { Pager } from "./pager";

const ACTION_LABELS: Record<string, string> = {
  login: "Signed in",
  "login.failed": "Failed sign-in",
  logout: "Signed out",
  "enrollment.processed": "Marked enrollment as processed",
  "review.approved": "Approved review",
  "review.rejected": "Rejected review",
  "message.handled": "Marked message as handled",
  "sheets.sync": "Synced to Google Sheets",
  "sheets.sync-failed": "Google Sheets sync failed",
  "csv.export": "Exported CSV",
  "subscription.granted": "Granted portal access",
  "subscription.revoked": "Revoked portal access",
  "wallet.confirmed": "Confirmed wallet payment",
};

function describeDetails(details: AuditEntry["details"]): string {
  if (!details) return "";
  return Object.entries(details)
    .map(([key, value]) => `${key}: ${typeof value === "string" ? value : JSON.stringify(value)}`)
    .join("; ");
}

export function ActivityPanel() {
  const [offset, setOffset] = useState(0);
  const list = useQuery({
    ...adminQueries.audit({ limit: PAGE_SIZE, offset }),
    placeholderData: keepPreviousData,
  });
  const items = list.data?.items ?? [];

  return (
    <section aria-labelledby="activity-title" className="grid gap-5">
      <h2 id="activity-title" className="text-xl font-semibold text-slate-900">
        Activity
      </h2>
      <ListStatus
        isPending={list.isPending}
        isError={list.isError}
        isEmpty={items.length === 0}
        noun="activity"
        emptyText="No staff activity recorded yet."
        onRetry={() => list.refetch()}
      />
      {items.length > 0 && (
        <>
          {/* Focusable so keyboard users can scroll the table sideways on a narrow screen. */}
          <Card role="region" aria-label="Activity log" tabIndex={0} className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Staff activity, newest first, times in Fiji time</caption>
              <thead className="border-b border-slate-200 bg-slate-50 text-xs uppercase tracking-wide text-slate-600">
                <tr>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    When
                  </th>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    Who
                  </th>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    What
                  </th>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    Record
                  </th>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    Details
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {items.map((entry) => (
                  <tr key={entry.id}>
                    <td className="whitespace-nowrap px-4 py-3 text-slate-700">
                      {formatFijiDateTime(entry.at)}
                    </td>
                    <td className="px-4 py-3 font-medium text-slate-900">{entry.actor}</td>
                    <td className="px-4 py-3 text-slate-900">
                      {ACTION_LABELS[entry.action] ?? entry.action}
                    </td>
                    <td className="px-4 py-3 text-slate-700">{entry.subject ?? ""}</td>
                    <td className="max-w-xs break-words px-4 py-3 text-slate-700">
                      {describeDetails(entry.details)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </Card>
          <Pager
            label="Activity pages"
            offset={offset}
            limit={PAGE_SIZE}
            total={list.data?.total}
            onOffsetChange={setOffset}
          />
        </>
      )}
    </section>
  );
}

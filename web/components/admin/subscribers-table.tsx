// The subscriber list: who pays how, whether access is current now, and until which Fiji date it runs.
import type { AdminSubscriber, SubscriptionProvider, SubscriptionStatus } from "@shared/portal";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { cn } from "@/lib/utils";
import { STAFF_TIME_ZONE } from "./format";
import { RevokeAccessDialog } from "./subscribers-revoke-dialog";

const PROVIDER_LABELS: Record<SubscriptionProvider, string> = {
  stripe: "Card",
  mpaisa: "M-PAiSA",
  manual: "Manual",
};

const STATUS_LABELS: Record<SubscriptionStatus, string> = {
  active: "Active",
  past_due: "Past due",
  canceled: "Canceled",
  incomplete: "Incomplete",
};

const fijiDate = new Intl.DateTimeFormat("en-FJ", {
  timeZone: STAFF_TIME_ZONE,
  day: "numeric",
  month: "short",
  year: "numeric",
});

/** e.g. "5 Mar 2026": a granted period ends at 23:59 that day in Fiji, so the Fiji date is the last day of access. */
export function formatFijiDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : fijiDate.format(date);
}

const HEADINGS = ["Email", "Name", "Provider", "Status", "Access until", "Access", "Actions"];

interface SubscribersTableProps {
  subscribers: AdminSubscriber[];
  /** While the next page or search loads, the rows shown are the previous ones. */
  stale: boolean;
}

export function SubscribersTable({ subscribers, stale }: SubscribersTableProps) {
  return (
    // Focusable so keyboard users can scroll the table sideways on a narrow screen.
    <Card
      role="region"
      aria-label="Subscribers list"
      aria-busy={stale}
      tabIndex={0}
      className={cn("overflow-x-auto", stale && "opacity-60")}
    >
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Document Portal subscribers, most recently changed first</caption>
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
          {subscribers.map((s) => (
            <tr key={s.email}>
              <th scope="row" className="break-all px-4 py-3 font-medium text-slate-900">
                {s.email}
              </th>
              <td className="px-4 py-3 text-slate-700">{s.firstName ?? ""}</td>
              <td className="whitespace-nowrap px-4 py-3 text-slate-700">{PROVIDER_LABELS[s.provider]}</td>
              <td className="whitespace-nowrap px-4 py-3 text-slate-700">
                {STATUS_LABELS[s.status] ?? s.status}
              </td>
              <td className="whitespace-nowrap px-4 py-3 text-slate-700">
                {s.currentPeriodEnd ? formatFijiDate(s.currentPeriodEnd) : "Not set"}
              </td>
              <td className="whitespace-nowrap px-4 py-3">
                {s.hasAccess ? (
                  <Badge variant="success">Access current</Badge>
                ) : (
                  <Badge variant="secondary">No access</Badge>
                )}
              </td>
              <td className="whitespace-nowrap px-4 py-3">
                {s.hasAccess && <RevokeAccessDialog subscriber={s} />}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}

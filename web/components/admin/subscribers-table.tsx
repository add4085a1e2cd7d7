// The subscriber list: who pays how, whether access is current now, and until which Fiji date it runs.
import type { AdminSubscriber, SubscriptionProvider, SubscriptionStatus } from "@shared/portal";
import { Badge } from "@/components/ui/badge";
import { formatFijiDate } from "./format";
import { StaffTable } from "./staff-table";
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

const HEADINGS = ["Email", "Name", "Provider", "Status", "Access until", "Access", "Actions"];

interface SubscribersTableProps {
  subscribers: AdminSubscriber[];
  /** While the next page or search loads, the rows shown are the previous ones. */
  stale: boolean;
}

export function SubscribersTable({ subscribers, stale }: SubscribersTableProps) {
  return (
    <StaffTable
      label="Subscribers list"
      caption="Document Portal subscribers, most recently changed first"
      headings={HEADINGS}
      stale={stale}
    >
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
    </StaffTable>
  );
}

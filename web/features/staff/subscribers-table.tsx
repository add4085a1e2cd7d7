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
          <td className="px-4 py-3 text-slate-700">
            <span className="whitespace-nowrap">
              {s.currentPeriodEnd ? formatFijiDate(s.currentPeriodEnd) : "Not set"}
            </span>
            {s.grants.length > 0 && (
              <ul
                aria-label={`Access sources of ${s.email}`}
                className="mt-1 grid gap-0.5 text-xs text-slate-600"
              >
                {s.grants.map((grant) => (
                  <li key={`${grant.source}-${grant.sourceRef}`} className="whitespace-nowrap">
                    {GRANT_SOURCE_LABELS[grant.source]}
                    {grant.source === "wallet" && ` ${grant.sourceRef}`}: {formatFijiDate(grant.start)} to{" "}
                    {formatFijiDate(grant.end)}
                  </li>
                ))}
              </ul>
            )}
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

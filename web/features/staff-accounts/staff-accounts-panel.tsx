// The dashboard's "Staff accounts" view (owners only; the server checks every call too): the accounts with their
// role and state, the invitation form, and the invitations of the last 30 days.
import type { StaffAccountRow, StaffInviteRow } from "@shared/staff-accounts";
import { ROLE_LABELS } from "@shared/staff-accounts";
import { useQuery } from "@tanstack/react-query";
import { Badge } from "@/components/ui/badge";
import { formatFijiDate, formatFijiDateTime } from "@/features/staff/format";
import { ListStatus } from "@/features/staff/list-status";
import { StaffSection } from "@/features/staff/staff-section";
import { actionsColumn, CELL, StaffTable, type TableSpec } from "@/features/staff/staff-table";
import { staffAccountQueries } from "./api";
import { InviteForm } from "./invite-form";
import { AccountActions, InviteActions } from "./staff-account-actions";

const INVITE_STATE_LABELS: Record<StaffInviteRow["state"], string> = {
  pending: "Waiting",
  expired: "Expired",
  used: "Accepted",
  revoked: "Withdrawn",
};

const accountsTable: TableSpec<StaffAccountRow> = {
  label: "Staff accounts list",
  caption: "Staff accounts",
  rowKey: (row) => row.id,
  columns: [
    {
      heading: "Username",
      rowHeader: true,
      className: CELL.strong,
      cell: (row) => (row.self ? `${row.username} (you)` : row.username),
    },
    { heading: "Email", className: CELL.text, cell: (row) => row.email ?? "—" },
    { heading: "Role", className: CELL.nowrap, cell: (row) => ROLE_LABELS[row.role] },
    { heading: "Two-factor", className: CELL.nowrap, cell: (row) => (row.mfaEnabled ? "On" : "Off") },
    { heading: "Created", className: CELL.nowrap, cell: (row) => formatFijiDate(row.createdAt) },
    {
      heading: "Last sign-in",
      className: CELL.nowrap,
      cell: (row) => (row.lastSignInAt ? formatFijiDateTime(row.lastSignInAt) : "Never"),
    },
    {
      heading: "Status",
      className: CELL.controls,
      cell: (row) =>
        row.disabledAt ? <Badge variant="outline">Disabled</Badge> : <Badge variant="success">Active</Badge>,
    },
    actionsColumn((row) => <AccountActions account={row} />),
  ],
};

const invitesTable: TableSpec<StaffInviteRow> = {
  label: "Invitations list",
  caption: "Invitations of the last 30 days",
  rowKey: (row) => row.id,
  columns: [
    { heading: "Email", rowHeader: true, className: CELL.strong, cell: (row) => row.email },
    { heading: "Role", className: CELL.nowrap, cell: (row) => ROLE_LABELS[row.role] },
    { heading: "Invited by", className: CELL.nowrap, cell: (row) => row.invitedBy },
    { heading: "Sent", className: CELL.nowrap, cell: (row) => formatFijiDateTime(row.createdAt) },
    { heading: "Link works until", className: CELL.nowrap, cell: (row) => formatFijiDateTime(row.expiresAt) },
    { heading: "State", className: CELL.nowrap, cell: (row) => INVITE_STATE_LABELS[row.state] },
    actionsColumn((row) => <InviteActions invite={row} />),
  ],
};

export function StaffAccountsPanel() {
  const overview = useQuery(staffAccountQueries.overview());
  return (
    <StaffSection
      id="staff-accounts"
      title="Staff accounts"
      intro="Who can sign in to this dashboard. Disabling an account signs it out at once."
    >
      <InviteForm />
      {overview.data ? (
        <>
          <StaffTable spec={accountsTable} rows={overview.data.accounts} />
          <h3 className="text-lg font-semibold text-slate-900">Invitations</h3>
          {overview.data.invites.length > 0 ? (
            <StaffTable spec={invitesTable} rows={overview.data.invites} />
          ) : (
            <p className="text-sm text-slate-600">No invitations in the last 30 days.</p>
          )}
        </>
      ) : (
        <ListStatus
          isPending={overview.isPending}
          isError={overview.isError}
          isEmpty={false}
          noun="staff accounts"
          emptyText=""
          onRetry={() => void overview.refetch()}
        />
      )}
    </StaffSection>
  );
}

// Calls of the "Staff accounts" view (owners only) and of the /admin/invite page.
import type {
  AcceptInvite,
  InviteAccepted,
  InviteDetails,
  InviteStaff,
  StaffAccountRow,
  StaffOverview,
  StaffRole,
} from "@shared/staff-accounts";
import type { OkSchema, Wire } from "@shared/wire";
import { type QueryClient, queryOptions } from "@tanstack/react-query";
import { apiRequest } from "@/lib/query-client";

const STAFF = "/api/admin/staff";

async function send<T>(method: string, url: string, body?: unknown): Promise<T> {
  const res = await apiRequest(method, url, body);
  return (await res.json()) as T;
}

type Ok = Wire<typeof OkSchema>;

export const staffAccountQueries = {
  overview: () =>
    queryOptions({ queryKey: [STAFF] as const, queryFn: () => send<StaffOverview>("GET", STAFF) }),
};

export const staffAccountApi = {
  invite: (invite: InviteStaff) => send<Ok>("POST", `${STAFF}/invites`, invite),
  resend: (id: number) => send<Ok>("POST", `${STAFF}/invites/${id}/resend`),
  revoke: (id: number) => send<Ok>("POST", `${STAFF}/invites/${id}/revoke`),
  change: (id: number, change: { role?: StaffRole; disabled?: boolean }) =>
    send<StaffAccountRow>("PATCH", `${STAFF}/accounts/${id}`, change),
  /** The invitation page: who invited and the role, then the new account's details. */
  openInvite: (token: string) => send<InviteDetails>("POST", "/api/staff-invite", { token }),
  acceptInvite: (body: AcceptInvite) => send<InviteAccepted>("POST", "/api/staff-invite/accept", body),
};

export function refreshStaffAccounts(client: QueryClient) {
  return client.invalidateQueries({ queryKey: [STAFF] });
}

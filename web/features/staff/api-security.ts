// Calls of the staff "Account security" screens and of the sign-in's second step.
import type {
  AccountSecurity,
  AdminUser,
  ChangePassword,
  MfaConfirmResponse,
  MfaSetupResponse,
  PasswordChangedSchema,
  SessionsEndedSchema,
  StaffSessionsSchema,
} from "@shared/admin-security";
import type { OkSchema, Wire } from "@shared/wire";
import { type QueryClient, queryOptions } from "@tanstack/react-query";
import { apiRequest } from "@/lib/query-client";

const ACCOUNT = "/api/admin/account";
const SESSIONS = "/api/admin/sessions";

async function send<T>(method: string, url: string, body?: unknown): Promise<T> {
  const res = await apiRequest(method, url, body);
  return (await res.json()) as T;
}

export const securityQueries = {
  account: () =>
    queryOptions({ queryKey: [ACCOUNT] as const, queryFn: () => send<AccountSecurity>("GET", ACCOUNT) }),
  sessions: () =>
    queryOptions({
      queryKey: [SESSIONS] as const,
      queryFn: () => send<Wire<typeof StaffSessionsSchema>>("GET", SESSIONS),
    }),
};

export const securityApi = {
  /** The second sign-in step: an authenticator code or a recovery code. */
  verifyCode: (code: string) => send<AdminUser>("POST", "/api/admin/login/mfa", { code }),
  startSetup: () => send<MfaSetupResponse>("POST", "/api/admin/mfa/setup"),
  confirmSetup: (code: string) => send<MfaConfirmResponse>("POST", "/api/admin/mfa/confirm", { code }),
  changePassword: (change: ChangePassword) =>
    send<Wire<typeof PasswordChangedSchema>>("POST", "/api/admin/password", change),
  endSession: (id: string) => send<Wire<typeof OkSchema>>("DELETE", `${SESSIONS}/${encodeURIComponent(id)}`),
  endOtherSessions: () => send<Wire<typeof SessionsEndedSchema>>("POST", `${SESSIONS}/end-others`),
};

export const invalidateSecurity = (client: QueryClient) =>
  Promise.all(
    [ACCOUNT, SESSIONS, "/api/admin/audit"].map((path) => client.invalidateQueries({ queryKey: [path] })),
  );

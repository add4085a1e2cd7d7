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
  StepUpStatus,
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
  /** The current password is asked from a signed-in session, not right after it was typed (the sign-in's setup). */
  startSetup: (currentPassword?: string) =>
    send<MfaSetupResponse>("POST", "/api/admin/mfa/setup", currentPassword ? { currentPassword } : {}),
  /** A new set of recovery codes (a sensitive action: it may ask for a code first). */
  regenerateRecoveryCodes: () => send<MfaConfirmResponse>("POST", "/api/admin/mfa/recovery-codes"),
  stepUpStatus: () => send<StepUpStatus>("GET", "/api/admin/step-up"),
  stepUp: (code: string) => send<StepUpStatus>("POST", "/api/admin/step-up", { code }),
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

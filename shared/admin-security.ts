// Staff account security: the second sign-in step, authenticator setup, password change and the sessions list.
// The server validates with these schemas; the login page and the dashboard panel type their calls with them.
import * as z from "zod/mini";

/** POST /api/admin/login answers this; `next` is present only when a second step must follow the password. */
export interface AdminLoginResponse {
  username: string;
  /** "mfa": enter the authenticator (or a recovery) code; "setup": turn on two-factor before going further. */
  next?: "mfa" | "setup";
}

export const INVALID_MFA_CODE = "That code is not valid. Please enter the current code from your app.";
export const MFA_EXPIRED = "The sign-in step timed out. Please sign in again.";

/** A 6-digit authenticator code, or a recovery code (xxxxx-xxxxx). */
export const MfaCodeSchema = z.object({
  code: z
    .string()
    .check(
      z.trim(),
      z.minLength(6, "Please enter the 6-digit code from your app."),
      z.maxLength(20, "Please enter the 6-digit code from your app."),
    ),
});

export interface MfaSetupResponse {
  /** Base32, for typing into an app that cannot scan. */
  secret: string;
  otpauthUri: string;
  /** An SVG data URL of the QR code. */
  qrDataUrl: string;
}

export interface MfaConfirmResponse {
  /** Shown this once; only their hashes are stored. */
  recoveryCodes: string[];
}

export interface AccountSecurity {
  username: string;
  mfaEnabled: boolean;
  recoveryCodesLeft: number;
  /** ADMIN_REQUIRE_MFA: two-factor cannot be left off. */
  mfaRequired: boolean;
}

export const ChangePasswordSchema = z.object({
  currentPassword: z.string().check(z.minLength(1, "Please enter your current password."), z.maxLength(200)),
  newPassword: z.string().check(z.maxLength(200, "The password must be at most 200 characters.")),
});
export type ChangePassword = z.infer<typeof ChangePasswordSchema>;

export interface StaffSessionRow {
  id: string;
  userAgent: string | null;
  ip: string | null;
  createdAt: string;
  lastSeenAt: string;
  /** The session making this request. */
  current: boolean;
}

export const SessionIdParamsSchema = z.object({
  id: z.string().check(z.regex(/^[0-9a-f]{32}$/, "Unknown session.")),
});

// Staff account security: the second sign-in step, authenticator setup, password change and the sessions list.
// The server validates with these schemas; the login page and the dashboard panel type their calls with them.
import * as z from "zod/mini";
import { STAFF_ROLES } from "./staff-accounts";
import { timestamp } from "./wire";

/** POST /api/admin/login answers this; `next` is present only when a second step must follow the password. */
export const AdminLoginResponseSchema = z.object({
  username: z.string(),
  /** "mfa": enter the authenticator (or a recovery) code; "setup": turn on two-factor before going further. */
  next: z.optional(z.enum(["mfa", "setup"])),
});
export type AdminLoginResponse = z.input<typeof AdminLoginResponseSchema>;

/** GET /api/admin/status: whether any staff account exists yet (the sign-in page says how to create one). */
export const AdminStatusSchema = z.object({ hasAdmin: z.boolean() });

/**
 * GET /api/admin/auth and the second sign-in step: who is signed in, and their role (GET /api/admin/auth always says
 * it; the dashboard shows owner-only views to owners only, the server checks every call anyway).
 */
export const AdminUserSchema = z.object({ username: z.string(), role: z.optional(z.enum(STAFF_ROLES)) });
export type AdminUser = z.input<typeof AdminUserSchema>;

/** How long a second-factor check lets the sensitive actions through (ADR 051). */
export const STEP_UP_WINDOW_MS = 10 * 60 * 1000;

/**
 * The 403 of a sensitive action (a backup download, a role change, a refund approval, a wallet payment confirmed by
 * hand, a payee change) without a recent second factor: `step_up_required` asks for a code, then the dashboard
 * retries; `mfa_setup_required` tells an account without two-factor to turn it on first.
 */
export const STEP_UP_REQUIRED = {
  code: "step_up_required",
  message: "Confirm with your authenticator code to continue.",
} as const;
export const MFA_SETUP_REQUIRED = {
  code: "mfa_setup_required",
  message: "Turn on two-factor sign-in under Account security first: this action needs it.",
} as const;
export type StepUpCode = typeof STEP_UP_REQUIRED.code | typeof MFA_SETUP_REQUIRED.code;

/** GET /api/admin/step-up and the answer of POST /api/admin/step-up. */
export const StepUpStatusSchema = z.object({
  mfaEnabled: z.boolean(),
  /** Until when the sensitive actions go through without asking again; null: they ask now. */
  verifiedUntil: z.nullable(z.string()),
});
export type StepUpStatus = z.input<typeof StepUpStatusSchema>;

/** POST /api/admin/mfa/setup: the current password, asked when two-factor is turned on from a signed-in session. */
export const MfaSetupRequestSchema = z.nullish(
  z.object({ currentPassword: z.optional(z.string().check(z.maxLength(200))) }),
);
export const CURRENT_PASSWORD_NEEDED = "Please enter your current password to turn on two-factor sign-in.";

export const INVALID_MFA_CODE = "That code is not valid. Please enter the current code from your app.";
export const MFA_EXPIRED = "The sign-in step timed out. Please sign in again.";
/** The 400 of POST /api/admin/password when the current password given is wrong. */
export const WRONG_CURRENT_PASSWORD = "The current password is not correct.";

/** A 6-digit authenticator code, or a recovery code (abcd-xxxxx-xxxxx, or an older xxxxx-xxxxx). */
export const MfaCodeSchema = z.object({
  code: z
    .string()
    .check(
      z.trim(),
      z.minLength(6, "Please enter the 6-digit code from your app."),
      z.maxLength(20, "Please enter the 6-digit code from your app."),
    ),
});

export const MfaSetupResponseSchema = z.object({
  /** Base32, for typing into an app that cannot scan. */
  secret: z.string(),
  otpauthUri: z.string(),
  /** An SVG data URL of the QR code. */
  qrDataUrl: z.string(),
});
export type MfaSetupResponse = z.input<typeof MfaSetupResponseSchema>;

export const MfaConfirmResponseSchema = z.object({
  /** Shown this once; only their hashes are stored. */
  recoveryCodes: z.array(z.string()),
});
/** POST /api/admin/mfa/recovery-codes: a new set, shown this once (the old codes stop working). */
export const RecoveryCodesResponseSchema = MfaConfirmResponseSchema;
export type MfaConfirmResponse = z.input<typeof MfaConfirmResponseSchema>;

export const AccountSecuritySchema = z.object({
  username: z.string(),
  mfaEnabled: z.boolean(),
  recoveryCodesLeft: z.number(),
  /** Some codes left are of the older kind (ADR 019): the dashboard asks to regenerate them. */
  recoveryCodesOutdated: z.boolean(),
  /** Two-factor cannot be left off: an owner's account, or ADMIN_REQUIRE_MFA. */
  mfaRequired: z.boolean(),
});
export type AccountSecurity = z.input<typeof AccountSecuritySchema>;

/** POST /api/admin/password: done, and how many other sessions it ended. */
export const PasswordChangedSchema = z.object({ ok: z.literal(true), endedSessions: z.number() });
/** POST /api/admin/sessions/end-others. */
export const SessionsEndedSchema = z.object({ ok: z.literal(true), ended: z.number() });

export const ChangePasswordSchema = z.object({
  currentPassword: z.string().check(z.minLength(1, "Please enter your current password."), z.maxLength(200)),
  newPassword: z.string().check(z.maxLength(200, "The password must be at most 200 characters.")),
});
export type ChangePassword = z.infer<typeof ChangePasswordSchema>;

export const StaffSessionRowSchema = z.object({
  id: z.string(),
  userAgent: z.nullable(z.string()),
  ip: z.nullable(z.string()),
  createdAt: timestamp,
  lastSeenAt: timestamp,
  /** The session making this request. */
  current: z.boolean(),
});
export type StaffSessionRow = z.input<typeof StaffSessionRowSchema>;
export const StaffSessionsSchema = z.object({ sessions: z.array(StaffSessionRowSchema) });

export const SessionIdParamsSchema = z.object({
  id: z.string().check(z.regex(/^[0-9a-f]{32}$/, "Unknown session.")),
});

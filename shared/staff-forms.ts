// The staff screens' own form rules, kept beside the server's schemas they lead to: the password change form has a
// repeat field the server never sees, and the authenticator setup takes only the 6-digit code (no recovery code).
import * as z from "zod/mini";

export const SIX_DIGIT_CODE = "Please enter the 6-digit code from your app.";

/** Turning on two-factor: the current 6-digit code from the app (MfaCodeSchema also takes recovery codes). */
export const MfaSetupCodeSchema = z.object({
  code: z.string().check(z.trim(), z.regex(/^\d{6}$/, SIX_DIGIT_CODE)),
});

const MISSING_PASSWORDS = "Please enter your current and your new password.";

/** The dashboard's password change form; the server then applies ChangePasswordSchema and its own rules. */
export const ChangePasswordFormSchema = z
  .object({
    currentPassword: z.string().check(z.minLength(1, MISSING_PASSWORDS)),
    newPassword: z.string().check(z.minLength(1, MISSING_PASSWORDS)),
    repeatPassword: z.string(),
  })
  .check(
    z.refine((form) => form.newPassword === form.repeatPassword, {
      message: "The new passwords do not match.",
      path: ["repeatPassword"],
    }),
  );
export type ChangePasswordForm = z.input<typeof ChangePasswordFormSchema>;

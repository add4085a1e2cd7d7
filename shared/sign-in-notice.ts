// GET /api/admin/sign-in-notice: what the dashboard shows once to a staff member without an e-mail address whose
// username strangers' wrong passwords paused (ADR 050); those with an address are e-mailed instead.
import * as z from "zod/mini";
import { timestamp } from "./wire";

export const SignInNoticeSchema = z.object({
  at: timestamp,
  failures: z.number(),
  addresses: z.number(),
  windowMinutes: z.number(),
});
/** As the browser reads it (the time an ISO string). */
export type SignInNotice = z.input<typeof SignInNoticeSchema>;
/** As the server hands it over (the time a Date). */
export type SignInNoticeRecord = z.output<typeof SignInNoticeSchema>;

export const SignInNoticeResponseSchema = z.object({ notice: z.nullable(SignInNoticeSchema) });
export type SignInNoticeResponse = z.input<typeof SignInNoticeResponseSchema>;

/** The notice's words, the same in the dashboard and its tests. */
export function signInNoticeText(notice: {
  failures: number;
  addresses: number;
  windowMinutes: number;
}): string {
  const addresses = notice.addresses === 1 ? "1 address" : `${notice.addresses} different addresses`;
  return (
    `${notice.failures} wrong passwords were tried for your username within ${notice.windowMinutes} minutes, from ${addresses}. ` +
    "Sign-in with your username was paused for a few minutes at a time for browsers that had never signed in to your account; " +
    "the browsers where you have signed in before kept working. If it was not you, choose a long password and turn on two-factor sign-in (Account security)."
  );
}

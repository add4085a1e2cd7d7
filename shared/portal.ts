// Subscriber accounts and the document portal (SPEC sections 2, 3, 6 and 7): the e-mail sign-in forms' schemas and
// the shapes the portal reads. The server validates with these schemas; the screens type their queries with them.
import * as z from "zod/mini";
import { emailField } from "./fields";

/**
 * Set (readable by scripts, holding no secret) beside the HttpOnly session cookie: the portal asks GET /api/auth/user
 * only when it is present. The server clears it at logout and whenever it finds no session.
 */
export const SIGNED_IN_HINT_COOKIE = "rpas_signed_in";

/** Sign-in codes: 6 digits, valid this long, single use, a few tries each. */
export const SIGN_IN_CODE = { digits: 6, validMinutes: 15, maxAttempts: 5 } as const;

export const EmailSignInSchema = z.object({
  email: emailField(),
  /** Where to land after signing in; only paths on this site are honoured. */
  returnTo: z.optional(z.string().check(z.maxLength(200))),
});
export type EmailSignIn = z.input<typeof EmailSignInSchema>;

export const CODE_FORMAT_MESSAGE = `Enter the ${SIGN_IN_CODE.digits}-digit code from the e-mail.`;

export const VerifyCodeSchema = z.object({
  email: emailField(),
  code: z.string({ error: CODE_FORMAT_MESSAGE }).check(z.trim(), z.regex(/^\d{6}$/, CODE_FORMAT_MESSAGE)),
});
export type VerifyCode = z.input<typeof VerifyCodeSchema>;

export const VerifyLinkSchema = z.object({
  token: z.string().check(z.minLength(20), z.maxLength(200)),
});

/** POST /api/login/email always answers this, whether or not the address has an account (anyone may sign up). */
export const CODE_SENT_MESSAGE = "Check your inbox: we sent you a sign-in link and a 6-digit code.";
export const CODE_INVALID_MESSAGE = "That code is not valid or has expired. Request a new one and try again.";
export const LINK_INVALID_MESSAGE = "This sign-in link is not valid or has expired. Request a new one.";
export const SUBSCRIPTION_REQUIRED_MESSAGE =
  "A current subscription is required to download premium documents. Subscribe for FJD $50.00 a month.";
export const SIGN_IN_REQUIRED_MESSAGE = "Please sign in to download premium documents.";

export type SubscriptionProvider = "stripe" | "mpaisa" | "manual";
export type SubscriptionStatus = "active" | "past_due" | "canceled" | "incomplete";

export interface SubscriptionInfo {
  provider: SubscriptionProvider;
  status: SubscriptionStatus;
  /** ISO 8601; access ends then. */
  currentPeriodEnd: string | null;
  /** The period not yet ended. */
  hasAccess: boolean;
  /** ISO 8601: a card subscription set to end (cancelled) ends then and is not charged again. */
  cancelAt: string | null;
  /** What the access is made of, in the order it runs (server/payments/entitlements.ts). */
  grants: AccessGrant[];
}

/** One source of portal access as placed on the timeline: a card period, a wallet payment, a staff grant. */
export interface AccessGrant {
  source: "stripe" | "wallet" | "staff" | "sandbox";
  sourceRef: string;
  /** ISO 8601. */
  start: string;
  end: string;
  note: string | null;
}

export const GRANT_SOURCE_LABELS: Record<AccessGrant["source"], string> = {
  stripe: "Card subscription",
  wallet: "M-PAiSA payment",
  staff: "Granted by our team",
  sandbox: "Sandbox payment",
};

/** GET /api/auth/user (SPEC section 3, "Current user", plus the subscription). */
export interface CurrentUser {
  id: number;
  email: string;
  firstName: string | null;
  subscription: SubscriptionInfo | null;
}

/** GET /api/documents */
export interface LibraryDocument {
  id: string;
  title: string;
  description: string;
  type: string;
  category: string;
  level: "Premium";
  fileSize: string;
  downloadCount: number;
}

export const documentDownloadUrl = (id: string) => `/api/documents/${encodeURIComponent(id)}/download`;

/** Staff grant or revoke access by hand (bank transfers): POST /api/admin/subscriptions/grant and /revoke. */
export const GrantAccessSchema = z.object({
  email: emailField(),
  /** YYYY-MM-DD, the last day of access (inclusive, Fiji time). */
  until: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, "Choose the date access ends")),
});
export const RevokeAccessSchema = z.object({ email: emailField() });

export interface AdminSubscriber {
  email: string;
  firstName: string | null;
  provider: SubscriptionProvider;
  status: SubscriptionStatus;
  currentPeriodEnd: string | null;
  hasAccess: boolean;
  updatedAt: string;
  grants: AccessGrant[];
}

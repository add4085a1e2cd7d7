// Subscriber accounts and the document portal (docs/product.md, Subscriber sign-in and Premium Document Portal): the
// e-mail sign-in forms' schemas and the shapes the portal reads. The server validates with these schemas; the
// screens type their queries with them.
import * as z from "zod/mini";
import { SUBSCRIPTION } from "./constants";
import { emailField } from "./fields";
import { formatFjd } from "./money-format";
import { GRANT_SOURCES, SIGN_IN_CODE } from "./portal-access";
import { timestamp } from "./wire";

export {
  CODE_INVALID_MESSAGE,
  CODE_SENT_MESSAGE,
  documentDownloadUrl,
  GRANT_SOURCE_LABELS,
  SIGN_IN_CODE,
  SIGNED_IN_HINT_COOKIE,
} from "./portal-access";

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

export const LINK_INVALID_MESSAGE = "This sign-in link is not valid or has expired. Request a new one.";
export const SUBSCRIPTION_REQUIRED_MESSAGE = `A current subscription is required to download premium documents. Subscribe for ${formatFjd(SUBSCRIPTION.priceCents, "public")} a month.`;
export const SIGN_IN_REQUIRED_MESSAGE = "Please sign in to download premium documents.";

/** "sandbox": the sandbox's simulated card payment (PAYMENTS_SANDBOX only). */
export const SUBSCRIPTION_PROVIDERS = ["stripe", "mpaisa", "manual", "sandbox"] as const;
export type SubscriptionProvider = (typeof SUBSCRIPTION_PROVIDERS)[number];
export const SUBSCRIPTION_STATUSES = ["active", "past_due", "canceled", "incomplete"] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** One source of portal access as placed on the timeline: a card period, a wallet payment, a staff grant. */
export const AccessGrantSchema = z.object({
  source: z.enum(GRANT_SOURCES),
  sourceRef: z.string(),
  /** ISO 8601. */
  start: timestamp,
  end: timestamp,
  note: z.nullable(z.string()),
});
export type AccessGrant = z.input<typeof AccessGrantSchema>;

export const SubscriptionInfoSchema = z.object({
  provider: z.enum(SUBSCRIPTION_PROVIDERS),
  status: z.enum(SUBSCRIPTION_STATUSES),
  /** ISO 8601; access ends then. */
  currentPeriodEnd: z.nullable(timestamp),
  /** The period not yet ended. */
  hasAccess: z.boolean(),
  /** ISO 8601: a card subscription set to end (cancelled) ends then and is not charged again. */
  cancelAt: z.nullable(timestamp),
  /** What the access is made of, in the order it runs (server/payments/entitlements.ts). */
  grants: z.array(AccessGrantSchema),
});
export type SubscriptionInfo = z.input<typeof SubscriptionInfoSchema>;

/** GET /api/auth/user: the signed-in subscriber and their subscription. */
export const CurrentUserSchema = z.object({
  id: z.number(),
  email: z.string(),
  firstName: z.nullable(z.string()),
  subscription: z.nullable(SubscriptionInfoSchema),
});
export type CurrentUser = z.input<typeof CurrentUserSchema>;

/** The answer of a completed sign-in (code or link): who, and where to go next. */
export const SignedInSchema = z.object({ user: CurrentUserSchema, returnTo: z.string() });
export type SignedIn = z.input<typeof SignedInSchema>;

/** POST /api/login/email: 202 with CODE_SENT_MESSAGE. */
export const CodeSentSchema = z.object({ message: z.string() });

/** GET /api/documents: the contract lives with the rest of the library's. */
export { type LibraryDocument, LibraryDocumentListSchema, LibraryDocumentSchema } from "./library";

/** GET /api/documents/:id/download */
export const DocumentIdParamsSchema = z.object({ id: z.string().check(z.maxLength(100)) });

/** Staff grant or revoke access by hand (bank transfers): POST /api/admin/subscriptions/grant and /revoke. */
export const GrantAccessSchema = z.object({
  email: emailField(),
  /** YYYY-MM-DD, the last day of access (inclusive, Fiji time). */
  until: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, "Choose the date access ends")),
});
export const RevokeAccessSchema = z.object({ email: emailField() });

export const AdminSubscriberSchema = z.object({
  email: z.string(),
  /** The name given when paying (server/payments/subscription-rows.ts), else the portal account's first name. */
  name: z.nullable(z.string()),
  firstName: z.nullable(z.string()),
  provider: z.enum(SUBSCRIPTION_PROVIDERS),
  status: z.enum(SUBSCRIPTION_STATUSES),
  currentPeriodEnd: z.nullable(timestamp),
  hasAccess: z.boolean(),
  updatedAt: timestamp,
  grants: z.array(AccessGrantSchema),
});
export type AdminSubscriber = z.input<typeof AdminSubscriberSchema>;

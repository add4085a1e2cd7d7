// Query keys and calls of the staff screens. Every key starts with the API path it reads, so invalidating
// [path] refreshes every page and filter of that list; the parameters sit in an object after it.

import type {
  AdminEnrollment,
  AdminMessage,
  AdminReview,
  AuditEntry,
  EnrollmentSummary,
  EnrollmentTab,
  Page,
  SheetsSyncResultSchema,
} from "@shared/admin";
import type { AdminStatusSchema, AdminUser } from "@shared/admin-security";
import { REVIEW_STATUSES } from "@shared/constants";
import type {
  AdminEmail,
  EmailPreview,
  EmailPreviewItem,
  EmailRequeuedSchema,
  OutboxStatus,
} from "@shared/contracts/outbox";
import type {
  AdminWalletPayment,
  GrantedAccess,
  RevokedAccessSchema,
  WalletAssignedSchema,
  WalletConfirmedSchema,
  WalletPaymentStatus,
} from "@shared/contracts/payments";
import type { AdminText, TextCap, TextFilter } from "@shared/contracts/texts";
import type { WalletConfirmation } from "@shared/payment";
import type { AdminSubscriber } from "@shared/portal";
import type { OkSchema, Wire } from "@shared/wire";
import { type QueryClient, queryOptions } from "@tanstack/react-query";
import { serverMessage as apiServerMessage, httpStatus } from "@/lib/api";

export type {
  AdminEmail,
  AdminText,
  AdminUser,
  AdminWalletPayment,
  EmailPreview,
  EmailPreviewItem,
  GrantedAccess,
  OutboxStatus,
  TextCap,
  TextFilter,
  WalletPaymentStatus,
};

import { apiRequest, getQueryFn } from "@/lib/query-client";

export const PAGE_SIZE = 25;

export const ADMIN_AUTH_KEY = ["/api/admin/auth"] as const;
const ENROLLMENTS = "/api/enrollments";
const SUMMARY = "/api/enrollments/summary";
const MESSAGES = "/api/admin/messages";
const REVIEWS = "/api/admin/reviews";
const AUDIT = "/api/admin/audit";
const SUBSCRIBERS = "/api/admin/subscribers";
const WALLET_PAYMENTS = "/api/admin/wallet-payments";
const OUTBOX = "/api/admin/outbox";
const TEXTS = "/api/admin/texts";
/** TEXT_CAP_PATH of shared/contracts/texts.ts (that module's schemas stay out of the bundle). */
const TEXT_CAP = "/api/admin/texts/cap";
/** EMAIL_PREVIEWS_PATH of shared/contracts/outbox.ts (that module's schemas stay out of the bundle). */
const EMAIL_PREVIEWS = "/api/admin/email-previews";
/** The landing page's approved reviews (web/features/landing/reviews.tsx). */
const PUBLIC_REVIEWS = "/api/reviews";

export const EXPORT_CSV_URL = "/api/enrollments/export.csv";

type Params = Record<string, string | number | undefined>;

/** `path` with the parameters that have a value as its query string. */
export function withParams(path: string, params: Params): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined && value !== "") search.set(name, String(value));
  }
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

async function getJson<T>(url: string): Promise<T> {
  const res = await apiRequest("GET", url);
  return (await res.json()) as T;
}

/** Keyed queries: the key holds the path and the parameters, the function builds the URL from both. */
function listQuery<T>(path: string, params: Params) {
  return queryOptions({
    queryKey: [path, params] as const,
    queryFn: () => getJson<T>(withParams(path, params)),
  });
}

export const adminQueries = {
  /** null when nobody is signed in: the dashboard sends the visitor to /admin instead of showing an error. */
  auth: () =>
    queryOptions({ queryKey: ADMIN_AUTH_KEY, queryFn: getQueryFn<AdminUser>({ on401: "returnNull" }) }),
  status: () =>
    queryOptions({
      queryKey: ["/api/admin/status"] as const,
      queryFn: () => getJson<Wire<typeof AdminStatusSchema>>("/api/admin/status"),
    }),
  enrollments: (params: { tab: EnrollmentTab; q: string; limit: number; offset: number }) =>
    listQuery<AdminEnrollment[]>(ENROLLMENTS, params),
  summary: (q = "") => listQuery<EnrollmentSummary>(SUMMARY, { q }),
  messages: (params: { status: MessageFilter; limit: number; offset: number }) =>
    listQuery<Page<AdminMessage>>(MESSAGES, params),
  reviews: (params: { status: ReviewFilter; limit: number; offset: number }) =>
    listQuery<Page<AdminReview>>(REVIEWS, params),
  audit: (params: { limit: number; offset: number }) => listQuery<Page<AuditEntry>>(AUDIT, params),
  subscribers: (params: { q: string; limit: number; offset: number }) =>
    listQuery<Page<AdminSubscriber>>(SUBSCRIBERS, params),
  walletPayments: (params: { status: WalletPaymentStatus | "unmatched"; limit: number; offset: number }) =>
    listQuery<Page<AdminWalletPayment>>(WALLET_PAYMENTS, params),
  outbox: (params: { status: OutboxStatus; limit: number; offset: number }) =>
    listQuery<Page<AdminEmail>>(OUTBOX, params),
  texts: (params: { status: TextFilter; limit: number; offset: number }) =>
    listQuery<Page<AdminText>>(TEXTS, params),
  /** Whether today's cap on SMS parts was reached: under the texts' path, so refreshing the texts refreshes it. */
  textCap: () =>
    queryOptions({ queryKey: [TEXTS, "cap"] as const, queryFn: () => getJson<TextCap>(TEXT_CAP) }),
  /** Every e-mail template case with sample data (the E-mail view's preview). */
  emailPreviews: () =>
    queryOptions({
      queryKey: [EMAIL_PREVIEWS] as const,
      queryFn: () => getJson<{ items: EmailPreviewItem[] }>(EMAIL_PREVIEWS),
    }),
  emailPreview: (id: string) =>
    queryOptions({
      queryKey: [EMAIL_PREVIEWS, { id }] as const,
      queryFn: () => getJson<EmailPreview>(`${EMAIL_PREVIEWS}/${encodeURIComponent(id)}`),
    }),
};

export const MESSAGE_FILTERS = ["open", "handled", "all"] as const;
export type MessageFilter = (typeof MESSAGE_FILTERS)[number];
export const REVIEW_FILTERS = REVIEW_STATUSES;
export type ReviewFilter = (typeof REVIEW_FILTERS)[number];

async function sendJson<T>(method: string, url: string, body?: unknown): Promise<T> {
  const res = await apiRequest(method, url, body);
  return (await res.json()) as T;
}

export const adminApi = {
  login: (credentials: { username: string; password: string }) =>
    sendJson<AdminUser>("POST", "/api/admin/login", credentials),
  logout: () => sendJson<Wire<typeof OkSchema>>("POST", "/api/admin/logout"),
  markProcessed: (id: number, notes: string) =>
    sendJson<AdminEnrollment>("PATCH", `${ENROLLMENTS}/${id}/processed`, { notes: notes.trim() || null }),
  syncGoogleSheets: () =>
    sendJson<Wire<typeof SheetsSyncResultSchema>>("POST", "/api/admin/sync-google-sheets"),
  markHandled: (id: number) => sendJson<AdminMessage>("PATCH", `${MESSAGES}/${id}/handled`),
  moderateReview: (id: number, status: "approved" | "rejected") =>
    sendJson<AdminReview>("PATCH", `${REVIEWS}/${id}`, { status }),
  /** Owner only: features the review on the home page (its writer's consent must stand), or stops. */
  featureReview: (id: number, featured: boolean) =>
    sendJson<AdminReview>("POST", `${REVIEWS}/${id}/${featured ? "feature" : "unfeature"}`),
  /** `until` is YYYY-MM-DD, the last day of access in Fiji time. */
  grantAccess: (grant: { email: string; until: string }) =>
    sendJson<GrantedAccess>("POST", "/api/admin/subscriptions/grant", grant),
  revokeAccess: (email: string) =>
    sendJson<Wire<typeof RevokedAccessSchema>>("POST", "/api/admin/subscriptions/revoke", { email }),
  /** Staff saw the money arrive but no callback came: settles the payment and grants its month of access. */
  assignWalletPayment: (reference: string, email: string) =>
    sendJson<Wire<typeof WalletAssignedSchema>>(
      "POST",
      `${WALLET_PAYMENTS}/${encodeURIComponent(reference)}/assign`,
      { email },
    ),
  resendEmail: (id: number) => sendJson<Wire<typeof EmailRequeuedSchema>>("POST", `${OUTBOX}/${id}/resend`),
  confirmWalletPayment: (reference: string, received: WalletConfirmation) =>
    sendJson<Wire<typeof WalletConfirmedSchema>>(
      "POST",
      `${WALLET_PAYMENTS}/${encodeURIComponent(reference)}/confirm`,
      received,
    ),
};

/** What a change makes stale; the activity log records every staff action, so it is always among them. */
export const invalidate = {
  enrollments: (client: QueryClient) =>
    Promise.all([ENROLLMENTS, SUMMARY, AUDIT].map((path) => client.invalidateQueries({ queryKey: [path] }))),
  messages: (client: QueryClient) =>
    Promise.all([MESSAGES, AUDIT].map((path) => client.invalidateQueries({ queryKey: [path] }))),
  reviews: (client: QueryClient) =>
    Promise.all(
      [REVIEWS, PUBLIC_REVIEWS, AUDIT].map((path) => client.invalidateQueries({ queryKey: [path] })),
    ),
  subscribers: (client: QueryClient) =>
    Promise.all([SUBSCRIBERS, AUDIT].map((path) => client.invalidateQueries({ queryKey: [path] }))),
  walletPayments: (client: QueryClient) =>
    Promise.all(
      [WALLET_PAYMENTS, SUBSCRIBERS, AUDIT].map((path) => client.invalidateQueries({ queryKey: [path] })),
    ),
  outbox: (client: QueryClient) =>
    Promise.all([OUTBOX, AUDIT].map((path) => client.invalidateQueries({ queryKey: [path] }))),
  /** After staff queue a text (the one-off text from the places list). */
  texts: (client: QueryClient) =>
    Promise.all([TEXTS, AUDIT].map((path) => client.invalidateQueries({ queryKey: [path] }))),
};

/** After sign-out nothing of the last session may linger in the cache for the next person at this browser. */
export function forgetSession(client: QueryClient): void {
  // Every staff view's data: the enrollments under /api/enrollments, everything else (intakes, settings, …) under
  // /api/admin.
  client.removeQueries({
    predicate: (query) => /^\/api\/(admin|enrollments)\b/.test(String(query.queryKey[0])),
  });
  client.setQueryData<AdminUser | null>(ADMIN_AUTH_KEY, null);
}

/** The server's `message` from a failed call's JSON body, if it sent one (null otherwise, as the panels expect). */
export const serverMessage = (error: unknown): string | null => apiServerMessage(error) ?? null;
export { httpStatus };

// What the payment routes answer: the config the pages read, the card and wallet requests, a wallet payment's
// status, the sandbox card payment, Stripe's webhook and billing calls, and staff's subscriber and wallet views;
// and, at the end, what they read from the address (path parameters and query strings).
import * as z from "zod/mini";
import { REFERENCE_PREFIX } from "../constants";
import { searchQuery, staffListContract } from "../paging";
import { AdminSubscriberSchema } from "../portal";
import { pageOf, timestamp } from "../wire";

/**
 * GET /api/payments/config: which providers stand behind the payment endpoints. "demo" runs the simulated card
 * checkout, which charges nothing and sends no card data anywhere.
 */
export const PaymentsConfigSchema = z.object({
  card: z.enum(["demo", "stripe"]),
  stripePublishableKey: z.nullable(z.string()),
  wallet: z.nullable(z.enum(["mpaisa", "sandbox"])),
  /** PAYMENTS_SANDBOX: payment pages say plainly that no real money moves. */
  sandbox: z.boolean(),
});
export type PaymentsConfig = z.input<typeof PaymentsConfigSchema>;

/** POST /api/create-subscription: what the browser confirms the card payment with. */
export const SubscriptionResponseSchema = z.object({ clientSecret: z.string() });
export type SubscriptionResponse = z.input<typeof SubscriptionResponseSchema>;

/** POST /api/create-mpaisa-payment */
export const MpaisaPaymentResponseSchema = z.object({
  transactionId: z.string(),
  /** Our reference for the payment: the status panel polls GET /api/mpaisa-payments/:reference with it. */
  reference: z.optional(z.string()),
  status: z.string(),
  message: z.string(),
  /** The provider's hosted page, when it wants the payer to confirm there; the page opens it in a new tab. */
  checkoutUrl: z.optional(z.nullable(z.string())),
});
export type MpaisaPaymentResponse = z.input<typeof MpaisaPaymentResponseSchema>;

/** POST /api/generate-qr-payment */
export const QrPaymentResponseSchema = z.object({
  qrCodeUrl: z.string(),
  transactionId: z.optional(z.string()),
  /** Our reference: the status panel polls GET /api/mpaisa-payments/:reference with it. */
  reference: z.optional(z.string()),
  /** The gateway's hosted page the QR code encodes, for a payer on the phone that would scan it. */
  checkoutUrl: z.optional(z.string()),
});
export type QrPaymentResponse = z.input<typeof QrPaymentResponseSchema>;

export const WALLET_PAYMENT_STATUSES = ["pending", "completed", "failed"] as const;
export type WalletPaymentStatus = (typeof WALLET_PAYMENT_STATUSES)[number];

/** GET /api/mpaisa-payments/:reference: what the payer's status panel shows. */
export const WalletPaymentStateSchema = z.object({
  reference: z.string(),
  status: z.enum(WALLET_PAYMENT_STATUSES),
  message: z.nullable(z.string()),
  transactionId: z.nullable(z.string()),
});
export type WalletPaymentState = z.input<typeof WalletPaymentStateSchema>;

/** POST /api/sandbox/card-payment: the simulated payment and the access it bought. */
export const SandboxCardResultSchema = z.object({ status: z.literal("completed"), accessUntil: timestamp });

/** POST /api/stripe/webhook: Stripe only needs to know the event arrived. */
export const WebhookReceivedSchema = z.object({ received: z.literal(true) });

/** POST /api/billing-portal: Stripe's customer portal for this subscriber. */
export const BillingPortalSchema = z.object({ url: z.string() });

/** POST /api/subscription/cancel: renewals stop; access ends then. */
export const SubscriptionCancelledSchema = z.object({ cancelAt: z.nullable(timestamp) });

/** GET /api/admin/subscribers */
export const AdminSubscriberPageSchema = pageOf(AdminSubscriberSchema);

/** POST /api/admin/subscriptions/grant */
export const GrantedAccessSchema = z.object({
  email: z.string(),
  /** ISO 8601: the end of access, after any access already running. */
  currentPeriodEnd: timestamp,
  hasAccess: z.literal(true),
});
export type GrantedAccess = z.input<typeof GrantedAccessSchema>;

/** POST /api/admin/subscriptions/revoke */
export const RevokedAccessSchema = z.object({ email: z.string(), hasAccess: z.literal(false) });

/** GET /api/admin/wallet-payments: an M-PAiSA payment as staff see it (a QR payment has no payer details). */
export const AdminWalletPaymentSchema = z.object({
  reference: z.string(),
  method: z.enum(["mobile", "qr"]),
  email: z.nullable(z.string()),
  name: z.nullable(z.string()),
  phone: z.nullable(z.string()),
  amountCents: z.number(),
  status: z.enum(WALLET_PAYMENT_STATUSES),
  providerTransactionId: z.nullable(z.string()),
  message: z.nullable(z.string()),
  createdAt: timestamp,
  settledAt: z.nullable(timestamp),
  settledBy: z.nullable(z.string()),
});
export type AdminWalletPayment = z.input<typeof AdminWalletPaymentSchema>;
export const AdminWalletPaymentPageSchema = pageOf(AdminWalletPaymentSchema);

/** POST /api/admin/wallet-payments/:reference/assign */
export const WalletAssignedSchema = z.object({
  reference: z.string(),
  email: z.string(),
  accessUntil: timestamp,
});

/** POST /api/admin/wallet-payments/:reference/confirm */
export const WalletConfirmedSchema = z.object({
  reference: z.string(),
  status: z.enum(WALLET_PAYMENT_STATUSES),
  accessUntil: z.nullable(timestamp),
});

// What the routes read from the address (their bodies are the form schemas of shared/payment.ts and shared/portal.ts).

/**
 * Our reference for a wallet payment: a prefix ("PSR", or whatever Settings held when it was made: ADR 056), a dash
 * and ten base-32 characters. Any prefix of the right shape passes; the row lookup decides whether it exists.
 */
export const WALLET_REFERENCE_PATTERN = new RegExp(`^${REFERENCE_PREFIX.source}-[A-Z2-7]{10}$`);

/** GET /api/mpaisa-payments/:reference, POST /api/admin/wallet-payments/:reference/{assign,confirm} */
export const WalletReferenceParamsSchema = z.object({
  reference: z.string().check(z.regex(WALLET_REFERENCE_PATTERN)),
});

/**
 * GET /api/mpaisa/return: the gateway's redirect carries a handful of text fields; which ones, and their checks, are
 * the wire module's (server/integrations/mpaisa-wire.ts), so they are read leniently here.
 */
export const GatewayReturnQuerySchema = z.record(z.string(), z.union([z.string(), z.array(z.string())]));

/** The sandbox gateway's request ids (PAYMENTS_SANDBOX). */
export const SANDBOX_REQUEST_PATTERN = /^SBX-[0-9A-F]{12}$/;

/** GET /api/mpaisa/sandbox/:requestId: the sandbox's payment page. */
export const SandboxRequestParamsSchema = z.object({
  requestId: z.string().check(z.regex(SANDBOX_REQUEST_PATTERN)),
});

/** POST /api/mpaisa/sandbox/:requestId/:decision: its Approve and Decline buttons. */
export const SandboxDecisionParamsSchema = z.object({
  requestId: z.string().check(z.regex(SANDBOX_REQUEST_PATTERN)),
  decision: z.enum(["approve", "decline"]),
});

/** Staff's wallet list filters: a status, or "unmatched" (money received that names nobody). */
export const WALLET_LIST_FILTERS = [...WALLET_PAYMENT_STATUSES, "unmatched"] as const;

/** GET /api/admin/wallet-payments */
export const walletPaymentList = staffListContract(
  "/api/admin/wallet-payments",
  AdminWalletPaymentPageSchema,
  {
    status: z.optional(z.enum(WALLET_LIST_FILTERS)),
  },
);

/** GET /api/admin/subscribers: ?q= finds e-mail addresses containing it. */
export const subscriberList = staffListContract("/api/admin/subscribers", AdminSubscriberPageSchema, {
  q: searchQuery,
});

// Money and access: subscriptions, provider events, wallet payments, access grants and card charges.
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";
import { createdAt, emailAddress, instant, serialId } from "./columns";

/**
 * One subscription per subscriber e-mail, whatever pays for it (card, wallet, or staff by hand for bank transfers).
 * Access is current while status is active and currentPeriodEnd is in the future.
 */
export const subscriptions = pgTable(
  "subscriptions",
  {
    id: serialId(),
    email: emailAddress().notNull().unique(),
    /** "sandbox": the sandbox's simulated card payment (PAYMENTS_SANDBOX, never in production). */
    provider: varchar("provider", { length: 10 })
      .$type<"stripe" | "mpaisa" | "manual" | "sandbox">()
      .notNull(),
    status: varchar("status", { length: 12 })
      .$type<"active" | "past_due" | "canceled" | "incomplete">()
      .notNull(),
    currentPeriodEnd: instant("current_period_end"),
    stripeCustomerId: varchar("stripe_customer_id", { length: 100 }),
    stripeSubscriptionId: varchar("stripe_subscription_id", { length: 100 }),
    /** The period end a renewal reminder was last sent for: one reminder per period, whatever the restarts. */
    reminderSentFor: instant("reminder_sent_for"),
    /** A card subscription set to end (cancelled from the portal or at Stripe): when it ends. */
    cancelAt: instant("cancel_at"),
    /** The name the subscriber gave when paying (the /subscribe page's, else the payment form's); the newest wins. */
    name: varchar("name", { length: 200 }),
    createdAt: createdAt(),
    updatedAt: instant("updated_at").notNull().defaultNow(),
  },
  (table) => [
    check("subscriptions_provider", sql`${table.provider} in ('stripe', 'mpaisa', 'manual', 'sandbox')`),
    check("subscriptions_status", sql`${table.status} in ('active', 'past_due', 'canceled', 'incomplete')`),
  ],
);

/**
 * The card provider's customer for each e-mail (lower case), made at the first create-subscription: later calls
 * reuse it, so one e-mail never gathers customers at Stripe.
 */
export const cardCustomers = pgTable("card_customers", {
  email: emailAddress().primaryKey(),
  stripeCustomerId: varchar("stripe_customer_id", { length: 100 }).notNull(),
  /** The name given at the newest create-subscription: the card subscription's row takes it once paid. */
  name: varchar("name", { length: 200 }),
  createdAt: createdAt(),
});

/**
 * Each create-subscription call let through, for its limits per e-mail and per address: counted in the database so
 * every app instance sees the same calls. Rows older than a day are purged.
 */
export const subscriptionStarts = pgTable(
  "subscription_starts",
  {
    id: serialId(),
    email: emailAddress().notNull(),
    ip: varchar("ip", { length: 64 }).notNull(),
    at: instant("at").notNull().defaultNow(),
  },
  (table) => [
    index("subscription_starts_email").on(table.email, table.at),
    index("subscription_starts_ip").on(table.ip, table.at),
    index("subscription_starts_at").on(table.at),
  ],
);

/** Every payment provider event we applied, by its id: Stripe and M-PAiSA may deliver one twice. */
export const paymentEvents = pgTable(
  "payment_events",
  {
    provider: varchar("provider", { length: 10 }).notNull(),
    eventId: varchar("event_id", { length: 200 }).notNull(),
    type: varchar("type", { length: 100 }).notNull(),
    receivedAt: instant("received_at").notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.provider, table.eventId] })],
);

/**
 * Wallet (M-PAiSA) payments: recorded as pending with our unique reference before the provider is asked, then
 * completed or failed exactly once by its callback (or by staff when no callback comes).
 */
export const walletPayments = pgTable(
  "wallet_payments",
  {
    id: serialId(),
    reference: varchar("reference", { length: 40 }).notNull().unique(),
    method: varchar("method", { length: 10 }).$type<"mobile" | "qr">().notNull(),
    email: emailAddress(),
    name: varchar("name", { length: 200 }),
    phone: varchar("phone", { length: 20 }),
    amountCents: integer("amount_cents").notNull(),
    status: varchar("status", { length: 10 })
      .$type<"pending" | "completed" | "failed">()
      .notNull()
      .default("pending"),
    providerTransactionId: varchar("provider_transaction_id", { length: 100 }),
    message: text("message"),
    createdAt: createdAt(),
    settledAt: instant("settled_at"),
    settledBy: varchar("settled_by", { length: 100 }),
    /** The gateway's hosted payment page for this request (the payer approves there, or scans it as a QR code). */
    checkoutUrl: text("checkout_url"),
    /** Until when the request can still be paid: its status is polled until then if the payer never came back. */
    payableUntil: instant("payable_until"),
    /** The last status call, so polling spaces its calls out. */
    lastCheckedAt: instant("last_checked_at"),
  },
  (table) => [
    check("wallet_payments_status", sql`${table.status} in ('pending', 'completed', 'failed')`),
    check("wallet_payments_method", sql`${table.method} in ('mobile', 'qr')`),
    check("wallet_payments_amount", sql`${table.amountCents} >= 100`),
  ],
);

/**
 * Each thing that bought or gave portal access, kept with its source: a Stripe subscription's paid period, each
 * wallet payment's days, each staff grant. "Access until" is derived from the live ones (server/payments/
 * entitlements.ts): they run end to end in the order they were made, so no source overwrites another. A staff revoke
 * ends every grant made before it; a refund ends its own; a dispute suspends its own while it is open.
 */
export const accessGrants = pgTable(
  "access_grants",
  {
    id: serialId(),
    email: emailAddress().notNull(),
    source: varchar("source", { length: 10 }).$type<"stripe" | "wallet" | "staff" | "sandbox">().notNull(),
    /** The Stripe subscription id, the wallet payment's reference, or the staff grant's own id. */
    sourceRef: varchar("source_ref", { length: 200 }).notNull(),
    /** A length in days (wallet money), placed after whatever access runs when it is made… */
    days: integer("days"),
    /** …or a paid period (Stripe, a staff grant "until"), whose length is kept and placed the same way. */
    periodStart: instant("period_start"),
    periodEnd: instant("period_end"),
    createdAt: createdAt(),
    endedAt: instant("ended_at"),
    endedReason: varchar("ended_reason", { length: 30 }),
    suspendedAt: instant("suspended_at"),
    note: varchar("note", { length: 300 }),
  },
  (table) => [
    check("access_grants_source", sql`${table.source} in ('stripe', 'wallet', 'staff', 'sandbox')`),
    check(
      "access_grants_length",
      sql`${table.days} > 0 or (${table.periodStart} is not null and ${table.periodEnd} is not null)`,
    ),
    index("access_grants_email").on(table.email, table.createdAt),
    // One live grant per source record; an ended one (revoked) leaves room for a new one from the same source.
    uniqueIndex("access_grants_live_source").on(table.source, table.sourceRef).where(sql`ended_at is null`),
  ],
);

/**
 * Each card payment (a paid Stripe invoice) with the period it bought, so a refund or a dispute can take exactly
 * that period back: withheld while refunded in full or disputed (open or lost), restored when a dispute is won.
 */
export const stripeCharges = pgTable("stripe_charges", {
  /** The invoice's payment intent: what charges, refunds and disputes name. */
  paymentIntentId: varchar("payment_intent_id", { length: 100 }).primaryKey(),
  invoiceId: varchar("invoice_id", { length: 100 }).notNull(),
  subscriptionId: varchar("subscription_id", { length: 100 }).notNull(),
  email: emailAddress().notNull(),
  amountCents: integer("amount_cents").notNull(),
  periodStart: instant("period_start").notNull(),
  periodEnd: instant("period_end").notNull(),
  refundedCents: integer("refunded_cents").notNull().default(0),
  disputeId: varchar("dispute_id", { length: 100 }),
  disputeStatus: varchar("dispute_status", { length: 40 }),
  withheld: boolean("withheld").notNull().default(false),
  updatedAt: instant("updated_at").notNull().defaultNow(),
});

// The one Drizzle pg-core schema. Generate a migration after editing: `npm run db:generate`.
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";
import type { ReviewStatus } from "../../shared/constants";

// Enumerations are CHECK constraints, not pg enums: a pg enum type is schema-qualified in migrations, which
// would tie the tables to "public" (tests and multi-tenant setups run them in other schemas).

export const contactMessages = pgTable("contact_messages", {
  id: serial("id").primaryKey(),
  firstName: varchar("first_name", { length: 100 }).notNull(),
  lastName: varchar("last_name", { length: 100 }).notNull(),
  email: varchar("email", { length: 254 }).notNull(),
  organization: varchar("organization", { length: 200 }),
  serviceInterest: varchar("service_interest", { length: 50 }).notNull(),
  message: text("message").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  /** Caught by the honeypot or the minimum fill time: kept for review, never e-mailed. */
  isSpam: boolean("is_spam").notNull().default(false),
  /** Why it looked automated ("honeypot" | "too fast"); null when nothing did. */
  spamReason: varchar("spam_reason", { length: 20 }),
  handledAt: timestamp("handled_at", { withTimezone: true }),
  handledBy: varchar("handled_by", { length: 100 }),
});

export const reviews = pgTable(
  "reviews",
  {
    id: serial("id").primaryKey(),
    name: varchar("name", { length: 100 }).notNull(),
    organization: varchar("organization", { length: 200 }),
    position: varchar("position", { length: 200 }),
    rating: integer("rating").notNull(),
    text: text("text").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** pending until staff moderate it; only approved reviews are shown to visitors. */
    status: varchar("status", { length: 10 }).$type<ReviewStatus>().notNull().default("pending"),
    moderatedAt: timestamp("moderated_at", { withTimezone: true }),
    moderatedBy: varchar("moderated_by", { length: 100 }),
    /** Why it looked automated ("honeypot" | "too fast"); null when nothing did. */
    spamReason: varchar("spam_reason", { length: 20 }),
  },
  (table) => [
    check("reviews_rating", sql`${table.rating} between 1 and 5`),
    check("reviews_status", sql`${table.status} in ('pending', 'approved', 'rejected', 'spam')`),
  ],
);

export const enrollments = pgTable(
  "enrollments",
  {
    id: serial("id").primaryKey(),
    courseType: varchar("course_type", { length: 20 }).$type<"basic" | "advanced" | "instructor">().notNull(),
    firstName: varchar("first_name", { length: 100 }).notNull(),
    lastName: varchar("last_name", { length: 100 }).notNull(),
    email: varchar("email", { length: 254 }).notNull(),
    phone: varchar("phone", { length: 40 }).notNull(),
    address: varchar("address", { length: 500 }),
    dateOfBirth: varchar("date_of_birth", { length: 10 }),
    highestEducation: varchar("highest_education", { length: 20 }).notNull(),
    educationDetails: text("education_details"),
    hasDroneExperience: boolean("has_drone_experience"),
    droneExperienceDetails: text("drone_experience_details"),
    dronesFlown: text("drones_flown"),
    totalFlyingHours: real("total_flying_hours"),
    totalPICHours: real("total_pic_hours"),
    aviationQualifications: text("aviation_qualifications"),
    teachingExperience: text("teaching_experience"),
    additionalInfo: text("additional_info"),
    submittedAt: timestamp("submitted_at", { withTimezone: true }).notNull().defaultNow(),
    isProcessed: boolean("is_processed").notNull().default(false),
    processingNotes: text("processing_notes"),
    processedAt: timestamp("processed_at", { withTimezone: true }),
    processedBy: varchar("processed_by", { length: 100 }),
    googleSheetsSync: boolean("google_sheets_sync").notNull().default(false),
    isSpam: boolean("is_spam").notNull().default(false),
    /** Why it looked automated ("honeypot" | "too fast"); null when nothing did. */
    spamReason: varchar("spam_reason", { length: 20 }),
  },
  (table) => [
    check("enrollments_course_type", sql`${table.courseType} in ('basic', 'advanced', 'instructor')`),
    index("enrollments_submitted").on(table.submittedAt),
  ],
);

export type { ReviewStatus };

/**
 * A public POST's answer, kept by its Idempotency-Key: a retried or double-clicked submission gets the first answer
 * back and stores nothing twice.
 */
export const idempotencyKeys = pgTable("idempotency_keys", {
  key: varchar("key", { length: 200 }).primaryKey(),
  statusCode: integer("status_code").notNull(),
  responseBody: jsonb("response_body").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * E-mails are written here in the same transaction as the submission they belong to, then sent after the commit
 * and retried with backoff: an SMTP outage never loses or delays a submission.
 */
export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: serial("id").primaryKey(),
    to: varchar("to", { length: 254 }).notNull(),
    replyTo: varchar("reply_to", { length: 254 }),
    subject: varchar("subject", { length: 300 }).notNull(),
    text: text("text").notNull(),
    status: varchar("status", { length: 10 })
      .$type<"pending" | "sent" | "failed">()
      .notNull()
      .default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    /** Extra headers (List-Unsubscribe, …). */
    headers: jsonb("headers").$type<Record<string, string>>(),
    /** Files sent with the message (calendar files, certificates), base64. */
    attachments:
      jsonb("attachments").$type<{ filename: string; contentType: string; contentBase64: string }[]>(),
    /** Carries a sign-in code or link: masked for staff, blanked once sent, never resent. */
    sensitive: boolean("sensitive").notNull().default(false),
    /**
     * A sender claims a row by setting these in one short statement, then sends with no transaction open; a sender
     * that dies leaves a lease that runs out, and another one picks the message up.
     */
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    leaseOwner: varchar("lease_owner", { length: 40 }),
  },
  (table) => [
    check("email_outbox_status", sql`${table.status} in ('pending', 'sent', 'failed')`),
    index("email_outbox_due").on(table.status, table.nextAttemptAt),
  ],
);

/** Staff accounts. There are no default credentials: ADMIN_USERNAME/ADMIN_PASSWORD or `npm run admin` create them. */
export const adminUsers = pgTable("admin_users", {
  id: serial("id").primaryKey(),
  /** Stored lower-cased: staff sign in without minding case. */
  username: varchar("username", { length: 100 }).notNull().unique(),
  /** argon2id, PHC string format (parameters inside). */
  passwordHash: text("password_hash").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  passwordChangedAt: timestamp("password_changed_at", { withTimezone: true }).notNull().defaultNow(),
  /** The authenticator-app secret, AES-GCM sealed with a key derived from the session secret; null when off. */
  totpSecret: text("totp_secret"),
  /** A secret shown at setup but not yet confirmed with a code; it becomes totpSecret on confirmation. */
  totpPendingSecret: text("totp_pending_secret"),
  totpEnabledAt: timestamp("totp_enabled_at", { withTimezone: true }),
  /** The last 30-second step whose code was accepted: a code (or an older one) is never accepted twice. */
  totpLastStep: integer("totp_last_step"),
});

/** One-time recovery codes for staff two-factor, stored as SHA-256 (they are long random strings, not guessable). */
export const adminRecoveryCodes = pgTable(
  "admin_recovery_codes",
  {
    id: serial("id").primaryKey(),
    adminUserId: integer("admin_user_id")
      .notNull()
      .references(() => adminUsers.id, { onDelete: "cascade" }),
    codeHash: varchar("code_hash", { length: 64 }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (table) => [index("admin_recovery_codes_admin").on(table.adminUserId)],
);

/** Portal subscribers: created at their first sign-in (e-mail code or link, or OpenID Connect). */
export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    /** Lower-cased; subscriptions are keyed by it, so a payment made before the first sign-in still counts. */
    email: varchar("email", { length: 254 }).notNull().unique(),
    firstName: varchar("first_name", { length: 100 }),
    oidcIssuer: varchar("oidc_issuer", { length: 300 }),
    oidcSubject: varchar("oidc_subject", { length: 300 }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastSignInAt: timestamp("last_sign_in_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("users_oidc").on(table.oidcIssuer, table.oidcSubject)],
);

/**
 * Server-side sessions, shared by every app instance. The cookie holds a random token; only its SHA-256 is stored,
 * so a copy of this table cannot be replayed as cookies.
 */
export const sessions = pgTable(
  "sessions",
  {
    idHash: varchar("id_hash", { length: 64 }).primaryKey(),
    kind: varchar("kind", { length: 10 }).$type<"admin" | "user">().notNull(),
    adminUserId: integer("admin_user_id").references(() => adminUsers.id, { onDelete: "cascade" }),
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    /** The absolute limit; the idle limit is measured from lastSeenAt. */
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ip: varchar("ip", { length: 64 }),
    userAgent: varchar("user_agent", { length: 300 }),
    /** Staff only: "full", or a password-only step awaiting the second factor ("mfa") or its mandatory setup
     *  ("setup"). requireAdmin accepts "full" alone. */
    stage: varchar("stage", { length: 10 }).$type<"full" | "mfa" | "setup">().notNull().default("full"),
  },
  (table) => [
    check("sessions_kind", sql`${table.kind} in ('admin', 'user')`),
    index("sessions_expires").on(table.expiresAt),
  ],
);

/** Every staff sign-in attempt (never the password): the throttle counts recent failures from here. */
export const loginAttempts = pgTable(
  "login_attempts",
  {
    id: serial("id").primaryKey(),
    username: varchar("username", { length: 100 }).notNull(),
    ip: varchar("ip", { length: 64 }).notNull(),
    success: boolean("success").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("login_attempts_username").on(table.username, table.at),
    index("login_attempts_ip").on(table.ip, table.at),
  ],
);

/** Who did what and when in the back office. Rows are only ever inserted. */
export const auditLog = pgTable(
  "audit_log",
  {
    id: serial("id").primaryKey(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    actor: varchar("actor", { length: 100 }).notNull(),
    action: varchar("action", { length: 50 }).notNull(),
    subject: varchar("subject", { length: 100 }),
    details: jsonb("details").$type<Record<string, unknown>>(),
    ip: varchar("ip", { length: 64 }),
  },
  (table) => [index("audit_log_at").on(table.at)],
);

/**
 * E-mail sign-in: a 6-digit code and a link token per request, both stored as SHA-256 only, valid 15 minutes,
 * single use (usedAt), and the code dies after a few wrong tries.
 */
export const signInCodes = pgTable(
  "sign_in_codes",
  {
    id: serial("id").primaryKey(),
    email: varchar("email", { length: 254 }).notNull(),
    codeHash: varchar("code_hash", { length: 64 }).notNull(),
    linkHash: varchar("link_hash", { length: 64 }).notNull().unique(),
    returnTo: varchar("return_to", { length: 200 }),
    attempts: integer("attempts").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    ip: varchar("ip", { length: 64 }),
  },
  (table) => [index("sign_in_codes_email").on(table.email, table.createdAt)],
);

/**
 * One subscription per subscriber e-mail, whatever pays for it (card, wallet, or staff by hand for bank transfers).
 * Access is current while status is active and currentPeriodEnd is in the future.
 */
export const subscriptions = pgTable(
  "subscriptions",
  {
    id: serial("id").primaryKey(),
    email: varchar("email", { length: 254 }).notNull().unique(),
    provider: varchar("provider", { length: 10 }).$type<"stripe" | "mpaisa" | "manual">().notNull(),
    status: varchar("status", { length: 12 })
      .$type<"active" | "past_due" | "canceled" | "incomplete">()
      .notNull(),
    currentPeriodEnd: timestamp("current_period_end", { withTimezone: true }),
    stripeCustomerId: varchar("stripe_customer_id", { length: 100 }),
    stripeSubscriptionId: varchar("stripe_subscription_id", { length: 100 }),
    /** The period end a renewal reminder was last sent for: one reminder per period, whatever the restarts. */
    reminderSentFor: timestamp("reminder_sent_for", { withTimezone: true }),
    /** A card subscription set to end (cancelled from the portal or at Stripe): when it ends. */
    cancelAt: timestamp("cancel_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("subscriptions_provider", sql`${table.provider} in ('stripe', 'mpaisa', 'manual')`),
    check("subscriptions_status", sql`${table.status} in ('active', 'past_due', 'canceled', 'incomplete')`),
  ],
);

/** The premium library. Files live under DATA_DIR/documents/<storageKey>; the seed writes the first six. */
export const documents = pgTable("documents", {
  id: varchar("id", { length: 100 }).primaryKey(),
  title: varchar("title", { length: 300 }).notNull(),
  description: text("description").notNull(),
  type: varchar("type", { length: 100 }).notNull(),
  category: varchar("category", { length: 100 }).notNull(),
  level: varchar("level", { length: 20 }).notNull().default("Premium"),
  /** As shown on the card ("8.4 MB"). */
  fileSize: varchar("file_size", { length: 20 }).notNull(),
  downloadCount: integer("download_count").notNull().default(0),
  storageKey: varchar("storage_key", { length: 200 }).notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Every payment provider event we applied, by its id: Stripe and M-PAiSA may deliver one twice. */
export const paymentEvents = pgTable(
  "payment_events",
  {
    provider: varchar("provider", { length: 10 }).notNull(),
    eventId: varchar("event_id", { length: 200 }).notNull(),
    type: varchar("type", { length: 100 }).notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
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
    id: serial("id").primaryKey(),
    reference: varchar("reference", { length: 40 }).notNull().unique(),
    method: varchar("method", { length: 10 }).$type<"mobile" | "qr">().notNull(),
    email: varchar("email", { length: 254 }),
    name: varchar("name", { length: 200 }),
    phone: varchar("phone", { length: 20 }),
    amountCents: integer("amount_cents").notNull(),
    status: varchar("status", { length: 10 })
      .$type<"pending" | "completed" | "failed">()
      .notNull()
      .default("pending"),
    providerTransactionId: varchar("provider_transaction_id", { length: 100 }),
    message: text("message"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp("settled_at", { withTimezone: true }),
    settledBy: varchar("settled_by", { length: 100 }),
    /** The gateway's hosted payment page for this request (the payer approves there, or scans it as a QR code). */
    checkoutUrl: text("checkout_url"),
    /** Until when the request can still be paid: its status is polled until then if the payer never came back. */
    payableUntil: timestamp("payable_until", { withTimezone: true }),
    /** The last status call, so polling spaces its calls out. */
    lastCheckedAt: timestamp("last_checked_at", { withTimezone: true }),
  },
  (table) => [
    check("wallet_payments_status", sql`${table.status} in ('pending', 'completed', 'failed')`),
    check("wallet_payments_method", sql`${table.method} in ('mobile', 'qr')`),
    check("wallet_payments_amount", sql`${table.amountCents} >= 100`),
  ],
);

/**
 * Named leases for work that must run on one instance at a time but talks to an outside service (the Google Sheets
 * sync): unlike an advisory lock, a lease needs no transaction or connection held open while the call is out, and
 * it ends by itself (expiresAt) if its holder dies.
 */
export const jobLeases = pgTable("job_leases", {
  name: varchar("name", { length: 64 }).primaryKey(),
  holder: varchar("holder", { length: 64 }).notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
});

/**
 * Each thing that bought or gave portal access, kept with its source: a Stripe subscription's paid period, each
 * wallet payment's days, each staff grant. "Access until" is derived from the live ones (server/payments/
 * entitlements.ts): they run end to end in the order they were made, so no source overwrites another. A staff revoke
 * ends every grant made before it; a refund ends its own; a dispute suspends its own while it is open.
 */
export const accessGrants = pgTable(
  "access_grants",
  {
    id: serial("id").primaryKey(),
    email: varchar("email", { length: 254 }).notNull(),
    source: varchar("source", { length: 10 }).$type<"stripe" | "wallet" | "staff" | "sandbox">().notNull(),
    /** The Stripe subscription id, the wallet payment's reference, or the staff grant's own id. */
    sourceRef: varchar("source_ref", { length: 200 }).notNull(),
    /** A length in days (wallet money), placed after whatever access runs when it is made… */
    days: integer("days"),
    /** …or a paid period (Stripe, a staff grant "until"), whose length is kept and placed the same way. */
    periodStart: timestamp("period_start", { withTimezone: true }),
    periodEnd: timestamp("period_end", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp("ended_at", { withTimezone: true }),
    endedReason: varchar("ended_reason", { length: 30 }),
    suspendedAt: timestamp("suspended_at", { withTimezone: true }),
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
  email: varchar("email", { length: 254 }).notNull(),
  amountCents: integer("amount_cents").notNull(),
  periodStart: timestamp("period_start", { withTimezone: true }).notNull(),
  periodEnd: timestamp("period_end", { withTimezone: true }).notNull(),
  refundedCents: integer("refunded_cents").notNull().default(0),
  disputeId: varchar("dispute_id", { length: 100 }),
  disputeStatus: varchar("dispute_status", { length: 40 }),
  withheld: boolean("withheld").notNull().default(false),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

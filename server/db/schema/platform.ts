// Infrastructure every domain shares: the e-mail outbox, sessions, job leases and the audit log.
import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, text, varchar } from "drizzle-orm/pg-core";
import { createdAt, emailAddress, instant, serialId } from "./columns";
import { users } from "./portal";
import { adminUsers } from "./staff";

/**
 * E-mails are written here in the same transaction as the submission they belong to, then sent after the commit
 * and retried with backoff: an SMTP outage never loses or delays a submission.
 */
export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: serialId(),
    to: emailAddress("to").notNull(),
    replyTo: emailAddress("reply_to"),
    subject: varchar("subject", { length: 300 }).notNull(),
    text: text("text").notNull(),
    status: varchar("status", { length: 10 })
      .$type<"pending" | "sent" | "failed">()
      .notNull()
      .default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: instant("next_attempt_at").notNull().defaultNow(),
    lastError: text("last_error"),
    createdAt: createdAt(),
    sentAt: instant("sent_at"),
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
    leaseUntil: instant("lease_until"),
    leaseOwner: varchar("lease_owner", { length: 40 }),
  },
  (table) => [
    check("email_outbox_status", sql`${table.status} in ('pending', 'sent', 'failed')`),
    index("email_outbox_due").on(table.status, table.nextAttemptAt),
  ],
);

/**
 * Text messages (issue 34), queued like e-mails in the caller's transaction and sent after the commit. The time a
 * text may go (quiet hours) is decided when it is queued; one that may not go at all is kept as 'dropped' with the
 * reason, so staff see it. Rate caps (per number, per day) are applied when it is sent.
 */
export const textOutbox = pgTable(
  "text_outbox",
  {
    id: serialId(),
    toE164: varchar("to_e164", { length: 16 }).notNull(),
    /** What the text is about ("offer", "seat-held", ...). */
    kind: varchar("kind", { length: 40 }).notNull(),
    /** The application the text is about (null: not about one). */
    enrollmentId: integer("enrollment_id"),
    /** A code: its body is blanked once sent, as a sensitive e-mail's is. */
    sensitive: boolean("sensitive").notNull().default(false),
    channel: varchar("channel", { length: 10 }).$type<"sms" | "whatsapp">().notNull().default("sms"),
    body: text("body"),
    /** A WhatsApp template: its content SID and variables. */
    template: jsonb("template").$type<{ contentSid: string; variables: Record<string, string> }>(),
    segments: integer("segments").notNull().default(1),
    status: varchar("status", { length: 10 })
      .$type<"pending" | "sent" | "failed" | "dropped">()
      .notNull()
      .default("pending"),
    attempts: integer("attempts").notNull().default(0),
    /** The first moment quiet hours let it go. */
    notBefore: instant("not_before").notNull().defaultNow(),
    /** When the worker next looks at it (not_before, then later after a cap or a failure). */
    nextAttemptAt: instant("next_attempt_at").notNull().defaultNow(),
    /** The deadline the text is about, if any: a text held back too near it is dropped. */
    deadline: instant("deadline"),
    /** Answers the person's own action a moment ago: goes whatever the hour. */
    immediate: boolean("immediate").notNull().default(false),
    lastError: text("last_error"),
    providerId: varchar("provider_id", { length: 80 }),
    /** The provider's last delivery status, from its status callbacks. */
    deliveryStatus: varchar("delivery_status", { length: 20 }),
    createdAt: createdAt(),
    sentAt: instant("sent_at"),
    leaseUntil: instant("lease_until"),
    leaseOwner: varchar("lease_owner", { length: 40 }),
  },
  (table) => [
    check("text_outbox_status", sql`${table.status} in ('pending', 'sent', 'failed', 'dropped')`),
    check("text_outbox_channel", sql`${table.channel} in ('sms', 'whatsapp')`),
    index("text_outbox_due").on(table.status, table.nextAttemptAt),
    index("text_outbox_sent").on(table.sentAt),
    index("text_outbox_provider_id").on(table.providerId),
  ],
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
    createdAt: createdAt(),
    lastSeenAt: instant("last_seen_at").notNull().defaultNow(),
    /** The absolute limit; the idle limit is measured from lastSeenAt. */
    expiresAt: instant("expires_at").notNull(),
    ip: varchar("ip", { length: 64 }),
    userAgent: varchar("user_agent", { length: 300 }),
    /** Staff only: "full", or a password-only step awaiting the second factor ("mfa") or its mandatory setup
     *  ("setup"). requireAdmin accepts "full" alone. */
    stage: varchar("stage", { length: 10 }).$type<"full" | "mfa" | "setup">().notNull().default("full"),
    /** Staff: when this session last passed a second-factor check (sign-in code or a step-up); sensitive actions
     *  ask for one within the last 10 minutes (ADR 051). */
    secondFactorAt: instant("second_factor_at"),
  },
  (table) => [
    check("sessions_kind", sql`${table.kind} in ('admin', 'user')`),
    index("sessions_expires").on(table.expiresAt),
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
  expiresAt: instant("expires_at").notNull(),
});

/**
 * Scheduled notices already sent (a course reminder, a balance reminder, a staff alert), one row per notice key.
 * A sender inserts the key in the transaction that queues the e-mail: with several instances, or after a restart,
 * the second insert finds the key and sends nothing.
 */
export const noticesSent = pgTable("notices_sent", {
  key: varchar("key", { length: 120 }).primaryKey(),
  sentAt: instant("sent_at").notNull().defaultNow(),
});

/** Who did what and when in the back office. Rows are only ever inserted. */
export const auditLog = pgTable(
  "audit_log",
  {
    id: serialId(),
    at: instant("at").notNull().defaultNow(),
    actor: varchar("actor", { length: 100 }).notNull(),
    action: varchar("action", { length: 50 }).notNull(),
    subject: varchar("subject", { length: 100 }),
    details: jsonb("details").$type<Record<string, unknown>>(),
    ip: varchar("ip", { length: 64 }),
  },
  (table) => [index("audit_log_at").on(table.at)],
);

/**
 * What a form posted without script came to (a message sent, a waitlist place, a sign-in code on its way), kept for
 * a few minutes under a random cookie so the page the browser is sent to next can say it (docs/product.md, Forms
 * without script). Only the token's SHA-256 is kept; rows past their time are deleted as new ones are written.
 */
export const formAnswers = pgTable(
  "form_answers",
  {
    tokenHash: varchar("token_hash", { length: 64 }).primaryKey(),
    answer: jsonb("answer").notNull(),
    expiresAt: instant("expires_at").notNull(),
    createdAt: createdAt(),
  },
  (table) => [index("form_answers_expires_idx").on(table.expiresAt)],
);

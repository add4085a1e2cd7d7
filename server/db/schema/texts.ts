// Text messages to applicants (issue 34, ADR 065): the consent each application gave (a history, newest last), the
// one-time code that proves the applicant holds the number, the numbers that asked to stop (per number, whoever
// typed it), and the short links texts carry (on this site's own domain, unguessable, expiring with their target).
// The outbox of texts itself is in platform.ts beside the e-mail outbox.
import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, varchar } from "drizzle-orm/pg-core";
import { createdAt, instant, serialId } from "./columns";
import { enrollments } from "./intake";

/** Every change of an application's consent to texts, with the wording's version, the moment and the IP address. */
export const textConsents = pgTable(
  "text_consents",
  {
    id: serialId(),
    enrollmentId: integer("enrollment_id")
      .notNull()
      .references(() => enrollments.id, { onDelete: "cascade" }),
    /** Ticked (true) or unticked (false). */
    given: boolean("given").notNull(),
    channel: varchar("channel", { length: 10 }).$type<"sms" | "whatsapp">().notNull().default("sms"),
    /** The version of the consent wording the person saw (shared/texts.ts, TEXT_CONSENT_VERSION). */
    version: varchar("version", { length: 20 }).notNull(),
    ip: varchar("ip", { length: 64 }),
    /** Where the choice was made: the enrollment form, /my-training, the opt-out page, a STOP reply. */
    via: varchar("via", { length: 20 }).$type<"form" | "my-training" | "opt-out" | "keyword">().notNull(),
    at: instant("at").notNull().defaultNow(),
  },
  (t) => [
    index("text_consents_enrollment_idx").on(t.enrollmentId, t.id),
    check("text_consents_channel", sql`${t.channel} in ('sms', 'whatsapp')`),
  ],
);

/** The one live confirmation code of an application's number; only its hash is kept. */
export const textCodes = pgTable("text_codes", {
  enrollmentId: integer("enrollment_id")
    .primaryKey()
    .references(() => enrollments.id, { onDelete: "cascade" }),
  /** The number the code was sent to (E.164): a code proves only that number. */
  toE164: varchar("to_e164", { length: 16 }).notNull(),
  codeHash: varchar("code_hash", { length: 64 }).notNull(),
  expiresAt: instant("expires_at").notNull(),
  /** Wrong codes tried; the code dies after a few. */
  attempts: integer("attempts").notNull().default(0),
  sentAt: instant("sent_at").notNull().defaultNow(),
});

/** Numbers that asked for no more texts: the opt-out applies to the number, whichever application gave it. */
export const textOptOuts = pgTable("text_opt_outs", {
  toE164: varchar("to_e164", { length: 16 }).primaryKey(),
  via: varchar("via", { length: 10 }).$type<"link" | "keyword">().notNull(),
  at: instant("at").notNull().defaultNow(),
});

/**
 * The short links in texts: /t/<code> on this site leads to `target` (a path on this site) until `expiresAt`, the
 * moment its target stops meaning anything (an offer's deadline, a hold's end). The code is random, not derived.
 */
export const textLinks = pgTable(
  "text_links",
  {
    code: varchar("code", { length: 16 }).primaryKey(),
    /** A path on this site ("/my-training/confirm?token=..."), never another host. */
    target: text("target").notNull(),
    /** What the link is for ("confirm-by-phone", "pay", "verify", "stop", ...). */
    kind: varchar("kind", { length: 40 }).notNull(),
    enrollmentId: integer("enrollment_id").references(() => enrollments.id, { onDelete: "cascade" }),
    toE164: varchar("to_e164", { length: 16 }),
    expiresAt: instant("expires_at").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("text_links_expires_idx").on(t.expiresAt)],
);

/** The Fiji days the daily segment cap was reached: staff are told once per day, whichever instance saw it first. */
export const textCapNotices = pgTable("text_cap_notices", {
  day: varchar("day", { length: 10 }).primaryKey(),
  at: instant("at").notNull().defaultNow(),
});

// Staff accounts, their two-factor recovery codes, the sign-in attempts the throttle counts and its notices.
import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, varchar } from "drizzle-orm/pg-core";
import { createdAt, emailAddress, instant, serialId } from "./columns";

/** owner: everything, including staff accounts, settings and refunds; staff: the day-to-day work (issue 16). */
export const STAFF_ROLES = ["owner", "staff"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** Staff accounts. There are no default credentials: ADMIN_USERNAME/ADMIN_PASSWORD or `npm run admin` create them. */
export const adminUsers = pgTable(
  "admin_users",
  {
    id: serialId(),
    /** Stored lower-cased: staff sign in without minding case. */
    username: varchar("username", { length: 100 }).notNull().unique(),
    /** argon2id, PHC string format (parameters inside). */
    passwordHash: text("password_hash").notNull(),
    createdAt: createdAt(),
    passwordChangedAt: instant("password_changed_at").notNull().defaultNow(),
    /** The authenticator-app secret, AES-GCM sealed with a key derived from the session secret; null when off. */
    totpSecret: text("totp_secret"),
    /** A secret shown at setup but not yet confirmed with a code; it becomes totpSecret on confirmation. */
    totpPendingSecret: text("totp_pending_secret"),
    totpEnabledAt: instant("totp_enabled_at"),
    /** The last 30-second step whose code was accepted: a code (or an older one) is never accepted twice. */
    totpLastStep: integer("totp_last_step"),
    role: varchar("role", { length: 10 }).$type<StaffRole>().notNull().default("staff"),
    /** The address invites and notices go to; null for accounts made on the command line. */
    email: emailAddress(),
    /** A disabled account cannot sign in and its sessions end at once. */
    disabledAt: instant("disabled_at"),
  },
  (table) => [check("admin_users_role_check", sql`${table.role} in ('owner', 'staff')`)],
);

/** An owner's invitation: a link (token stored as SHA-256) valid 72 hours, used once to set a password. */
export const staffInvites = pgTable(
  "staff_invites",
  {
    id: serialId(),
    email: emailAddress().notNull(),
    role: varchar("role", { length: 10 }).$type<StaffRole>().notNull(),
    tokenHash: varchar("token_hash", { length: 64 }).notNull().unique(),
    invitedBy: varchar("invited_by", { length: 100 }).notNull(),
    createdAt: createdAt(),
    expiresAt: instant("expires_at").notNull(),
    usedAt: instant("used_at"),
    /** Withdrawn by an owner before use. */
    revokedAt: instant("revoked_at"),
    adminUserId: integer("admin_user_id").references(() => adminUsers.id, { onDelete: "set null" }),
  },
  (table) => [
    index("staff_invites_email").on(table.email),
    check("staff_invites_role_check", sql`${table.role} in ('owner', 'staff')`),
  ],
);

/**
 * One-time recovery codes for staff two-factor (ADR 051). A code is `id-secret`: the public id, stored in clear, finds
 * the one row; the secret part is stored with argon2id, so an attempt costs one hash check. Rows without a public id
 * are the older sets (ADR 019), stored as a SHA-256 of the whole code; they work until regenerated.
 */
export const adminRecoveryCodes = pgTable(
  "admin_recovery_codes",
  {
    id: serialId(),
    adminUserId: integer("admin_user_id")
      .notNull()
      .references(() => adminUsers.id, { onDelete: "cascade" }),
    /** The code's public id (4 characters); null for an older SHA-256 code. */
    publicId: varchar("public_id", { length: 8 }),
    /** argon2id PHC string of the secret part; the SHA-256 hex of the whole code for an older set. */
    codeHash: text("code_hash").notNull(),
    usedAt: instant("used_at"),
  },
  (table) => [
    index("admin_recovery_codes_admin").on(table.adminUserId),
    index("admin_recovery_codes_public_id").on(table.adminUserId, table.publicId),
  ],
);

/** Every staff sign-in attempt (never the password): the throttle counts recent failures from here. */
export const loginAttempts = pgTable(
  "login_attempts",
  {
    id: serialId(),
    username: varchar("username", { length: 100 }).notNull(),
    ip: varchar("ip", { length: 64 }).notNull(),
    success: boolean("success").notNull(),
    at: instant("at").notNull().defaultNow(),
    /** The browser's device id when it carried a valid device cookie for this account (ADR 050); else null. */
    device: varchar("device", { length: 32 }),
  },
  (table) => [
    index("login_attempts_username").on(table.username, table.at),
    index("login_attempts_ip").on(table.ip, table.at),
    index("login_attempts_device").on(table.device, table.at),
  ],
);

/**
 * The last time an account's holder was told that strangers' failures paused sign-in with their username (ADR 050):
 * at most once an hour, by e-mail, or (an account without an address) by a notice the dashboard shows once.
 */
export const signInThrottleNotices = pgTable("sign_in_throttle_notices", {
  adminUserId: integer("admin_user_id")
    .primaryKey()
    .references(() => adminUsers.id, { onDelete: "cascade" }),
  toldAt: instant("told_at").notNull(),
  failures: integer("failures").notNull(),
  addresses: integer("addresses").notNull(),
  /** Waiting to be shown at the next visit of the dashboard (accounts without an e-mail); false once shown. */
  unseen: boolean("unseen").notNull().default(false),
});

// Staff accounts, their two-factor recovery codes and the sign-in attempts the throttle counts.
import { boolean, index, integer, pgTable, serial, text, timestamp, varchar } from "drizzle-orm/pg-core";

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

// Portal subscribers, their e-mail sign-in codes and the premium document library.
import { index, integer, pgTable, text, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { createdAt, emailAddress, instant, serialId } from "./columns";

/** Portal subscribers: created at their first sign-in (e-mail code or link, or OpenID Connect). */
export const users = pgTable(
  "users",
  {
    id: serialId(),
    /** Lower-cased; subscriptions are keyed by it, so a payment made before the first sign-in still counts. */
    email: emailAddress().notNull().unique(),
    firstName: varchar("first_name", { length: 100 }),
    oidcIssuer: varchar("oidc_issuer", { length: 300 }),
    oidcSubject: varchar("oidc_subject", { length: 300 }),
    createdAt: createdAt(),
    lastSignInAt: instant("last_sign_in_at").notNull().defaultNow(),
  },
  (table) => [uniqueIndex("users_oidc").on(table.oidcIssuer, table.oidcSubject)],
);

/**
 * E-mail sign-in: a 6-digit code and a link token per request, both stored as SHA-256 only, valid 15 minutes,
 * single use (usedAt), and the code dies after a few wrong tries.
 */
export const signInCodes = pgTable(
  "sign_in_codes",
  {
    id: serialId(),
    email: emailAddress().notNull(),
    codeHash: varchar("code_hash", { length: 64 }).notNull(),
    linkHash: varchar("link_hash", { length: 64 }).notNull().unique(),
    returnTo: varchar("return_to", { length: 200 }),
    attempts: integer("attempts").notNull().default(0),
    createdAt: createdAt(),
    expiresAt: instant("expires_at").notNull(),
    usedAt: instant("used_at"),
    ip: varchar("ip", { length: 64 }),
  },
  (table) => [index("sign_in_codes_email").on(table.email, table.createdAt)],
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
  createdAt: createdAt(),
});

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
    /** Set when the subscriber unsubscribed from the monthly digest (issue 16); null means they get it. */
    digestOptOutAt: instant("digest_opt_out_at"),
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

/**
 * The premium library (issue 16). A document's file is its current version's (document_versions); `publishAt` null
 * is a draft, a time in the future is scheduled, a past time is published. `downloadCount` counts the rows of
 * document_downloads, kept beside them in the same transaction so a card never counts them one by one.
 */
export const documents = pgTable(
  "documents",
  {
    id: varchar("id", { length: 100 }).primaryKey(),
    title: varchar("title", { length: 300 }).notNull(),
    description: text("description").notNull(),
    type: varchar("type", { length: 100 }).notNull(),
    /** The category's name as it was before categories had their own table; categoryId is what counts. */
    category: varchar("category", { length: 100 }).notNull(),
    categoryId: integer("category_id").references(() => documentCategories.id, { onDelete: "restrict" }),
    level: varchar("level", { length: 20 }).notNull().default("Premium"),
    /** As shown on the card ("8.4 MB"): the current version's size. */
    fileSize: varchar("file_size", { length: 20 }).notNull(),
    downloadCount: integer("download_count").notNull().default(0),
    /** The current version's file; kept for the seeded documents written before versions existed. */
    storageKey: varchar("storage_key", { length: 200 }).notNull(),
    /** The version subscribers get (document_versions.version); null for a document that has none yet. */
    currentVersion: integer("current_version"),
    publishAt: instant("publish_at"),
    createdAt: createdAt(),
    /** When the current file or the text last changed: "New" and the monthly digest read it. */
    updatedAt: instant("updated_at").notNull().defaultNow(),
  },
  (table) => [index("documents_publish_at").on(table.publishAt)],
);

/** The library's categories (12 seeded), in the order staff set. */
export const documentCategories = pgTable("document_categories", {
  id: serialId(),
  name: varchar("name", { length: 100 }).notNull().unique(),
  position: integer("position").notNull().default(0),
  createdAt: createdAt(),
});

/** Every file a document has had; replacing a file adds a version, restoring one makes it current again. */
export const documentVersions = pgTable(
  "document_versions",
  {
    id: serialId(),
    documentId: varchar("document_id", { length: 100 })
      .notNull()
      .references(() => documents.id, { onDelete: "cascade" }),
    version: integer("version").notNull(),
    storageKey: varchar("storage_key", { length: 300 }).notNull(),
    /** The uploaded file's name, cleaned (no path parts, no control characters). */
    fileName: varchar("file_name", { length: 200 }).notNull(),
    /** pdf, docx, xlsx, pptx or zip, as read from the file's bytes. */
    fileType: varchar("file_type", { length: 10 }).notNull(),
    contentType: varchar("content_type", { length: 120 }).notNull(),
    byteSize: integer("byte_size").notNull(),
    sha256: varchar("sha256", { length: 64 }).notNull(),
    uploadedBy: varchar("uploaded_by", { length: 100 }).notNull(),
    uploadedAt: instant("uploaded_at").notNull().defaultNow(),
  },
  (table) => [uniqueIndex("document_versions_number").on(table.documentId, table.version)],
);

/** One row per download: who, which document and version, when. */
export const documentDownloads = pgTable(
  "document_downloads",
  {
    id: serialId(),
    documentId: varchar("document_id", { length: 100 })
      .notNull()
      .references(() => documents.id, { onDelete: "cascade" }),
    version: integer("version"),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    at: instant("at").notNull().defaultNow(),
  },
  (table) => [
    index("document_downloads_document").on(table.documentId, table.at),
    index("document_downloads_user").on(table.userId, table.at),
  ],
);

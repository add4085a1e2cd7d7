// The owner's pictures (logo, hero, testimonial photos): one row per upload, its sized WebP copies listed in
// `variants` (each stored under a content-hashed name in app.storage and served at /media/<name>). ADR 060.
import { sql } from "drizzle-orm";
import { check, integer, jsonb, pgTable, varchar } from "drizzle-orm/pg-core";
import type { MediaKind, MediaVariant } from "../../../shared/brand";
import { createdAt, serialId } from "./columns";

export const media = pgTable(
  "media",
  {
    id: serialId(),
    kind: varchar("kind", { length: 20 }).$type<MediaKind>().notNull(),
    alt: varchar("alt", { length: 200 }).notNull(),
    /** The largest variant's size (the upload's, turned upright, when it was smaller than every width asked). */
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    variants: jsonb("variants").$type<MediaVariant[]>().notNull(),
    /** Of the bytes uploaded (the original is not kept: it may carry EXIF and GPS data). */
    sha256: varchar("sha256", { length: 64 }).notNull(),
    uploadedBy: varchar("uploaded_by", { length: 100 }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [check("media_kind", sql`${table.kind} in ('logo', 'hero', 'testimonial')`)],
);

// The owner's words (ADR 058): the one shared draft of the Content view, and every published version.

import { sql } from "drizzle-orm";
import { check, integer, jsonb, pgTable, serial, varchar } from "drizzle-orm/pg-core";
import type { TextValue } from "../../../shared/content/text-tree";
import { instant } from "./columns";

/** The draft staff edit: one row (id 1). `sections` holds only the sections that differ from the seeded text. */
export const contentDraft = pgTable(
  "content_draft",
  {
    id: integer("id").primaryKey(),
    sections: jsonb("sections").$type<Record<string, TextValue>>().notNull(),
    /** Moves on every change, so a save made on an older revision is refused (409) instead of overwriting. */
    revision: integer("revision").notNull(),
    updatedBy: varchar("updated_by", { length: 100 }),
    updatedAt: instant("updated_at"),
    /** Set while the draft is an older version put back (publishing records it), cleared by the next edit. */
    restoredFrom: integer("restored_from"),
  },
  (table) => [check("content_draft_one_row", sql`${table.id} = 1`)],
);

/** Every publish: the sections as published (only those that differ from the seeded text), who, when and what. */
export const contentVersions = pgTable("content_versions", {
  version: serial("version").primaryKey(),
  sections: jsonb("sections").$type<Record<string, TextValue>>().notNull(),
  /** The section ids this publish changed. */
  changed: jsonb("changed").$type<string[]>().notNull(),
  publishedBy: varchar("published_by", { length: 100 }).notNull(),
  publishedAt: instant("published_at").notNull().defaultNow(),
  restoredFrom: integer("restored_from"),
});

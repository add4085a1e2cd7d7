// The Content view's API (ADR 058): what the owner's editable public words look like over the wire. Staff draft, the
// owner publishes; every save names the draft revision it was made on, and a save on top of a revision someone else
// moved meanwhile is refused (409) instead of silently overwriting their work.
import * as z from "zod/mini";

/** A section's editable value: text, lists and groups of text, in the shape of its seeded value (text-tree.ts). */
export type ContentValue =
  | string
  | boolean
  | number
  | null
  | ContentValue[]
  | { [key: string]: ContentValue };
export const ContentValueSchema: z.ZodMiniType<ContentValue> = z.lazy(() =>
  z.union([
    z.string(),
    z.boolean(),
    z.number(),
    z.null(),
    z.array(ContentValueSchema),
    z.record(z.string(), ContentValueSchema),
  ]),
);

/** One editable part of the public site: a page's texts, the headline figures, the testimonials, a policy note. */
export const ContentSectionSchema = z.object({
  id: z.string(),
  /** "Home page: hero", "Service page: Disaster Management" */
  title: z.string(),
  /** The public pages that show it (first one is the page a preview opens). */
  paths: z.array(z.string()),
  seeded: ContentValueSchema,
  draft: ContentValueSchema,
  published: ContentValueSchema,
  /** When a publish last changed it (ISO), null while it is the seeded first version. */
  publishedAt: z.nullable(z.string()),
});
export type ContentSection = z.infer<typeof ContentSectionSchema>;

export const ContentVersionSchema = z.object({
  version: z.number(),
  publishedAt: z.string(),
  publishedBy: z.string(),
  /** The section ids this publish changed ("what"). */
  changed: z.array(z.string()),
  /** Set when this version put back an older one. */
  restoredFrom: z.nullable(z.number()),
});
export type ContentVersion = z.infer<typeof ContentVersionSchema>;

/** GET /api/admin/content (staff). */
export const ContentStateSchema = z.object({
  /** Moves on every saved draft, publish, restore and discard. */
  revision: z.number(),
  draftUpdatedBy: z.nullable(z.string()),
  draftUpdatedAt: z.nullable(z.string()),
  /** Section ids whose draft differs from the published value. */
  unpublished: z.array(z.string()),
  publishedVersion: z.number(),
  sections: z.array(ContentSectionSchema),
  history: z.array(ContentVersionSchema),
  canPublish: z.boolean(),
});
export type ContentState = z.infer<typeof ContentStateSchema>;

/** PUT /api/admin/content/draft (staff): the sections changed, on top of `revision`. */
export const ContentDraftSaveSchema = z.object({
  revision: z.number(),
  sections: z.record(z.string(), ContentValueSchema),
});
export type ContentDraftSave = z.infer<typeof ContentDraftSaveSchema>;

/** POST /api/admin/content/publish (owner): publishes the draft as it is at `revision`. */
export const ContentPublishSchema = z.object({ revision: z.number() });
/** POST /api/admin/content/discard (staff): the draft goes back to the published content. */
export const ContentDiscardSchema = z.object({ revision: z.number() });
/** POST /api/admin/content/restore (staff): an older version's content becomes the draft (publish to show it). */
export const ContentRestoreSchema = z.object({ revision: z.number(), version: z.number() });
/** POST /api/admin/content/preview (staff): the page at `path` as the draft would show it, as a full HTML document. */
export const ContentPreviewSchema = z.object({ path: z.string() });

/** The answer to every write: the new revision. */
export const ContentSavedSchema = z.object({ revision: z.number() });

export const STALE_DRAFT_MESSAGE =
  "Someone else changed this content since you opened it. Reload to see their changes, then make yours again.";
export const PUBLISH_OWNER_ONLY_MESSAGE = "Only the owner can publish content.";

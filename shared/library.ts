// The premium document library (docs/product.md, Premium Document Portal; ADR 035): the file types, limits and
// publish states both sides apply, the staff forms' schemas, and the shapes of the public and staff routes.
// Staff routes live under /api/admin/library; the public list and downloads under /api/documents.
import * as z from "zod/mini";
import { PORTAL_DOCUMENTS } from "./documents";
import { requiredText } from "./fields";
import { pagingQuery, searchQuery, staffListContract } from "./paging";
import { pageOf, timestamp } from "./wire";

// ---- Files ----

/** The five kinds of file the library takes: checked by extension AND by the file's own bytes on upload. */
export const LIBRARY_FILE_TYPES = [
  { ext: "pdf", mime: "application/pdf", label: "PDF" },
  {
    ext: "docx",
    mime: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    label: "Word",
  },
  { ext: "xlsx", mime: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", label: "Excel" },
  {
    ext: "pptx",
    mime: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
    label: "PowerPoint",
  },
  { ext: "zip", mime: "application/zip", label: "ZIP" },
] as const;
export type LibraryFileType = (typeof LIBRARY_FILE_TYPES)[number]["ext"];
export const LIBRARY_FILE_EXTENSIONS = LIBRARY_FILE_TYPES.map((type) => type.ext) as LibraryFileType[];

/** For a file input's accept attribute: ".pdf,.docx,.xlsx,.pptx,.zip". */
export const LIBRARY_FILE_ACCEPT = LIBRARY_FILE_TYPES.map((type) => `.${type.ext}`).join(",");

export function libraryFileType(ext: string) {
  return LIBRARY_FILE_TYPES.find((type) => type.ext === ext.toLowerCase());
}

/** The library type a file name claims by its extension ("Report.PDF" -> pdf), or undefined. */
export function fileTypeFromName(fileName: string) {
  const dot = fileName.lastIndexOf(".");
  return dot < 0 ? undefined : libraryFileType(fileName.slice(dot + 1));
}

export const MAX_UPLOAD_BYTES = 50 * 1024 * 1024;

/** A document counts as "New" this many days after it was added or its file or text last changed. */
export const NEW_FOR_DAYS = 30;

/** "8.4 MB", "512 KB", "900 B": the size as cards and tables show it. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

// Messages both the dialog (checked before sending) and the server (checked again) show, word for word.
export const FILE_REQUIRED_MESSAGE = "Choose a file to upload.";
export const EMPTY_FILE_MESSAGE = "The file is empty.";
export const FILE_TOO_LARGE_MESSAGE = "The file is larger than 50 MB. Upload a smaller file.";
export const FILE_TYPE_MESSAGE = "Upload a PDF, Word (.docx), Excel (.xlsx), PowerPoint (.pptx) or ZIP file.";
/** The bytes say another type than the name: "The file is not a PDF: its contents say ZIP." */
export const fileMismatchMessage = (claimed: string, actual: string) =>
  `The file is not a ${claimed}: its contents say ${actual}.`;
export const UNKNOWN_CONTENTS_MESSAGE = (claimed: string) =>
  `The file is not a ${claimed}: its contents are not a type the library takes.`;
export const UPLOAD_STORAGE_UNAVAILABLE_MESSAGE =
  "File storage is unavailable right now, so the file was not saved. Please try again in a few minutes.";
export const UPLOAD_INCOMPLETE_MESSAGE = "The upload did not finish. Please try again.";
export const DOCUMENT_UNAVAILABLE_MESSAGE =
  "This document is temporarily unavailable. Please try again later.";
export const DOCUMENT_NOT_FOUND_MESSAGE = "Document not found.";
/**
 * The uploader recorded on the starting documents' first version. A document whose current file has this uploader
 * is still the sample file shipped with the site (docs/product.md, Sample content); a file staff upload ends that.
 */
export const SAMPLE_UPLOADER = "system";
/**
 * Whether a document's current file is the sample the seed wrote: a starting document's version 1, recorded as
 * uploaded by SAMPLE_UPLOADER. The id and version make sure a staff account named "system" never uploads a sample.
 */
export function isSampleFile(file: {
  documentId: string;
  version: number | null;
  uploadedBy: string | null;
}) {
  return (
    file.uploadedBy === SAMPLE_UPLOADER &&
    file.version === 1 &&
    PORTAL_DOCUMENTS.some((document) => document.id === file.documentId)
  );
}
/** A download of a sample document, refused for everyone until the owner replaces its file. */
export const SAMPLE_DOCUMENT_MESSAGE =
  "Sample: not yet available. This is a sample document shipped with the site; it can be downloaded once the owner replaces its file.";
export const VERSION_NOT_FOUND_MESSAGE = "That version does not exist.";
export const CATEGORY_NOT_FOUND_MESSAGE = "Choose a category.";
export const CATEGORY_IN_USE_MESSAGE =
  "This category still has documents. Move them to another category before deleting it.";
export const CATEGORY_NAME_TAKEN_MESSAGE = "A category with this name already exists.";

// ---- Publishing ----

/** Draft: publishAt null; scheduled: publishAt in the future; published: publishAt now or past. */
export const PUBLISH_STATUSES = ["published", "scheduled", "draft"] as const;
export type PublishStatus = (typeof PUBLISH_STATUSES)[number];
export const PUBLISH_STATUS_LABELS: Record<PublishStatus, string> = {
  published: "Published",
  scheduled: "Scheduled",
  draft: "Draft",
};

export function publishStatus(publishAt: Date | string | null, now = new Date()): PublishStatus {
  if (publishAt === null) return "draft";
  return new Date(publishAt).getTime() <= now.getTime() ? "published" : "scheduled";
}

export const SCHEDULE_IN_FUTURE_MESSAGE = "Choose a publish time in the future.";

/** What the form asks: publish now, keep as a draft, or publish at a time (ISO 8601, in the future). */
export const PublishChoiceSchema = z
  .object({
    state: z.enum(["now", "draft", "schedule"], { error: "Choose when to publish" }),
    publishAt: z.optional(z.iso.datetime({ offset: true, error: SCHEDULE_IN_FUTURE_MESSAGE })),
  })
  .check(
    z.refine((choice) => choice.state !== "schedule" || isFuture(choice.publishAt), {
      message: SCHEDULE_IN_FUTURE_MESSAGE,
      path: ["publishAt"],
    }),
  );
export type PublishChoice = z.input<typeof PublishChoiceSchema>;

function isFuture(iso: string | undefined): boolean {
  return iso !== undefined && new Date(iso).getTime() > Date.now();
}

// ---- Staff: documents ----

/**
 * The "Add document" and "Edit" forms. Upload: POST /api/admin/library/documents as multipart/form-data with a
 * `metadata` field (this object as JSON) FIRST, then the `file` field. Edit: PATCH /api/admin/library/documents/:id
 * with this object as JSON (the file is changed by uploading a new version).
 */
export const DocumentMetadataSchema = z.object({
  title: requiredText(300, "Title"),
  description: requiredText(2000, "Description"),
  categoryId: z.coerce
    .number({ error: CATEGORY_NOT_FOUND_MESSAGE })
    .check(z.int(), z.positive(CATEGORY_NOT_FOUND_MESSAGE)),
  /** The document's kind as the card shows it: "Manual", "Guide", "Template"... */
  type: requiredText(100, "Type"),
  /** Every document is Premium (the spec); kept in the contract so the card's badge has one source. */
  level: z._default(z.literal("Premium"), "Premium"),
  publish: PublishChoiceSchema,
});
export type DocumentMetadata = z.input<typeof DocumentMetadataSchema>;

export const CategoryRefSchema = z.object({ id: z.number(), name: z.string() });

/** A document in the staff Library table. */
export const StaffDocumentSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  category: z.nullable(CategoryRefSchema),
  type: z.string(),
  level: z.literal("Premium"),
  status: z.enum(PUBLISH_STATUSES),
  publishAt: z.nullable(timestamp),
  createdAt: timestamp,
  updatedAt: timestamp,
  currentVersion: z.nullable(z.number()),
  fileName: z.nullable(z.string()),
  fileType: z.nullable(z.string()),
  /** As shown: "8.4 MB". */
  fileSize: z.string(),
  byteSize: z.nullable(z.number()),
  downloadCount: z.number(),
  versions: z.number(),
});
export type StaffDocument = z.input<typeof StaffDocumentSchema>;

/** GET /api/admin/library/documents?q=&category=&status=&limit=&offset= (newest change first). */
export const staffDocumentList = staffListContract(
  "/api/admin/library/documents",
  pageOf(StaffDocumentSchema),
  {
    q: searchQuery,
    category: z.optional(z.coerce.number().check(z.int(), z.positive())),
    status: z.optional(z.enum(PUBLISH_STATUSES)),
  },
);

/** GET /api/admin/library/documents/:id/versions: newest first. */
export const DocumentVersionSchema = z.object({
  version: z.number(),
  fileName: z.string(),
  fileType: z.string(),
  byteSize: z.number(),
  fileSize: z.string(),
  uploadedBy: z.string(),
  uploadedAt: timestamp,
  current: z.boolean(),
});
export type DocumentVersion = z.input<typeof DocumentVersionSchema>;
export const DocumentVersionListSchema = z.array(DocumentVersionSchema);

// Other staff document routes (all answer StaffDocumentSchema unless said):
//   POST   /api/admin/library/documents/:id/versions               multipart `file`: a new current version
//   POST   /api/admin/library/documents/:id/versions/:version/restore  makes that version current again
//   DELETE /api/admin/library/documents/:id                        answers OkSchema (shared/wire.ts)
export const DocumentParamsSchema = z.object({ id: z.string().check(z.maxLength(100)) });
export const VersionParamsSchema = z.object({
  id: z.string().check(z.maxLength(100)),
  version: z.coerce.number().check(z.int(), z.positive()),
});

// ---- Staff: categories ----

export const CategorySchema = z.object({
  id: z.number(),
  name: z.string(),
  position: z.number(),
  documentCount: z.number(),
});
export type Category = z.input<typeof CategorySchema>;
/** GET /api/admin/library/categories, in their order. */
export const CategoryListSchema = z.array(CategorySchema);

/** POST /api/admin/library/categories (added last) and PATCH /api/admin/library/categories/:id (rename). */
export const CategoryNameSchema = z.object({ name: requiredText(100, "Category name") });
export type CategoryName = z.input<typeof CategoryNameSchema>;

/** PUT /api/admin/library/categories/order: every category id, in the new order. Answers CategoryListSchema. */
export const CategoryOrderSchema = z.object({
  ids: z.array(z.number().check(z.int(), z.positive())).check(z.minLength(1), z.maxLength(500)),
});
export const CATEGORY_ORDER_MESSAGE = "The order must list every category once.";
// DELETE /api/admin/library/categories/:id: OkSchema, or 409 CATEGORY_IN_USE_MESSAGE.

// ---- Staff: downloads ----

/** GET /api/admin/library/documents/:id/downloads?limit=&offset=: recent downloads of one document. */
export const DocumentDownloadSchema = z.object({
  email: z.string(),
  version: z.nullable(z.number()),
  at: timestamp,
});
export const documentDownloadsQuery = z.object({ ...pagingQuery });
export const DocumentDownloadPageSchema = pageOf(DocumentDownloadSchema);

/** GET /api/admin/library/downloads?q=&limit=&offset=: downloads per subscriber, most recent first. */
export const SubscriberDownloadsSchema = z.object({
  email: z.string(),
  downloads: z.number(),
  lastAt: timestamp,
});
export type SubscriberDownloads = z.input<typeof SubscriberDownloadsSchema>;
export const subscriberDownloadList = staffListContract(
  "/api/admin/library/downloads",
  pageOf(SubscriberDownloadsSchema),
  { q: searchQuery },
);

// ---- Public ----

/** GET /api/documents?search=&category=: published documents; by title and description when searching. */
export const LibraryQuerySchema = z.object({
  search: z.optional(z.string().check(z.maxLength(100))),
  category: z.optional(z.coerce.number().check(z.int(), z.positive())),
});
export type LibraryQuery = z.input<typeof LibraryQuerySchema>;

/** GET /api/documents/categories: the categories for the portal's filter, in staff's order. */
export const PublicCategoryListSchema = z.array(CategoryRefSchema);

/** A published document as the portal's cards show it (GET /api/documents); shared/portal.ts re-exports it. */
export const LibraryDocumentSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  type: z.string(),
  /** The category's name. */
  category: z.string(),
  categoryId: z.nullable(z.number()),
  level: z.literal("Premium"),
  fileSize: z.string(),
  /** pdf, docx, xlsx, pptx or zip. */
  fileType: z.string(),
  downloadCount: z.number(),
  /** Its current file is still the sample shipped with the site: shown marked, not downloadable. */
  sample: z.boolean(),
  /** Added, or its file or text changed, within NEW_FOR_DAYS. */
  isNew: z.boolean(),
  updatedAt: timestamp,
});
export type LibraryDocument = z.input<typeof LibraryDocumentSchema>;
export const LibraryDocumentListSchema = z.array(LibraryDocumentSchema);

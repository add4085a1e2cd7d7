// Reading the library: the portal's published documents and the staff table's rows (every state), each with its
// category and current version.

import { and, asc, eq, gt, ilike, isNotNull, isNull, lte, or, type SQL, sql } from "drizzle-orm";
import type * as z from "zod/mini";
import {
  formatFileSize,
  isSampleFile,
  type LibraryDocument,
  NEW_FOR_DAYS,
  type PublishStatus,
  publishStatus,
  type StaffDocumentSchema,
} from "../../shared/library";
import type { Db } from "../db/client";
import { newestFirstPage } from "../db/newest-first";
import { documentCategories, documents, documentVersions } from "../db/schema";

type Reader = Pick<Db, "select">;
/** A staff row as the route hands it over (timestamps may still be Dates). */
export type StaffDocumentRow = z.output<typeof StaffDocumentSchema>;

/** Text typed into a search box, matched literally inside titles and descriptions. */
export function textMatch(text: string | undefined): SQL | undefined {
  const trimmed = text?.trim();
  if (!trimmed) return undefined;
  const pattern = `%${trimmed.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return or(ilike(documents.title, pattern), ilike(documents.description, pattern));
}

export function statusIs(status: PublishStatus, now: Date): SQL {
  if (status === "draft") return isNull(documents.publishAt);
  if (status === "scheduled") return gt(documents.publishAt, now);
  return and(isNotNull(documents.publishAt), lte(documents.publishAt, now)) as SQL;
}

const currentVersionJoin = and(
  eq(documentVersions.documentId, documents.id),
  eq(documentVersions.version, documents.currentVersion),
);

const isNewSince = (now: Date) => new Date(now.getTime() - NEW_FOR_DAYS * 24 * 60 * 60 * 1000);

/** GET /api/documents: published documents, in the order they were added. */
export async function listPublished(
  db: Reader,
  filter: { search?: string; category?: number },
  now = new Date(),
): Promise<LibraryDocument[]> {
  const rows = await db
    .select({
      id: documents.id,
      title: documents.title,
      description: documents.description,
      type: documents.type,
      categoryName: documentCategories.name,
      legacyCategory: documents.category,
      categoryId: documents.categoryId,
      fileSize: documents.fileSize,
      fileType: documentVersions.fileType,
      byteSize: documentVersions.byteSize,
      uploadedBy: documentVersions.uploadedBy,
      version: documentVersions.version,
      downloadCount: documents.downloadCount,
      updatedAt: documents.updatedAt,
    })
    .from(documents)
    .leftJoin(documentCategories, eq(documentCategories.id, documents.categoryId))
    .leftJoin(documentVersions, currentVersionJoin)
    .where(
      and(
        statusIs("published", now),
        // A document whose file never arrived has nothing to download.
        isNotNull(documents.currentVersion),
        textMatch(filter.search),
        filter.category ? eq(documents.categoryId, filter.category) : undefined,
      ),
    )
    .orderBy(asc(documents.createdAt), asc(documents.id));
  const since = isNewSince(now);
  return rows.map(({ categoryName, legacyCategory, fileType, byteSize, uploadedBy, version, ...row }) => ({
    ...row,
    // The stored file's own size: a card never repeats a figure the file does not have.
    fileSize: byteSize === null ? row.fileSize : formatFileSize(byteSize),
    sample: isSampleFile({ documentId: row.id, version, uploadedBy }),
    category: categoryName ?? legacyCategory,
    level: "Premium" as const,
    fileType: fileType ?? "pdf",
    isNew: row.updatedAt >= since,
    updatedAt: row.updatedAt.toISOString(),
  }));
}

const staffColumns = {
  id: documents.id,
  title: documents.title,
  description: documents.description,
  categoryId: documents.categoryId,
  categoryName: documentCategories.name,
  type: documents.type,
  publishAt: documents.publishAt,
  createdAt: documents.createdAt,
  updatedAt: documents.updatedAt,
  currentVersion: documents.currentVersion,
  fileName: documentVersions.fileName,
  fileType: documentVersions.fileType,
  fileSize: documents.fileSize,
  byteSize: documentVersions.byteSize,
  downloadCount: documents.downloadCount,
  versions: sql<number>`(select count(*) from ${documentVersions} v where v.document_id = ${documents.id})::int`,
};

function toStaffDocument(row: StaffRow, now: Date): StaffDocumentRow {
  const { categoryId, categoryName, ...rest } = row;
  return {
    ...rest,
    fileSize: row.byteSize === null ? row.fileSize : formatFileSize(row.byteSize),
    versions: Number(row.versions),
    category: categoryId === null ? null : { id: categoryId, name: categoryName ?? "" },
    level: "Premium",
    status: publishStatus(row.publishAt, now),
  };
}

const staffSelect = (db: Reader) =>
  db
    .select(staffColumns)
    .from(documents)
    .leftJoin(documentCategories, eq(documentCategories.id, documents.categoryId))
    .leftJoin(documentVersions, currentVersionJoin)
    .$dynamic();
type StaffRow = Awaited<ReturnType<typeof staffSelect>>[number];

/** The staff table: every state, newest change first. */
export async function listForStaff(
  db: Reader,
  query: { q?: string; category?: number; status?: PublishStatus; limit: number; offset: number },
  now = new Date(),
) {
  const where = and(
    textMatch(query.q),
    query.category ? eq(documents.categoryId, query.category) : undefined,
    query.status ? statusIs(query.status, now) : undefined,
  );
  const page = await newestFirstPage(
    db,
    { rows: staffSelect(db), table: documents, where, newest: documents.updatedAt, id: documents.id },
    query,
  );
  return { items: page.items.map((row) => toStaffDocument(row, now)), total: page.total };
}

export async function findForStaff(db: Reader, id: string, now = new Date()) {
  const [row] = await staffSelect(db).where(eq(documents.id, id)).limit(1);
  return row ? toStaffDocument(row, now) : undefined;
}

/** The document a download asks for, if subscribers may see it now, with its current file. */
export async function findDownloadable(db: Reader, id: string, now = new Date()) {
  const [row] = await db
    .select({
      id: documents.id,
      title: documents.title,
      version: documentVersions.version,
      storageKey: documentVersions.storageKey,
      fileName: documentVersions.fileName,
      fileType: documentVersions.fileType,
      contentType: documentVersions.contentType,
      uploadedBy: documentVersions.uploadedBy,
    })
    .from(documents)
    .innerJoin(documentVersions, currentVersionJoin)
    .where(and(eq(documents.id, id), statusIs("published", now)))
    .limit(1);
  return row;
}

// Staff changes to the library's rows: each runs in one transaction with its audit row, and only after the file it
// names is already stored (no call to the store inside a transaction).
import { eq, max, sql } from "drizzle-orm";
import {
  CATEGORY_NOT_FOUND_MESSAGE,
  DOCUMENT_NOT_FOUND_MESSAGE,
  formatFileSize,
  type PublishChoice,
} from "../../shared/library";
import type { Db } from "../db/client";
import { documentCategories, documents, documentVersions } from "../db/schema";
import { httpError } from "../plugins/errors";
import { type AuditEvent, auditedChange } from "../staff/audit";
import type { StoredFile } from "./upload";

/** The Postgres error code of a failed statement (drivers put it on the error or on its cause). */
export function pgCode(error: unknown): string | undefined {
  const direct = (error as { code?: unknown })?.code;
  if (typeof direct === "string" && /^\d{5}$/.test(direct)) return direct;
  const cause = (error as { cause?: unknown })?.cause;
  return cause ? pgCode(cause) : undefined;
}

/** When a document becomes visible: now, never (draft) or at the chosen time. */
export function publishTime(choice: PublishChoice, current: Date | null, now = new Date()): Date | null {
  if (choice.state === "draft") return null;
  if (choice.state === "schedule") return new Date(choice.publishAt as string);
  // Saving an already published document again keeps the day it went out.
  return current && current <= now ? current : now;
}

export interface NewVersion {
  documentId: string;
  version: number;
  fileName: string;
  file: StoredFile;
  uploadedBy: string;
}

const versionRow = (v: NewVersion) => ({
  documentId: v.documentId,
  version: v.version,
  storageKey: v.file.key,
  fileName: v.fileName,
  fileType: v.file.type,
  contentType: v.file.contentType,
  byteSize: v.file.byteSize,
  sha256: v.file.sha256,
  uploadedBy: v.uploadedBy,
});

const currentFile = (v: NewVersion, now: Date) => ({
  currentVersion: v.version,
  storageKey: v.file.key,
  fileSize: formatFileSize(v.file.byteSize),
  updatedAt: now,
});

export interface NewDocument {
  id: string;
  title: string;
  description: string;
  type: string;
  category: { id: number; name: string };
  publishAt: Date | null;
}

export async function createDocument(db: Db, document: NewDocument, first: NewVersion, event: AuditEvent) {
  const now = new Date();
  return auditedChange(db, event, async (tx) => {
    await tx.insert(documents).values({
      id: document.id,
      title: document.title,
      description: document.description,
      type: document.type,
      category: document.category.name,
      categoryId: document.category.id,
      publishAt: document.publishAt,
      createdAt: now,
      ...currentFile(first, now),
    });
    await tx.insert(documentVersions).values(versionRow(first));
    return true;
  });
}

/** The number the next uploaded file of a document gets (1 for a document without any). */
export async function nextVersion(db: Pick<Db, "select">, documentId: string): Promise<number> {
  const [row] = await db
    .select({ last: max(documentVersions.version) })
    .from(documentVersions)
    .where(eq(documentVersions.documentId, documentId));
  return (row?.last ?? 0) + 1;
}

/** A replaced file: a new version that becomes current. False when the document is gone. */
export async function addVersion(db: Db, next: NewVersion, event: AuditEvent): Promise<boolean> {
  return auditedChange(db, event, async (tx) => {
    const updated = await tx
      .update(documents)
      .set(currentFile(next, new Date()))
      .where(eq(documents.id, next.documentId))
      .returning({ id: documents.id });
    if (updated.length === 0) return false;
    await tx.insert(documentVersions).values(versionRow(next));
    return true;
  });
}

/** Makes an earlier version current again; false when the document or version does not exist. */
export async function restoreVersion(db: Db, documentId: string, version: number, event: AuditEvent) {
  return auditedChange(db, event, async (tx) => {
    const [row] = await tx
      .select()
      .from(documentVersions)
      .where(sql`${documentVersions.documentId} = ${documentId} and ${documentVersions.version} = ${version}`)
      .limit(1);
    if (!row) return false;
    await tx
      .update(documents)
      .set({
        currentVersion: row.version,
        storageKey: row.storageKey,
        fileSize: formatFileSize(row.byteSize),
        updatedAt: new Date(),
      })
      .where(eq(documents.id, documentId));
    return true;
  });
}

export interface MetadataChange {
  title: string;
  description: string;
  type: string;
  categoryId: number;
  publish: PublishChoice;
}

/** Title, text, category, type and publish state. The "New" mark restarts only when the title or text changed. */
export async function updateMetadata(db: Db, id: string, change: MetadataChange, event: AuditEvent) {
  return auditedChange(db, event, async (tx) => {
    const [current] = await tx.select().from(documents).where(eq(documents.id, id)).limit(1);
    if (!current) throw httpError(404, DOCUMENT_NOT_FOUND_MESSAGE);
    const [category] = await tx
      .select()
      .from(documentCategories)
      .where(eq(documentCategories.id, change.categoryId));
    if (!category) throw httpError(400, CATEGORY_NOT_FOUND_MESSAGE);
    const textChanged = current.title !== change.title || current.description !== change.description;
    const publishAt = publishTime(change.publish, current.publishAt);
    await tx
      .update(documents)
      .set({
        title: change.title,
        description: change.description,
        type: change.type,
        categoryId: category.id,
        category: category.name,
        publishAt,
        ...(textChanged ? { updatedAt: new Date() } : {}),
      })
      .where(eq(documents.id, id));
    event.details = { ...event.details, publishAt: publishAt?.toISOString() ?? null, textChanged };
    return true;
  });
}

/** Removes the document and its versions and downloads; answers the keys of its files, to delete after commit. */
export async function deleteDocument(db: Db, id: string, event: AuditEvent): Promise<string[] | null> {
  return auditedChange(db, event, async (tx) => {
    const versions = await tx
      .select({ key: documentVersions.storageKey })
      .from(documentVersions)
      .where(eq(documentVersions.documentId, id));
    const deleted = await tx.delete(documents).where(eq(documents.id, id)).returning({ id: documents.id });
    return deleted.length === 0 ? null : versions.map((v) => v.key);
  });
}

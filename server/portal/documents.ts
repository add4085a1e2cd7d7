// The premium library: rows in `documents`, files under DATA_DIR/documents. At start the seed makes sure the six
// documents the portal lists (shared/documents.ts) exist, each with a small real PDF, so a fresh install has
// something to download.
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join, resolve, sep } from "node:path";
import { asc, eq, sql } from "drizzle-orm";
import { COMPANY } from "../../shared/company";
import { PORTAL_DOCUMENTS } from "../../shared/documents";
import type { LibraryDocument } from "../../shared/portal";
import type { Db } from "../db/client";
import { documents } from "../db/schema";
import { simplePdf } from "./pdf";

export const documentsDir = (dataDir: string) => join(dataDir, "documents");

/** Document ids are slugs; anything else (dots, slashes, encodings) cannot name one. */
export const DOCUMENT_ID = /^[a-z0-9][a-z0-9-]{0,99}$/;

export async function seedDocuments(db: Db, dataDir: string): Promise<void> {
  const dir = documentsDir(dataDir);
  mkdirSync(dir, { recursive: true });
  // One millisecond apart, in the listed order: the library lists by creation time, and a clock that reads the same
  // for two quick inserts must not reorder them.
  const seededAt = Date.now();
  for (const [index, document] of PORTAL_DOCUMENTS.entries()) {
    const storageKey = `${document.id}.pdf`;
    const file = join(dir, storageKey);
    if (!existsSync(file)) {
      writeFileSync(
        file,
        simplePdf(document.title, [
          `${document.category} - ${document.type}`,
          document.description,
          `Provided to subscribers of the ${COMPANY.name} Document Portal. Not for redistribution.`,
        ]),
      );
    }
    await db
      .insert(documents)
      .values({
        id: document.id,
        title: document.title,
        description: document.description,
        type: document.type,
        category: document.category,
        level: document.level,
        fileSize: document.fileSize,
        downloadCount: document.downloadCount,
        storageKey,
        createdAt: new Date(seededAt + index),
      })
      .onConflictDoNothing();
  }
}

const libraryColumns = {
  id: documents.id,
  title: documents.title,
  description: documents.description,
  type: documents.type,
  category: documents.category,
  level: documents.level,
  fileSize: documents.fileSize,
  downloadCount: documents.downloadCount,
};

export async function listDocuments(db: Db): Promise<LibraryDocument[]> {
  const rows = await db
    .select(libraryColumns)
    .from(documents)
    .orderBy(asc(documents.createdAt), asc(documents.id));
  return rows.map((row) => ({ ...row, level: "Premium" as const }));
}

export async function findDocument(db: Db, id: string) {
  if (!DOCUMENT_ID.test(id)) return undefined;
  const [row] = await db
    .select({ id: documents.id, title: documents.title, storageKey: documents.storageKey })
    .from(documents)
    .where(eq(documents.id, id))
    .limit(1);
  return row;
}

/** The file's path, refusing any storage key that would leave the documents folder. */
export function documentPath(dataDir: string, storageKey: string): string | null {
  const dir = resolve(documentsDir(dataDir));
  const file = resolve(dir, storageKey);
  return file.startsWith(dir + sep) && existsSync(file) ? file : null;
}

export async function countDownload(db: Db, id: string): Promise<void> {
  await db
    .update(documents)
    .set({ downloadCount: sql`${documents.downloadCount} + 1` })
    .where(eq(documents.id, id));
}

/** "ICAO Manual (Doc 10019)" -> "ICAO-Manual-Doc-10019.pdf": ASCII only, safe in any Content-Disposition. */
export function downloadFileName(title: string): string {
  const base = title
    .normalize("NFKD")
    .replace(/[^A-Za-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80);
  return `${base || "document"}.pdf`;
}

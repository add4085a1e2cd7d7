// The library's starting documents. A new install gets the six documents the portal was launched with
// (shared/documents.ts), once: documents staff delete later stay deleted. Documents from before versions existed
// (a row with no current version; their PDF under DATA_DIR/documents) move into the library's model here: the file
// is copied into app.storage as version 1. Every instance runs this at start; each step is idempotent.

import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { join, resolve, sep } from "node:path";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { PORTAL_DOCUMENTS } from "../../shared/documents";
import { formatFileSize, NEW_FOR_DAYS, SAMPLE_UPLOADER } from "../../shared/library";
import type { Db } from "../db/client";
import { documentCategories, documents, documentVersions, noticesSent } from "../db/schema";
import { contentTypeOf, downloadFileName, versionKey } from "../library/files";
import type { FileStorage } from "../platform/storage";
import { readSettings } from "../settings/settings";
import { simplePdf } from "./pdf";

/** Where documents were kept before the library used app.storage. */
export const documentsDir = (dataDir: string) => join(dataDir, "documents");

/** Document ids are slugs; anything else (dots, slashes, encodings) cannot name one. */
export const DOCUMENT_ID = /^[a-z0-9][a-z0-9-]{0,99}$/;

/** Marks (in notices_sent) that this install received its starting documents. */
export const SEEDED_KEY = "library.seeded";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The six starting documents, once per install. Their download count starts at zero: the portal's figures were
 * examples, and the cards now show downloads that happened (ADR 035). They are dated before the "New" window so the
 * badge marks what staff add, not the launch set.
 */
/** Read first: every start asks, and a read costs the start less than even an insert that changes nothing. */
async function seededMarked(db: Db): Promise<boolean> {
  const [row] = await db
    .select({ key: noticesSent.key })
    .from(noticesSent)
    .where(eq(noticesSent.key, SEEDED_KEY))
    .limit(1);
  return row !== undefined;
}

async function insertStartingDocuments(db: Db): Promise<void> {
  const seededAt = Date.now();
  await db.transaction(async (tx) => {
    const [marked] = await tx
      .insert(noticesSent)
      .values({ key: SEEDED_KEY })
      .onConflictDoNothing()
      .returning();
    if (!marked) return;
    const categories = await tx.select().from(documentCategories);
    const categoryId = (name: string) => categories.find((c) => c.name === name)?.id ?? null;
    const launched = new Date(seededAt - (NEW_FOR_DAYS + 1) * DAY_MS);
    for (const [index, document] of PORTAL_DOCUMENTS.entries()) {
      // One millisecond apart, in the listed order: the portal lists by creation time.
      const createdAt = new Date(launched.getTime() + index);
      await tx
        .insert(documents)
        .values({
          id: document.id,
          title: document.title,
          description: document.description,
          type: document.type,
          category: document.category,
          categoryId: categoryId(document.category),
          level: document.level,
          fileSize: document.fileSize,
          downloadCount: 0,
          storageKey: `${document.id}.pdf`,
          publishAt: createdAt,
          createdAt,
          updatedAt: createdAt,
        })
        .onConflictDoNothing();
    }
  });
}

/** The bytes of a document from before versions: its old file, or the generated PDF of a starting document. */
function legacyBytes(
  dataDir: string,
  row: { id: string; storageKey: string },
  companyName: string,
): Buffer | null {
  const dir = resolve(documentsDir(dataDir));
  const file = resolve(dir, row.storageKey);
  if (file.startsWith(dir + sep) && existsSync(file)) return readFileSync(file);
  const seed = PORTAL_DOCUMENTS.find((document) => document.id === row.id);
  if (!seed) return null;
  return Buffer.from(
    simplePdf(
      seed.title,
      [
        `${seed.category} - ${seed.type}`,
        seed.description,
        `Provided to subscribers of the ${companyName} Document Portal. Not for redistribution.`,
      ],
      companyName,
    ),
  );
}

/** Gives each document without versions its version 1 in app.storage. */
async function moveIntoLibrary(db: Db, storage: FileStorage, dataDir: string, log: FastifyBaseLogger) {
  const legacy = await db
    .select({ id: documents.id, title: documents.title, storageKey: documents.storageKey })
    .from(documents)
    .where(isNull(documents.currentVersion));
  if (legacy.length === 0) return;
  // This runs before the site details are applied to COMPANY at start, so the name is read from Settings here.
  const companyName = (await readSettings(db)).company.name;
  for (const row of legacy) {
    const bytes = legacyBytes(dataDir, row, companyName);
    if (!bytes) {
      log.warn({ document: row.id }, "library document has no file to move into storage");
      continue;
    }
    const key = versionKey(row.id, 1, "pdf");
    if (!(await storage.exists(key))) await storage.put(key, bytes, contentTypeOf("pdf"));
    const seed = PORTAL_DOCUMENTS.find((document) => document.id === row.id);
    await db.transaction(async (tx) => {
      await tx
        .insert(documentVersions)
        .values({
          documentId: row.id,
          version: 1,
          storageKey: key,
          fileName: downloadFileName(row.title, "pdf"),
          fileType: "pdf",
          contentType: contentTypeOf("pdf"),
          byteSize: bytes.length,
          sha256: createHash("sha256").update(bytes).digest("hex"),
          uploadedBy: SAMPLE_UPLOADER,
        })
        .onConflictDoNothing();
      await tx
        .update(documents)
        .set({
          currentVersion: 1,
          storageKey: key,
          fileSize: formatFileSize(bytes.length),
          // Older installs counted from the example figure; what is above it were real downloads.
          downloadCount: sql`greatest(${documents.downloadCount} - ${seed?.downloadCount ?? 0}, 0)`,
        })
        .where(and(eq(documents.id, row.id), isNull(documents.currentVersion)));
    });
  }
}

export async function seedDocuments(
  db: Db,
  storage: FileStorage,
  dataDir: string,
  log: FastifyBaseLogger,
): Promise<void> {
  // An install that already has documents (from before the marker existed) is not given the six again.
  const existing = await db
    .select({ id: documents.id })
    .from(documents)
    .where(
      inArray(
        documents.id,
        PORTAL_DOCUMENTS.map((document) => document.id),
      ),
    )
    .limit(1);
  if (existing.length === 0) await insertStartingDocuments(db);
  else if (!(await seededMarked(db))) {
    await db.insert(noticesSent).values({ key: SEEDED_KEY }).onConflictDoNothing();
  }
  try {
    await moveIntoLibrary(db, storage, dataDir, log);
  } catch (error) {
    // The store may be down at start (S3 unreachable): the site still starts, and the next start tries again.
    log.error({ err: error }, "library documents could not be moved into storage yet");
  }
}

// Who downloaded what: one row per download, and the document's count kept beside the rows in the same
// transaction, so the portal's cards read one number and staff can see each subscriber's downloads.
import { count, countDistinct, desc, eq, ilike, max, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { newestFirstPage } from "../db/newest-first";
import { documentDownloads, documents, users } from "../db/schema";

export async function recordDownload(
  db: Db,
  download: { documentId: string; version: number; userId: number },
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(documentDownloads).values(download);
    await tx
      .update(documents)
      .set({ downloadCount: sql`${documents.downloadCount} + 1` })
      .where(eq(documents.id, download.documentId));
  });
}

/** One document's downloads, newest first. */
export function listDocumentDownloads(
  db: Pick<Db, "select">,
  documentId: string,
  page: { limit: number; offset: number },
) {
  const rows = db
    .select({ email: users.email, version: documentDownloads.version, at: documentDownloads.at })
    .from(documentDownloads)
    .innerJoin(users, eq(users.id, documentDownloads.userId))
    .$dynamic();
  return newestFirstPage(
    db,
    {
      rows,
      table: documentDownloads,
      where: eq(documentDownloads.documentId, documentId),
      newest: documentDownloads.at,
      id: documentDownloads.id,
    },
    page,
  );
}

/** Downloads per subscriber (all documents), the most recent downloader first. */
export async function listSubscriberDownloads(
  db: Pick<Db, "select">,
  query: { q?: string; limit: number; offset: number },
) {
  const q = query.q?.trim();
  const where = q ? ilike(users.email, `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : undefined;
  const lastAt = max(documentDownloads.at);
  const [items, [total]] = await Promise.all([
    db
      .select({ email: users.email, downloads: count(), lastAt })
      .from(documentDownloads)
      .innerJoin(users, eq(users.id, documentDownloads.userId))
      .where(where)
      .groupBy(users.email)
      .orderBy(desc(lastAt), users.email)
      .limit(query.limit)
      .offset(query.offset),
    db
      .select({ n: countDistinct(documentDownloads.userId) })
      .from(documentDownloads)
      .innerJoin(users, eq(users.id, documentDownloads.userId))
      .where(where),
  ]);
  return {
    items: items.map((row) => ({ ...row, lastAt: row.lastAt ?? new Date(0) })),
    total: total?.n ?? 0,
  };
}

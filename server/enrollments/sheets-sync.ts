// POST /api/admin/sync-google-sheets: appends every enrollment not yet in the spreadsheet, then flags it, and
// rewrites the row of every enrollment whose cells changed since they were last written (its intake, place,
// payment or processing).
import { createHash } from "node:crypto";
import { asc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { enrollments } from "../db/schema";
import type { SheetsAdapter } from "../integrations/google-sheets";
import { withLease } from "../platform/job-lease";
import { enrollmentCells } from "./csv";
import { csvColumns } from "./queries";
import { trainingFactsOf } from "./training-cells";

/**
 * Longer than a sync can take: up to five Sheets calls (read and append, read, rewrite and append) at the adapter's
 * 30 s timeout each, plus the database work.
 */
export const SHEETS_SYNC_LEASE_MS = 4 * 60 * 1000;

/** Rows per UPDATE when storing hashes: one statement for many rows, far below the parameter limit. */
const HASH_CHUNK = 500;

interface Written {
  id: number;
  cells: string[];
  hash: string;
}

/** The hash of a row's cells: equal cells, equal hash; any changed cell (or a new column) changes it. */
export function rowHash(cells: readonly string[]): string {
  return createHash("sha256").update(JSON.stringify(cells)).digest("hex");
}

/** Flags the rows as in the sheet and stores the hash of the cells just written for each. */
async function storeWritten(db: Db, written: Written[]): Promise<void> {
  for (let start = 0; start < written.length; start += HASH_CHUNK) {
    const chunk = written.slice(start, start + HASH_CHUNK);
    const hashes = sql.join(
      chunk.map((row) => sql`when ${row.id} then ${row.hash}`),
      sql` `,
    );
    await db
      .update(enrollments)
      .set({ googleSheetsSync: true, sheetsRowHash: sql`case ${enrollments.id} ${hashes} end` })
      .where(
        inArray(
          enrollments.id,
          chunk.map((row) => row.id),
        ),
      );
  }
}

/**
 * Why a retry never appends a row twice: the rows are flagged only after Google accepted the append, so a failed
 * append leaves nothing flagged and the retry sends the same rows. Two syncs never overlap, on any instance: each
 * holds the "sheets-sync" lease (job_leases) from reading the rows until their flags are written, and a second one
 * waits for it, then reads only what is still unflagged. No transaction is open while Google is called: on the
 * embedded database one open transaction holds the only connection, and the whole site would wait for Google.
 *
 * The flag alone would still leave a window: the append reached Google but its answer was lost (a timeout, a
 * dropped connection), or the append succeeded and then our update failed. The sheet has the rows, the flags say
 * no. The adapter closes it by skipping rows whose ID is already in column A, so the next sync only flags them.
 * What remains is a timed-out append that Google applies only after the next sync has read column A: that can
 * duplicate rows, and needs a timeout plus a retry within Google's processing delay.
 *
 * A flagged row is rewritten in place (found by its ID in column A) when the hash of its cells now differs from the
 * one stored when they were last written, or none was stored (rows synced before the training columns existed).
 * The hash is stored only after Google accepted the rewrite, so a failed one is retried by the next sync, and
 * rewriting the same cells twice changes nothing. A row staff deleted from the sheet is appended again.
 *
 * The count is of rows written now, appended or rewritten, including any the sheet already had from such an
 * interrupted sync.
 */
export async function syncEnrollmentsToSheets(db: Db, adapter: SheetsAdapter): Promise<{ synced: number }> {
  return withLease(db, "sheets-sync", { ms: SHEETS_SYNC_LEASE_MS }, async () => {
    const rows = await db
      .select({
        ...csvColumns,
        googleSheetsSync: enrollments.googleSheetsSync,
        sheetsRowHash: enrollments.sheetsRowHash,
      })
      .from(enrollments)
      .where(eq(enrollments.isSpam, false))
      .orderBy(asc(enrollments.id));
    const training = await trainingFactsOf(
      db,
      rows.map((row) => row.id),
    );
    const fresh: Written[] = [];
    const changed: Written[] = [];
    for (const row of rows) {
      // The same cells as the CSV, formula-neutralised too: RAW already stores them as text, but a copy-paste from
      // the sheet into another tool would not.
      const cells = enrollmentCells(row, training.get(row.id));
      const written = { id: row.id, cells, hash: rowHash(cells) };
      if (!row.googleSheetsSync) fresh.push(written);
      else if (row.sheetsRowHash !== written.hash) changed.push(written);
    }
    if (fresh.length > 0) {
      await adapter.appendRows(fresh.map((row) => row.cells));
      await storeWritten(db, fresh);
    }
    if (changed.length > 0) {
      await adapter.updateRows(changed.map((row) => row.cells));
      await storeWritten(db, changed);
    }
    return { synced: fresh.length + changed.length };
  });
}

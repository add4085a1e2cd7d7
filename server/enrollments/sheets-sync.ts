// POST /api/admin/sync-google-sheets: appends every enrollment not yet in the spreadsheet, then flags it.
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Db } from "../db/client";
import { enrollments } from "../db/schema";
import type { SheetsAdapter } from "../integrations/google-sheets";
import { withLease } from "../platform/job-lease";
import { enrollmentCells } from "./csv";
import { csvColumns } from "./queries";

/** Longer than a sync can take: two Sheets calls at the adapter's 30 s timeout each, plus the database work. */
export const SHEETS_SYNC_LEASE_MS = 3 * 60 * 1000;

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
 * The count is of rows flagged now, including any the sheet already had from such an interrupted sync.
 */
export async function syncEnrollmentsToSheets(db: Db, adapter: SheetsAdapter): Promise<{ synced: number }> {
  return withLease(db, "sheets-sync", { ms: SHEETS_SYNC_LEASE_MS }, async () => {
    const rows = await db
      .select(csvColumns)
      .from(enrollments)
      .where(and(eq(enrollments.googleSheetsSync, false), eq(enrollments.isSpam, false)))
      .orderBy(asc(enrollments.id));
    if (rows.length === 0) return { synced: 0 };
    // The same cells as the CSV, formula-neutralised too: RAW already stores them as text, but a copy-paste from
    // the sheet into another tool would not.
    await adapter.appendRows(rows.map(enrollmentCells));
    await db
      .update(enrollments)
      .set({ googleSheetsSync: true })
      .where(
        inArray(
          enrollments.id,
          rows.map((row) => row.id),
        ),
      );
    return { synced: rows.length };
  });
}

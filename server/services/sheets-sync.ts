// POST /api/admin/sync-google-sheets: appends every enrollment not yet in the spreadsheet, then flags it.
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { enrollments } from "../db/schema";
import { enrollmentCells } from "./enrollments-csv";
import type { SheetsAdapter } from "./google-sheets";

// Arbitrary constant next to the migration lock's: two staff clicking Sync at once, on any instance, take turns.
const SHEETS_SYNC_LOCK = 7_310_002;

/**
 * Why a retry never appends a row twice: the rows are flagged in the same transaction, only after Google accepted
 * the append, so a failed append leaves nothing flagged and the retry sends the same rows. Two syncs never overlap
 * (the advisory lock), and the second one only starts reading after the first committed its flags.
 *
 * The flag alone would still leave a window: the append reached Google but its answer was lost (a timeout, a
 * dropped connection), or the append succeeded and then our commit failed. The sheet has the rows, the flags say
 * no. The adapter closes it by skipping rows whose ID is already in column A, so the next sync only flags them.
 * What remains is a timed-out append that Google applies only after the next sync has read column A: that can
 * duplicate rows, and needs a timeout plus a retry within Google's processing delay.
 *
 * The count is of rows flagged now, including any the sheet already had from such an interrupted sync. The
 * Google calls run inside the transaction, holding one connection; the adapter's timeout bounds how long.
 */
export async function syncEnrollmentsToSheets(db: Db, adapter: SheetsAdapter): Promise<{ synced: number }> {
  return db.transaction(async (tx) => {
    // Transaction-scoped: released by the commit or rollback, never left behind by an error.
    await tx.execute(sql`select pg_advisory_xact_lock(${SHEETS_SYNC_LOCK})`);
    const rows = await tx
      .select({
        id: enrollments.id,
        courseType: enrollments.courseType,
        firstName: enrollments.firstName,
        lastName: enrollments.lastName,
        email: enrollments.email,
        phone: enrollments.phone,
        highestEducation: enrollments.highestEducation,
        totalFlyingHours: enrollments.totalFlyingHours,
        totalPICHours: enrollments.totalPICHours,
        hasDroneExperience: enrollments.hasDroneExperience,
        submittedAt: enrollments.submittedAt,
        isProcessed: enrollments.isProcessed,
        processingNotes: enrollments.processingNotes,
      })
      .from(enrollments)
      .where(and(eq(enrollments.googleSheetsSync, false), eq(enrollments.isSpam, false)))
      .orderBy(asc(enrollments.id));
    if (rows.length === 0) return { synced: 0 };
    // The same cells as the CSV, formula-neutralised too: RAW already stores them as text, but a copy-paste from
    // the sheet into another tool would not.
    await adapter.appendRows(rows.map(enrollmentCells));
    await tx
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

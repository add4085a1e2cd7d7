import { asc } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "../../server/db/client";
import { enrollments } from "../../server/db/schema";
import { syncEnrollmentsToSheets } from "../../server/enrollments/sheets-sync";
import { createSheetsAdapter, SheetsError } from "../../server/integrations/google-sheets";
import { CSV_COLUMNS, EXPORT_COLUMNS } from "../../shared/admin";
import {
  createTestServiceAccount,
  type FakeSheets,
  startFakeSheets,
  type TestServiceAccount,
} from "../fakes/google-sheets";
import { openTestDatabase } from "../helpers/test-app";

let database: Database;
let drop: () => Promise<void>;
let fake: FakeSheets;
let account: TestServiceAccount;
let spreadsheetId: string;
let sheetCount = 0;

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  await database.migrate();
  account = createTestServiceAccount();
  fake = await startFakeSheets({ accounts: [account] });
});

afterAll(async () => {
  await fake?.close();
  await drop?.();
  await database?.close();
});

beforeEach(async () => {
  await database.db.delete(enrollments);
  sheetCount += 1;
  spreadsheetId = `sheet-${sheetCount}`;
  fake.addSpreadsheet(spreadsheetId);
  fake.requests.length = 0;
});

function adapter(overrides: { serviceAccount?: string; timeoutMs?: number; sheetName?: string } = {}) {
  return createSheetsAdapter({
    serviceAccount: JSON.stringify(account),
    spreadsheetId,
    rootUrl: fake.url,
    ...overrides,
  });
}

async function enroll(firstName: string, extra: Partial<typeof enrollments.$inferInsert> = {}) {
  const [row] = await database.db
    .insert(enrollments)
    .values({
      courseType: "basic",
      firstName,
      lastName: "Koro",
      email: `${firstName.toLowerCase()}@example.fj`,
      phone: "+679 123 4567",
      highestEducation: "certificate",
      hasDroneExperience: false,
      submittedAt: new Date("2025-03-01T02:05:00Z"),
      ...extra,
    })
    .returning({ id: enrollments.id });
  if (!row) throw new Error("insert returned nothing");
  return row.id;
}

const appends = () => fake.requests.filter((r) => r.call === "append");
const sheetNames = () => fake.rows(spreadsheetId).map((row) => row[2]);
const flags = async () =>
  (
    await database.db
      .select({ firstName: enrollments.firstName, synced: enrollments.googleSheetsSync })
      .from(enrollments)
      .orderBy(asc(enrollments.id))
  ).map((row) => [row.firstName, row.synced]);

describe("syncEnrollmentsToSheets", () => {
  it("appends the header and the rows, then flags them", async () => {
    const id = await enroll("Litia");
    await enroll("Sēmisi", { courseType: "advanced", totalFlyingHours: 60, totalPICHours: 12.5 });
    await expect(syncEnrollmentsToSheets(database.db, adapter())).resolves.toEqual({ synced: 2 });
    const rows = fake.rows(spreadsheetId);
    // The spec's columns first and unchanged, then the training ones.
    expect(rows[0]).toEqual([...CSV_COLUMNS, "Intake", "Place", "Fee", "Paid", "Due"]);
    expect(rows[0]).toEqual([...EXPORT_COLUMNS]);
    expect(rows[1]).toEqual([
      String(id),
      "Basic RPAS Pilot",
      "Litia",
      "Koro",
      "litia@example.fj",
      "'+679 123 4567",
      "Certificate / Diploma",
      "",
      "",
      "No",
      "2025-03-01 14:05",
      "No",
      "",
      "Any upcoming date",
      "",
      "",
      "",
      "",
    ]);
    expect(rows[2]?.slice(1, 9)).toEqual([
      "Advanced RPAS Pilot",
      "Sēmisi",
      "Koro",
      "sēmisi@example.fj",
      "'+679 123 4567",
      "Certificate / Diploma",
      "60",
      "12.5",
    ]);
    expect(rows).toHaveLength(3);
    expect(await flags()).toEqual([
      ["Litia", true],
      ["Sēmisi", true],
    ]);
  });

  it("sends values RAW with INSERT_ROWS, so formula text stays text", async () => {
    await enroll("Formula", { processingNotes: '=HYPERLINK("http://evil.example","x")' });
    await syncEnrollmentsToSheets(database.db, adapter());
    const [append] = appends();
    expect(append?.query).toMatchObject({ valueInputOption: "RAW", insertDataOption: "INSERT_ROWS" });
    expect(append?.status).toBe(200);
    expect(fake.rows(spreadsheetId)[1]?.[12]).toBe(`'=HYPERLINK("http://evil.example","x")`);
  });

  it("does not call Google at all when nothing is new, and appends only what is new later", async () => {
    await enroll("First");
    await syncEnrollmentsToSheets(database.db, adapter());
    fake.requests.length = 0;
    await expect(syncEnrollmentsToSheets(database.db, adapter())).resolves.toEqual({ synced: 0 });
    expect(fake.requests).toEqual([]);

    await enroll("Second");
    await expect(syncEnrollmentsToSheets(database.db, adapter())).resolves.toEqual({ synced: 1 });
    expect(appends()).toHaveLength(1);
    const sent = appends()[0]?.body as { values: string[][] } | undefined;
    expect(sent?.values.map((row) => row[2])).toEqual(["Second"]);
    expect(sheetNames()).toEqual(["First Name", "First", "Second"]);
  });

  it("never syncs spam", async () => {
    await enroll("Real");
    await enroll("Bot", { isSpam: true });
    await expect(syncEnrollmentsToSheets(database.db, adapter())).resolves.toEqual({ synced: 1 });
    expect(sheetNames()).toEqual(["First Name", "Real"]);
    expect(await flags()).toEqual([
      ["Real", true],
      ["Bot", false],
    ]);
  });

  it("flags nothing when the append fails, and the retry appends each row once", async () => {
    await enroll("One");
    await enroll("Two");
    fake.failAppends(1, "500");
    const failure = await syncEnrollmentsToSheets(database.db, adapter()).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(SheetsError);
    expect((failure as SheetsError).status).toBe(500);
    expect(await flags()).toEqual([
      ["One", false],
      ["Two", false],
    ]);
    expect(fake.rows(spreadsheetId)).toEqual([]);

    await expect(syncEnrollmentsToSheets(database.db, adapter())).resolves.toEqual({ synced: 2 });
    expect(sheetNames()).toEqual(["First Name", "One", "Two"]);
  });

  it("does not duplicate rows whose append reached Google but whose answer was lost", async () => {
    await enroll("Lost");
    fake.failAppends(1, "500-after-write");
    await expect(syncEnrollmentsToSheets(database.db, adapter())).rejects.toBeInstanceOf(SheetsError);
    expect(await flags()).toEqual([["Lost", false]]);
    expect(sheetNames()).toEqual(["First Name", "Lost"]);

    await enroll("After");
    await expect(syncEnrollmentsToSheets(database.db, adapter())).resolves.toEqual({ synced: 2 });
    expect(sheetNames()).toEqual(["First Name", "Lost", "After"]);
    expect(await flags()).toEqual([
      ["Lost", true],
      ["After", true],
    ]);
  });

  it("gives up on an append that hangs, flagging nothing", async () => {
    await enroll("Slow");
    fake.failAppends(1, "hang");
    const failure = await syncEnrollmentsToSheets(database.db, adapter({ timeoutMs: 300 })).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(SheetsError);
    expect((failure as SheetsError).message).toMatch(/could not be reached/);
    expect(await flags()).toEqual([["Slow", false]]);
    await expect(syncEnrollmentsToSheets(database.db, adapter())).resolves.toEqual({ synced: 1 });
    expect(sheetNames()).toEqual(["First Name", "Slow"]);
  });

  it("appends each row once when two syncs run at the same time", async () => {
    for (const name of ["A", "B", "C"]) await enroll(name);
    const results = await Promise.all([
      syncEnrollmentsToSheets(database.db, adapter()),
      syncEnrollmentsToSheets(database.db, adapter()),
    ]);
    expect(results.map((r) => r.synced).sort()).toEqual([0, 3]);
    expect(appends()).toHaveLength(1);
    expect(sheetNames()).toEqual(["First Name", "A", "B", "C"]);
  });

  it("surfaces a JWT signed with the wrong key as a SheetsError, flagging nothing", async () => {
    await enroll("Refused");
    const impostor = { ...createTestServiceAccount(), client_email: account.client_email };
    const failure = await syncEnrollmentsToSheets(
      database.db,
      adapter({ serviceAccount: JSON.stringify(impostor) }),
    ).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(SheetsError);
    expect((failure as SheetsError).status).toBe(401);
    expect((failure as SheetsError).message).toContain(account.client_email);
    expect(fake.requests.at(-1)?.status).toBe(401);
    expect(await flags()).toEqual([["Refused", false]]);
  });

  it("names a missing spreadsheet or tab in its error", async () => {
    await enroll("Lost");
    const noBook = createSheetsAdapter({
      serviceAccount: JSON.stringify(account),
      spreadsheetId: "no-such-sheet",
      rootUrl: fake.url,
    });
    await expect(syncEnrollmentsToSheets(database.db, noBook)).rejects.toThrow(
      /Spreadsheet no-such-sheet was not found/,
    );
    await expect(syncEnrollmentsToSheets(database.db, adapter({ sheetName: "Pupils" }))).rejects.toThrow(
      /has no sheet named "Pupils"/,
    );
  });
});

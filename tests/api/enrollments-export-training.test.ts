// The CSV export's training columns, through the real route and database: after the spec's columns (unchanged and
// first) each application shows its intake, the state of its latest place, the fee, what was paid and what is due.
import { beforeAll, describe, expect, it } from "vitest";
import { CSV_COLUMNS } from "../../shared/admin";
import { createStaffAndSignIn, insertEnrollment } from "../helpers/admin-session";
import { parseCsv, SPEC_CSV_COLUMNS, SPEC_TRAINING_COLUMNS } from "../helpers/csv";
import { withTestApp } from "../helpers/test-app";
import {
  insertJanuaryIntake,
  insertPaidPayment,
  insertPlace,
  JANUARY_SUVA,
  setPlaceState,
} from "../helpers/training-rows";

describe("the enrollments CSV's training columns", () => {
  const t = withTestApp();
  let cookie: string;
  let records: string[][];
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    const db = t.database.db;
    cookie = await createStaffAndSignIn(t.app, db);
    const intakeId = await insertJanuaryIntake(db);
    const applicant = async (name: string, withPlace: Parameters<typeof insertPlace>[1]["state"] | null) => {
      const email = `${name.toLowerCase()}@example.fj`;
      ids[name] = await insertEnrollment(db, {
        firstName: name,
        email,
        intakeId: withPlace ? intakeId : null,
      });
      if (!withPlace) return 0;
      return insertPlace(db, { intakeId, enrollmentId: ids[name] ?? 0, email, state: withPlace });
    };
    await applicant("Held", "held");
    await applicant("Anyday", null);
    await applicant("FirstInLine", "waitlisted");
    await applicant("Waiting", "waitlisted");
    const paidSeat = await applicant("Paid", "confirmed");
    await insertPaidPayment(db, {
      seatId: paidSeat,
      enrollmentId: ids.Paid ?? 0,
      intakeId,
      amountCents: 50_000,
    });
    const offered = await applicant("Offered", "held");
    await setPlaceState(db, offered, "offered", new Date("2027-01-05T00:00:00Z"));
    // A place that ended, then a new one for the same application: the newest counts.
    const email = "moved@example.fj";
    ids.Moved = await insertEnrollment(db, { firstName: "Moved", email, intakeId });
    await insertPlace(db, { intakeId, enrollmentId: ids.Moved, email, state: "lapsed" });
    await insertPlace(db, { intakeId, enrollmentId: ids.Moved, email, state: "cancelled" });

    const res = await t.app.inject({
      method: "GET",
      url: "/api/enrollments/export.csv",
      headers: { cookie },
    });
    expect(res.statusCode).toBe(200);
    records = parseCsv(res.body.replace(/^\uFEFF/, ""));
  });

  const training = (name: string) =>
    records.find((record) => record[0] === String(ids[name]))?.slice(CSV_COLUMNS.length);

  it("keeps the spec's columns first and unchanged, then adds the training ones", () => {
    expect(records[0]).toEqual([...SPEC_CSV_COLUMNS, ...SPEC_TRAINING_COLUMNS]);
    const held = records.find((record) => record[0] === String(ids.Held));
    expect(held?.slice(1, 6)).toEqual([
      "Basic RPAS Pilot",
      "Held",
      "Tester",
      "held@example.fj",
      "'+679 990 1234",
    ]);
    expect(held?.[11]).toBe("No");
  });

  it("shows a held seat with its fee and nothing owed yet", () => {
    expect(training("Held")).toEqual([JANUARY_SUVA, "Held", "FJD 1,500.00", "FJD 0.00", "FJD 0.00"]);
  });

  it("shows 'Any upcoming date' and empty money cells for an application without an intake", () => {
    expect(training("Anyday")).toEqual(["Any upcoming date", "", "", "", ""]);
  });

  it("shows each waitlisted application's position", () => {
    expect(training("FirstInLine")?.[1]).toBe("Waitlisted (#1)");
    expect(training("Waiting")).toEqual([
      JANUARY_SUVA,
      "Waitlisted (#2)",
      "FJD 1,500.00",
      "FJD 0.00",
      "FJD 0.00",
    ]);
  });

  it("shows a confirmed place's deposit paid and the balance due", () => {
    expect(training("Paid")).toEqual([
      JANUARY_SUVA,
      "Confirmed",
      "FJD 1,500.00",
      "FJD 500.00",
      "FJD 1,000.00",
    ]);
  });

  it("shows an offer's deadline as a Fiji date and the whole fee due", () => {
    expect(training("Offered")?.slice(1)).toEqual([
      "Offered until 5 January 2027",
      "FJD 1,500.00",
      "FJD 0.00",
      "FJD 1,500.00",
    ]);
  });

  it("shows the application's newest place", () => {
    expect(training("Moved")?.[1]).toBe("Cancelled");
  });
});

// The intake lists with 200 intakes and 5,000 applications (the benchmark's data, scripts/lib/bench-intakes-seed.ts):
// every intake's fill and revenue are right, and a list costs the same few SQL statements however many intakes and
// places there are. Only deterministic facts are asserted; the timings are in BENCHMARKS.md (npm run bench).
import { beforeAll, describe, expect, it } from "vitest";
import { countStatements } from "../../scripts/lib/bench-intakes";
import {
  APPLICATION_COUNT,
  type ExpectedFill,
  INTAKE_COUNT,
  type SeededIntakes,
  seedIntakeLoad,
} from "../../scripts/lib/bench-intakes-seed";
import type { PublicIntake, StaffIntake } from "../../shared/training";
import { createStaffAndSignIn } from "../helpers/admin-session";
import { withTestApp } from "../helpers/test-app";

const FIELDS = ["held", "offered", "confirmed", "waitlisted", "paidCents", "dueCents"] as const;

const totalOf = (rows: readonly ExpectedFill[], field: (typeof FIELDS)[number]) =>
  rows.reduce((sum, row) => sum + row[field], 0);

describe(`the intake lists with ${INTAKE_COUNT} intakes and ${APPLICATION_COUNT.toLocaleString("en")} applications`, () => {
  const t = withTestApp();
  let cookie: string;
  let seeded: SeededIntakes;
  let statements: ReturnType<typeof countStatements>;
  beforeAll(async () => {
    cookie = await createStaffAndSignIn(t.app, t.database.db);
    seeded = await seedIntakeLoad(t.database.db);
    statements = countStatements(t.database.db);
  }, 120_000);

  const get = (url: string, staff = true) =>
    t.app.inject({ method: "GET", url, headers: staff ? { cookie } : {} });

  /** The fewest statements one request sent in three tries (a background task's query may land in one). */
  async function statementsFor(url: string, staff = true): Promise<number> {
    const counts: number[] = [];
    for (let run = 0; run < 3; run++) {
      statements.reset();
      expect((await get(url, staff)).statusCode).toBe(200);
      counts.push(statements.count());
    }
    return Math.min(...counts);
  }

  it("seeds a realistic mix: every state, payments, refunds and money still due", () => {
    expect(seeded.expected.size).toBe(INTAKE_COUNT);
    const rows = [...seeded.expected.values()];
    for (const field of FIELDS) expect(totalOf(rows, field)).toBeGreaterThan(0);
    expect(seeded.places).toBe(4800);
    expect(seeded.payments).toBeGreaterThan(1000);
  });

  it("gives staff every intake's fill and revenue, upcoming by default and all with all=true", async () => {
    const upcoming = (await get("/api/admin/intakes")).json() as StaffIntake[];
    expect(upcoming.map((row) => row.id)).toEqual(seeded.upcomingIds);
    const all = (await get("/api/admin/intakes?all=true")).json() as StaffIntake[];
    expect(all).toHaveLength(INTAKE_COUNT);
    for (const row of all) {
      const expected = seeded.expected.get(row.id);
      expect(expected, `intake ${row.id}`).toBeDefined();
      expect(Object.fromEntries(FIELDS.map((field) => [field, row[field]])), `intake ${row.id}`).toEqual(
        expected,
      );
    }
    const totals = Object.fromEntries(FIELDS.map((field) => [field, totalOf(all, field)]));
    expect(totals).toEqual(
      Object.fromEntries(FIELDS.map((field) => [field, totalOf([...seeded.expected.values()], field)])),
    );
  });

  it("shows visitors each upcoming intake's seats left and no money", async () => {
    const listed = (await get("/api/intakes", false)).json() as PublicIntake[];
    expect(listed.map((row) => row.id)).toEqual(seeded.upcomingIds);
    const staff = (await get("/api/admin/intakes")).json() as StaffIntake[];
    const byId = new Map(staff.map((row) => [row.id, row]));
    for (const row of listed) {
      const intake = byId.get(row.id);
      if (!intake) throw new Error(`intake ${row.id} is not in the staff list`);
      expect(row.seatsLeft).toBe(Math.max(intake.seats - intake.held - intake.offered - intake.confirmed, 0));
      expect(row).not.toHaveProperty("paidCents");
    }
  });

  it("answers each list with a fixed handful of SQL statements, whatever its length", async () => {
    // Staff's: the session check and one list query; visitors': the list query alone.
    const staffAll = await statementsFor("/api/admin/intakes?all=true");
    expect(staffAll).toBeLessThanOrEqual(3);
    expect(await statementsFor("/api/admin/intakes")).toBe(staffAll);
    expect(await statementsFor("/api/admin/intakes?course=advanced")).toBe(staffAll);
    const visitors = await statementsFor("/api/intakes", false);
    expect(visitors).toBeLessThanOrEqual(2);
    expect(await statementsFor("/api/intakes?course=basic", false)).toBe(visitors);
  });
});

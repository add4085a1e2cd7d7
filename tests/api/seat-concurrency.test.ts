// Seats can never be oversold: 50 applicants arriving at once for an intake of 8 give exactly 8 holds and 42
// waitlist places numbered 1 to 42. On PGlite and on PostgreSQL; with PostgreSQL also from two app instances (two
// connection pools) sharing one database, as behind a load balancer.
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "../../server/db/client";
import { placesOf, takePlace, waitlistPosition } from "../../server/training/seats";
import { fijiToday } from "../../shared/fiji-time";
import { insertEnrollment, insertIntake } from "../helpers/admin-session";
import { openTestDatabase } from "../helpers/test-app";

const APPLICANTS = 50;
const SEATS = 8;
const today = fijiToday();

const newIntake = (db: Database["db"]) => insertIntake(db, 30, "Suva", SEATS);

/** Every applicant applies at the same moment, each through one of `instances` databases in turn. */
async function applyAtOnce(instances: Database[], intakeId: number) {
  const [first] = instances;
  if (!first) throw new Error("no database");
  const applicants = await Promise.all(
    Array.from({ length: APPLICANTS }, async (_, i) => {
      const email = `rush${i}-${randomBytes(3).toString("hex")}@example.fj`;
      return { email, enrollmentId: await insertEnrollment(first.db, { email }) };
    }),
  );
  return Promise.all(
    applicants.map((applicant, i) => {
      const db = instances[i % instances.length]?.db ?? first.db;
      return db.transaction((tx) => takePlace(tx, { intakeId, ...applicant, holdHours: 24, today }));
    }),
  );
}

async function expectNoOversell(
  db: Database["db"],
  intakeId: number,
  outcomes: Awaited<ReturnType<typeof applyAtOnce>>,
) {
  expect(outcomes.filter((o) => o.outcome === "held")).toHaveLength(SEATS);
  const waitlisted = outcomes.flatMap((o) => (o.outcome === "waitlisted" ? [o.position] : []));
  expect(waitlisted).toHaveLength(APPLICANTS - SEATS);
  expect([...waitlisted].sort((a, b) => a - b)).toEqual(
    Array.from({ length: APPLICANTS - SEATS }, (_, i) => i + 1),
  );
  const places = await placesOf(db, intakeId);
  expect(places.filter((p) => p.state === "held")).toHaveLength(SEATS);
  expect(places.filter((p) => p.state === "waitlisted")).toHaveLength(APPLICANTS - SEATS);
  // The stored order agrees with what each applicant was told.
  const last = places.filter((p) => p.state === "waitlisted").at(-1);
  if (last) expect(await waitlistPosition(db, intakeId, last.id)).toBe(APPLICANTS - SEATS);
}

describe("seats under a rush of applications", () => {
  let database: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase());
    await database.migrate();
  });
  afterAll(async () => {
    await drop();
    await database.close();
  });

  it("50 applicants at once for 8 seats: exactly 8 holds and 42 waitlisted, positions 1 to 42", async () => {
    const intakeId = await newIntake(database.db);
    await expectNoOversell(database.db, intakeId, await applyAtOnce([database], intakeId));
  });

  it("the same e-mail applying twice at once holds one place", async () => {
    const intakeId = await newIntake(database.db);
    const email = "twice@example.fj";
    const ids = [
      await insertEnrollment(database.db, { email }),
      await insertEnrollment(database.db, { email }),
    ];
    const outcomes = await Promise.all(
      ids.map((enrollmentId) =>
        database.db.transaction((tx) =>
          takePlace(tx, { intakeId, enrollmentId, email, holdHours: 24, today }),
        ),
      ),
    );
    expect(outcomes.map((o) => o.outcome).sort()).toEqual(["already", "held"]);
    expect(await placesOf(database.db, intakeId)).toHaveLength(1);
  });
});

describe.runIf(process.env.TEST_DB === "postgres")("seats under a rush shared by two app instances", () => {
  const schema = `test_${randomBytes(6).toString("hex")}`;
  let one: Database;
  let two: Database;
  beforeAll(async () => {
    const url = process.env.TEST_DATABASE_URL ?? "";
    one = await openDatabase({ url, searchPath: schema });
    two = await openDatabase({ url, searchPath: schema });
    await one.migrate();
  });
  afterAll(async () => {
    await two.close();
    await one.db.execute(sql.raw(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`));
    await one.close();
  });

  it("50 applicants split over two instances for 8 seats: exactly 8 holds and 42 waitlisted", async () => {
    const intakeId = await newIntake(one.db);
    await expectNoOversell(one.db, intakeId, await applyAtOnce([one, two], intakeId));
  });
});

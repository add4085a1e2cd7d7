// The intake lists: staff's (with how each intake's seats are filled) and the public schedule's, which shows only what
// visitors may read. Read at every request, so the schedule is always current.
import { and, asc, eq, gte, ne, type SQL, sql } from "drizzle-orm";
import { addDays } from "../../shared/calendar-dates";
import type { CourseType } from "../../shared/constants";
import { fijiToday } from "../../shared/fiji-time";
import { availabilityLabel, availabilityOf } from "../../shared/training";
import type { Db } from "../db/client";
import { intakes, seats } from "../db/schema";
import { intakeDueCents, intakePaidCents } from "./intake-fill";

/** Seats taken, per state, of one intake (locked by the caller when it is about to change). */
export async function seatCounts(tx: Pick<Db, "select">, intakeId: number) {
  const rows = await tx
    .select({ state: seats.state, n: sql<number>`count(*)::int` })
    .from(seats)
    .where(eq(seats.intakeId, intakeId))
    .groupBy(seats.state);
  const of = (state: string) => Number(rows.find((row) => row.state === state)?.n ?? 0);
  return {
    held: of("held"),
    offered: of("offered"),
    confirmed: of("confirmed"),
    waitlisted: of("waitlisted"),
    taken: of("held") + of("offered") + of("confirmed"),
  };
}

/**
 * Intakes matching `where`, soonest first, with how their seats are filled and (for staff) their revenue: what the
 * places paid, net of refunds, and what the offered and confirmed places still owe (intake-fill.ts). One statement
 * answers the whole list however many places there are; visitors' lists leave the money out.
 */
async function intakesWithFill(db: Pick<Db, "select">, where: SQL | undefined, revenue = true) {
  const rows = await db
    .select({
      intake: intakes,
      held: sql<number>`count(*) filter (where ${seats.state} = 'held')::int`,
      offered: sql<number>`count(*) filter (where ${seats.state} = 'offered')::int`,
      confirmed: sql<number>`count(*) filter (where ${seats.state} = 'confirmed')::int`,
      waitlisted: sql<number>`count(*) filter (where ${seats.state} = 'waitlisted')::int`,
      paidCents: revenue ? intakePaidCents : sql<number>`0`,
      dueCents: revenue ? intakeDueCents : sql<number>`0`,
    })
    .from(intakes)
    .leftJoin(seats, eq(seats.intakeId, intakes.id))
    .where(where)
    .groupBy(intakes.id)
    .orderBy(asc(intakes.startDate), asc(intakes.id));
  return rows.map(({ intake, paidCents, dueCents, ...counts }) => {
    const fill = {
      held: Number(counts.held),
      offered: Number(counts.offered),
      confirmed: Number(counts.confirmed),
    };
    return {
      ...intake,
      ...fill,
      waitlisted: Number(counts.waitlisted),
      taken: fill.held + fill.offered + fill.confirmed,
      paidCents: Number(paidCents),
      dueCents: Number(dueCents),
    };
  });
}

/** Intakes that have not started, soonest first, with their fill; cancelled ones only when asked. */
export function upcomingIntakes(
  db: Pick<Db, "select">,
  options: { course?: CourseType; now?: Date; includeCancelled?: boolean; revenue?: boolean } = {},
) {
  return intakesWithFill(
    db,
    and(
      gte(intakes.startDate, fijiToday(options.now)),
      options.course ? eq(intakes.courseType, options.course) : undefined,
      options.includeCancelled ? undefined : ne(intakes.status, "cancelled"),
    ),
    options.revenue ?? true,
  );
}

/** How long after its last day an intake stays in staff's default list: time to record attendance and results. */
export const RECENT_INTAKE_DAYS = 30;

/**
 * Staff's list: by default the intakes that have not ended, or ended in the last 30 days (a running intake needs its
 * attendance marked, a finished one its results), cancelled ones left out; with `all`, every intake ever.
 */
export function staffIntakes(
  db: Pick<Db, "select">,
  options: { course?: CourseType; all: boolean; now?: Date },
) {
  const course = options.course ? eq(intakes.courseType, options.course) : undefined;
  if (options.all) return intakesWithFill(db, course);
  const since = addDays(fijiToday(options.now), -RECENT_INTAKE_DAYS);
  return intakesWithFill(db, and(gte(intakes.endDate, since), course, ne(intakes.status, "cancelled")));
}

/** One intake with its fill, or undefined. */
export async function intakeWithFill(db: Pick<Db, "select">, id: number) {
  const [row] = await intakesWithFill(db, eq(intakes.id, id));
  return row;
}

/** The public schedule: upcoming intakes that take applications or run, with what visitors may read of them. */
export async function publicSchedule(db: Pick<Db, "select">, course?: CourseType, now = new Date()) {
  // Visitors never see money, so the revenue subqueries are left out.
  const rows = await upcomingIntakes(db, { course, now, revenue: false });
  return rows.map((row) => ({
    id: row.id,
    courseType: row.courseType,
    startDate: row.startDate,
    endDate: row.endDate,
    location: row.location,
    feeCents: row.feeCents,
    depositCents: row.depositCents,
    dailyStart: row.dailyStart,
    dailyEnd: row.dailyEnd,
    seatsLeft: Math.max(row.seats - row.taken, 0),
    availability: availabilityOf(row),
    label: availabilityLabel(row),
  }));
}

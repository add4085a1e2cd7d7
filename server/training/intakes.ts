// Staff's intakes: create, change, close and cancel, each audited; and the lists staff and visitors read. An intake's
// seats are counted from the places applicants hold (seats.ts); changing or cancelling one tells them by e-mail.
import { and, eq, gt, inArray, ne, sql } from "drizzle-orm";
import { lastPayMoment } from "../../shared/due-dates";
import { fijiToday } from "../../shared/fiji-time";
import { DEFAULT_DAILY_END, DEFAULT_DAILY_START } from "../../shared/joining";
import type { Settings } from "../../shared/settings";
import type { IntakeChange, IntakeInput } from "../../shared/training";
import type { Db } from "../db/client";
import { enrollments, intakes, SEAT_TAKING, seats } from "../db/schema";
import { enqueueEmails } from "../integrations/mail/outbox";
import { httpError } from "../plugins/errors";
import { audit } from "../staff/audit";
import type { CalendarOf } from "./applicant-calendar";
import { courseEnd } from "./calendar";
import { intakeCancelledEmail, intakeChangedEmail } from "./emails";
import { seatCounts, upcomingIntakes } from "./schedule";

type StaffAction = { actor: string; ip: string };
type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type IntakeRow = typeof intakes.$inferSelect;

/** Why an intake cannot be saved as asked: a message for staff, answered with its status (400, 404 or 409). */
const problem = (message: string, status: 400 | 404 | 409 = 400) => httpError(status, message);

/** The rules every saved intake keeps, on the dates as they will be stored. */
function checkDates(startDate: string, endDate: string, today: string) {
  if (startDate < today) throw problem("Start date cannot be in the past.");
  if (endDate < startDate) throw problem("End date cannot be before the start date.");
}

/** The hours each day, as they will be stored: "HH:MM" strings compare as times. */
function checkHours(dailyStart: string, dailyEnd: string) {
  if (dailyEnd <= dailyStart) throw problem("The end time must be after the start time.");
}

function checkDeposit(feeCents: number, depositCents: number | null) {
  if (depositCents !== null && depositCents >= feeCents) {
    throw problem("The deposit must be less than the fee.");
  }
}

export async function createIntake(
  db: Db,
  input: IntakeInput,
  settings: Settings,
  by: StaffAction,
  now = new Date(),
): Promise<IntakeRow> {
  const endDate = input.endDate ?? courseEnd(input.startDate, settings.courseDurationDays[input.courseType]);
  checkDates(input.startDate, endDate, fijiToday(now));
  // The price as saved, on any instance (COURSES follows the settings only every few seconds, ADR 036).
  const feeCents = input.feeCents ?? settings.coursePriceCents[input.courseType];
  const depositCents = input.depositCents ?? null;
  checkDeposit(feeCents, depositCents);
  const dailyStart = input.dailyStart ?? DEFAULT_DAILY_START;
  const dailyEnd = input.dailyEnd ?? DEFAULT_DAILY_END;
  checkHours(dailyStart, dailyEnd);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(intakes)
      .values({
        courseType: input.courseType,
        startDate: input.startDate,
        endDate,
        location: input.location,
        seats: input.seats ?? 8,
        feeCents,
        depositCents,
        dailyStart,
        dailyEnd,
        venueAddress: input.venueAddress ?? "",
        mapUrl: input.mapUrl ?? "",
        // The course's default from Settings, unless staff wrote their own (even none).
        whatToBring: input.whatToBring ?? settings.whatToBring[input.courseType],
      })
      .returning();
    if (!row) throw new Error("intake insert returned nothing");
    await audit(tx, { ...by, action: "intake.created", subject: `intake ${row.id}`, details: { ...row } });
    return row;
  });
}

/** Locks an intake row for the rest of the transaction: seat counts read after this cannot change underneath. */
export async function lockIntake(tx: Tx, id: number): Promise<IntakeRow | undefined> {
  const [row] = await tx.select().from(intakes).where(eq(intakes.id, id)).limit(1).for("update");
  return row;
}

/** Runs a change staff asked for with the intake locked (no such intake is a 404), in one transaction. */
function withLockedIntake<T>(
  db: Db,
  id: number,
  change: (tx: Tx, before: IntakeRow) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    const before = await lockIntake(tx, id);
    if (!before) throw problem("Intake not found.", 404);
    return change(tx, before);
  });
}

async function placeHolders(tx: Tx, intakeId: number, states = [...SEAT_TAKING, "waitlisted" as const]) {
  return tx
    .select({
      seatId: seats.id,
      email: seats.email,
      firstName: enrollments.firstName,
      enrollmentId: seats.enrollmentId,
      state: seats.state,
      sequence: seats.calendarSequence,
    })
    .from(seats)
    .innerJoin(enrollments, eq(enrollments.id, seats.enrollmentId))
    .where(and(eq(seats.intakeId, intakeId), inArray(seats.state, states)));
}

type PlaceHolder = Awaited<ReturnType<typeof placeHolders>>[number];

/**
 * The intake's places get the next calendar SEQUENCE (their dates or place changed): each person's e-mail carries the
 * file with it, so their calendar replaces (or removes) the event it holds. A waitlist place has no event: null.
 */
async function nextCalendars(tx: Tx, intakeId: number, people: readonly PlaceHolder[], publicUrl: string) {
  if (people.length === 0) return new Map<number, CalendarOf>();
  await tx
    .update(seats)
    .set({ calendarSequence: sql`${seats.calendarSequence} + 1` })
    .where(
      and(
        eq(seats.intakeId, intakeId),
        inArray(
          seats.id,
          people.map((person) => person.seatId),
        ),
      ),
    );
  return new Map(
    people
      .filter((person) => SEAT_TAKING.includes(person.state))
      .map((person) => [person.seatId, { seatId: person.seatId, sequence: person.sequence + 1, publicUrl }]),
  );
}

/**
 * An intake that now starts sooner brings its offers' deadlines forward to the day before the new start
 * (shared/due-dates.ts); an offer that can no longer be paid in time lapses at the next run, as overdue offers do.
 */
async function keepOffersBeforeStart(tx: Tx, intakeId: number, startDate: string) {
  const last = lastPayMoment(startDate);
  await tx
    .update(seats)
    .set({ offerExpiresAt: last })
    .where(and(eq(seats.intakeId, intakeId), eq(seats.state, "offered"), gt(seats.offerExpiresAt, last)));
}

/** What a place's calendar event shows of its intake: a change of any of them gives the event its next SEQUENCE. */
const CALENDAR_FIELDS = [
  "startDate",
  "endDate",
  "location",
  "dailyStart",
  "dailyEnd",
  "venueAddress",
  "mapUrl",
] as const satisfies readonly (keyof IntakeRow)[];

/** Changes an intake; people holding a place are told when its dates, hours or place change. */
export async function changeIntake(
  db: Db,
  id: number,
  change: IntakeChange,
  by: StaffAction,
  /** The site's address: the UID of the calendar files the e-mails carry. */
  publicUrl: string,
  now = new Date(),
): Promise<IntakeRow> {
  return withLockedIntake(db, id, async (tx, before) => {
    if (before.status === "cancelled") throw problem("A cancelled intake cannot be changed.", 409);
    const after = {
      startDate: change.startDate ?? before.startDate,
      endDate: change.endDate ?? before.endDate,
      location: change.location ?? before.location,
      seats: change.seats ?? before.seats,
      feeCents: change.feeCents ?? before.feeCents,
      depositCents: change.depositCents === undefined ? before.depositCents : change.depositCents,
      dailyStart: change.dailyStart ?? before.dailyStart,
      dailyEnd: change.dailyEnd ?? before.dailyEnd,
      venueAddress: change.venueAddress ?? before.venueAddress,
      mapUrl: change.mapUrl ?? before.mapUrl,
      whatToBring: change.whatToBring ?? before.whatToBring,
    };
    if (after.startDate !== before.startDate || after.endDate !== before.endDate) {
      checkDates(after.startDate, after.endDate, fijiToday(now));
    }
    checkHours(after.dailyStart, after.dailyEnd);
    checkDeposit(after.feeCents, after.depositCents);
    const counts = await seatCounts(tx, id);
    if (after.seats < counts.taken) {
      throw problem(
        `Seats cannot be fewer than the ${counts.taken} places already held, offered or confirmed.`,
      );
    }
    const [row] = await tx
      .update(intakes)
      .set({ ...after, updatedAt: now })
      .where(eq(intakes.id, id))
      .returning();
    if (!row) throw problem("Intake not found.", 404);
    // The hours and the venue are in the calendar event as the dates are: a change of them moves it too. What to
    // bring is only in its description; it reaches people by the reminders and My training, without an e-mail.
    const moved = CALENDAR_FIELDS.some((field) => row[field] !== before[field]);
    if (row.startDate !== before.startDate) await keepOffersBeforeStart(tx, id, row.startDate);
    if (moved) {
      const people = await placeHolders(tx, id);
      const calendars = await nextCalendars(tx, id, people, publicUrl);
      await enqueueEmails(
        tx,
        people.map((person) => intakeChangedEmail(person, before, row, calendars.get(person.seatId) ?? null)),
      );
    }
    await audit(tx, { ...by, action: "intake.changed", subject: `intake ${id}`, details: { before, after } });
    return row;
  });
}

/** Stops new applications; the intake still runs for those who have a place. */
export async function closeIntake(db: Db, id: number, by: StaffAction): Promise<IntakeRow> {
  return setStatus(db, id, "closed", by);
}

/** Reopens a closed intake to applications. */
export async function reopenIntake(db: Db, id: number, by: StaffAction): Promise<IntakeRow> {
  return setStatus(db, id, "open", by);
}

async function setStatus(db: Db, id: number, status: "open" | "closed", by: StaffAction) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(intakes)
      .set({ status, updatedAt: new Date() })
      .where(and(eq(intakes.id, id), ne(intakes.status, "cancelled")))
      .returning();
    if (!row) throw problem("Intake not found.", 404);
    await audit(tx, {
      ...by,
      action: `intake.${status === "open" ? "reopened" : "closed"}`,
      subject: `intake ${id}`,
    });
    return row;
  });
}

/**
 * Cancels an intake: every place in it ends, and each person is e-mailed with the other open intakes of the course
 * they can move to. (Refunds of what they paid follow the refund rules once course fees can be paid.)
 */
export function cancelIntake(
  db: Db,
  id: number,
  by: StaffAction,
  /** The site's address: the UID of the calendar files that remove the event. */
  publicUrl: string,
  now = new Date(),
): Promise<IntakeRow> {
  return withLockedIntake(db, id, async (tx, before) => {
    if (before.status === "cancelled") return before;
    const people = await placeHolders(tx, id);
    const calendars = await nextCalendars(tx, id, people, publicUrl);
    await tx
      .update(seats)
      .set({ state: "cancelled", updatedAt: now })
      .where(and(eq(seats.intakeId, id), inArray(seats.state, [...SEAT_TAKING, "waitlisted"])));
    const [row] = await tx
      .update(intakes)
      .set({ status: "cancelled", updatedAt: now })
      .where(eq(intakes.id, id))
      .returning();
    if (!row) throw problem("Intake not found.", 404);
    const alternatives = (await upcomingIntakes(tx, { course: row.courseType, now })).filter(
      (i) => i.id !== id,
    );
    await enqueueEmails(
      tx,
      people.map((person) =>
        intakeCancelledEmail(person, row, alternatives, calendars.get(person.seatId) ?? null),
      ),
    );
    await audit(tx, {
      ...by,
      action: "intake.cancelled",
      subject: `intake ${id}`,
      details: { placesEnded: people.length },
    });
    return row;
  });
}

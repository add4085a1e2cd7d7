// Staff put an application in an intake by hand: they move a place to another intake of the same course (the
// applicant's dates do not suit, or their intake was cancelled), or give an "Any upcoming date" application its
// intake. The place itself moves (same row, same state, its payments with it), so nothing paid is left behind.
// Both intakes are locked in id order, like every seat change, so a move never races an application, a lapse or a
// waitlist promotion, and a seat is never sold twice.
import { and, eq, inArray } from "drizzle-orm";
import { ENROLLMENT_NOT_FOUND } from "../../shared/admin";
import { offerDeadlineIn } from "../../shared/due-dates";
import { fijiToday } from "../../shared/fiji-time";
import type { Settings } from "../../shared/settings";
import type { Db } from "../db/client";
import { coursePayments, enrollments, SEAT_TAKING, type SeatState, seats } from "../db/schema";
import { enqueueEmails } from "../integrations/mail/outbox";
import { httpError } from "../plugins/errors";
import { audit } from "../staff/audit";
import { placeMovedEmail } from "./emails";
import { type IntakeRow, lockIntake } from "./intakes";
import { seatCounts } from "./schedule";
import { promoteWaitlist } from "./seat-lifecycle";
import { mailboxPlaces, takePlace } from "./seats";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
type StaffAction = { actor: string; ip: string };

const LIVE: SeatState[] = ["held", "offered", "confirmed", "waitlisted"];

export interface PlacedByStaff {
  seatId: number;
  state: SeatState;
  /** The intake the place was in before (null when the application had none). */
  fromIntakeId: number | null;
  /** The place's calendar sequence now: one more than before a move, 0 for a new place. */
  sequence: number;
}

/** Locks the intakes in ascending id order (two moves in opposite directions never wait on each other). */
async function lockBoth(tx: Tx, a: number | null, b: number): Promise<Map<number, IntakeRow>> {
  const locked = new Map<number, IntakeRow>();
  for (const id of [...new Set([a ?? b, b])].sort((x, y) => x - y)) {
    const row = await lockIntake(tx, id);
    if (row) locked.set(id, row);
  }
  return locked;
}

/**
 * Puts an application in `toIntakeId`: its live place moves there with its state (a waitlisted one takes a free
 * seat as a hold), or, without one, it takes a place as a new application would (a hold, or the waitlist).
 * Refused with a clear 4xx: another course's intake, an intake that is cancelled or has started, one the applicant
 * already has a place in, or (for a place that needs a seat) one without a free seat.
 */
export function placeByStaff(
  db: Db,
  enrollmentId: number,
  toIntakeId: number,
  settings: Settings,
  by: StaffAction,
  /** The site's address: the UID of the calendar file the e-mail carries. */
  publicUrl: string,
  now = new Date(),
): Promise<PlacedByStaff> {
  return db.transaction(async (tx) => {
    const [application] = await tx
      .select({
        courseType: enrollments.courseType,
        email: enrollments.email,
        firstName: enrollments.firstName,
      })
      .from(enrollments)
      .where(eq(enrollments.id, enrollmentId))
      .limit(1);
    if (!application) throw httpError(404, ENROLLMENT_NOT_FOUND);
    const [place] = await tx
      .select()
      .from(seats)
      .where(and(eq(seats.enrollmentId, enrollmentId), inArray(seats.state, LIVE)))
      .limit(1);
    const intakes = await lockBoth(tx, place?.intakeId ?? null, toIntakeId);
    const target = intakes.get(toIntakeId);
    if (!target) throw httpError(404, "Intake not found.");
    if (target.courseType !== application.courseType) {
      throw httpError(409, "That intake is of another course.");
    }
    if (target.status === "cancelled" || target.startDate < fijiToday(now)) {
      throw httpError(409, "That intake is cancelled or has already started.");
    }
    if (place?.intakeId === toIntakeId) throw httpError(409, "The application is already in that intake.");

    // Staff may place more than the mailbox limit lets applications take: the audit says when they did.
    const mailboxHad = await mailboxPlaces(tx, toIntakeId, application.email);
    const result = place
      ? await movePlace(tx, place, target, settings, now, db)
      : await takeNewPlace(tx, { enrollmentId, email: application.email }, target, settings, now);
    await tx
      .update(enrollments)
      .set({ intakeId: toIntakeId, noPlaceReason: null })
      .where(eq(enrollments.id, enrollmentId));
    await audit(tx, {
      ...by,
      action: place ? "place.moved" : "place.assigned",
      subject: `enrollment ${enrollmentId}`,
      details: {
        fromIntakeId: result.fromIntakeId,
        toIntakeId,
        state: result.state,
        ...(mailboxHad >= settings.placesPerMailbox ? { beyondMailboxLimit: mailboxHad + 1 } : {}),
      },
    });
    // A place with a seat gets its calendar file again: the same UID, the next SEQUENCE (see movePlace).
    const calendar = SEAT_TAKING.includes(result.state)
      ? { seatId: result.seatId, sequence: result.sequence, publicUrl }
      : null;
    await enqueueEmails(tx, [placeMovedEmail(application, target, result.state, calendar)]);
    return result;
  });
}

async function movePlace(
  tx: Tx,
  place: typeof seats.$inferSelect,
  target: IntakeRow,
  settings: Settings,
  now: Date,
  /** The database the app registered its pay links and texts for: a promoted waitlister's offer carries them. */
  db: Db,
): Promise<PlacedByStaff> {
  const [clash] = await tx
    .select({ id: seats.id })
    .from(seats)
    .where(and(eq(seats.intakeId, target.id), eq(seats.email, place.email), inArray(seats.state, LIVE)))
    .limit(1);
  if (clash) throw httpError(409, "This applicant already has a place in that intake.");
  if ((await seatCounts(tx, target.id)).taken >= target.seats) {
    throw httpError(409, "That intake has no free seat: choose another, or add seats to it first.");
  }
  const state: SeatState = SEAT_TAKING.includes(place.state) ? place.state : "held";
  const holdExpiresAt =
    state === "held" && place.state === "waitlisted"
      ? new Date(now.getTime() + settings.seatHoldHours * 3_600_000)
      : place.holdExpiresAt;
  // An offer is paid by the day before its course at the latest (shared/due-dates.ts): a move to a sooner intake
  // brings its deadline forward, and in an intake that starts today it could not be paid in time at all.
  const offerExpiresAt =
    state === "offered" && place.offerExpiresAt
      ? offerDeadlineIn(target.startDate, place.offerExpiresAt, now)
      : place.offerExpiresAt;
  if (state === "offered" && !offerExpiresAt) {
    throw httpError(
      409,
      "That intake starts today, too soon to pay an offer: record the payment or confirm the place first.",
    );
  }
  // New dates for the same event: the calendar file sent with the e-mail replaces the one sent before.
  const sequence = place.calendarSequence + 1;
  await tx
    .update(seats)
    .set({
      intakeId: target.id,
      state,
      holdExpiresAt,
      offerExpiresAt,
      calendarSequence: sequence,
      updatedAt: now,
    })
    .where(eq(seats.id, place.id));
  // The money goes with the place: the intake's revenue follows the person.
  await tx.update(coursePayments).set({ intakeId: target.id }).where(eq(coursePayments.seatId, place.id));
  // The seat it left is free for the old intake's waitlist.
  if (SEAT_TAKING.includes(place.state)) await promoteWaitlist(tx, place.intakeId, settings, now, db);
  return { seatId: place.id, state, fromIntakeId: place.intakeId, sequence };
}

async function takeNewPlace(
  tx: Tx,
  application: { enrollmentId: number; email: string },
  target: IntakeRow,
  settings: Settings,
  now: Date,
): Promise<PlacedByStaff> {
  const taken = await takePlace(
    tx,
    {
      ...application,
      intakeId: target.id,
      holdHours: settings.seatHoldHours,
      today: fijiToday(now),
      mailboxLimit: null,
    },
    now,
  );
  if (taken.outcome === "not-open" || taken.outcome === "limit") {
    throw httpError(409, "That intake does not take applications now.");
  }
  if (taken.outcome === "already") throw httpError(409, "This applicant already has a place in that intake.");
  return { seatId: taken.seatId, state: taken.outcome, fromIntakeId: null, sequence: 0 };
}

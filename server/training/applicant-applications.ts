// An applicant's own applications, as /my-training lists them: every application of their e-mail (caught spam
// aside) with the latest place it took, what it paid and still owes, and what cancelling would refund today.
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import {
  type ApplicationRecord,
  type ApplicationStatus,
  CANCELLABLE,
  IN_CALENDAR,
} from "../../shared/applicant";
import { COURSES } from "../../shared/constants";
import { fijiToday } from "../../shared/fiji-time";
import type { Settings } from "../../shared/settings";
import type { Db } from "../db/client";
import { certificates, enrollments, intakes, seats, traineeResults } from "../db/schema";
import { paidTowards, placeDues } from "./fee-dues";
import { refundFor } from "./fee-refunds";
import { confirmAddress } from "./seat-lifecycle";
import { waitlistPosition } from "./seats";

/** The newest place an application took (a move to another intake leaves the old one ended). */
const latestSeat = sql`${seats.id} = (select max(s.id) from ${seats} s where s.enrollment_id = ${enrollments.id})`;

/** The rows of one e-mail's applications (or of one application), newest first, each with its latest place. */
export function applicationRows(db: Pick<Db, "select">, where: { email: string } | { enrollmentId: number }) {
  return db
    .select({
      enrollmentId: enrollments.id,
      courseType: enrollments.courseType,
      appliedAt: enrollments.submittedAt,
      seat: seats,
      intake: intakes,
    })
    .from(enrollments)
    .leftJoin(seats, and(eq(seats.enrollmentId, enrollments.id), latestSeat))
    .leftJoin(intakes, eq(intakes.id, seats.intakeId))
    .where(
      and(
        eq(enrollments.isSpam, false),
        "email" in where
          ? eq(enrollments.email, where.email.toLowerCase())
          : eq(enrollments.id, where.enrollmentId),
      ),
    )
    .orderBy(desc(enrollments.submittedAt), desc(enrollments.id));
}

type Row = Awaited<ReturnType<typeof applicationRows>>[number];

const OWING: readonly ApplicationStatus[] = ["offered", "confirmed"];

/** An application as the applicant reads it, with what it owes and the refund a cancellation would give today. */
export async function describeApplication(
  db: Pick<Db, "select">,
  row: Row,
  settings: Settings,
  now = new Date(),
): Promise<Omit<ApplicationRecord, "texts">> {
  const { seat, intake } = row;
  const place = seat && intake ? { seat, intake } : null;
  const status: ApplicationStatus = seat ? seat.state : "applied";
  const paid = place ? await paidTowards(db, place.seat.id) : { paidCents: 0, waived: false };
  const dues = place ? placeDues(place, paid, settings, now) : null;
  const today = fijiToday(now);
  const notStarted = intake !== null && intake.startDate >= today;
  const finished = seat !== null && (await hasOutcome(db, seat.id));
  return {
    enrollmentId: row.enrollmentId,
    courseType: row.courseType,
    courseTitle: COURSES[row.courseType].title,
    appliedAt: row.appliedAt,
    status,
    placeId: seat?.id ?? null,
    intake: intake && {
      startDate: intake.startDate,
      endDate: intake.endDate,
      location: intake.location,
      cancelled: intake.status === "cancelled",
      dailyStart: intake.dailyStart,
      dailyEnd: intake.dailyEnd,
      venueAddress: intake.venueAddress,
      mapUrl: intake.mapUrl,
      whatToBring: intake.whatToBring,
    },
    waitlistPosition:
      seat?.state === "waitlisted" ? await waitlistPosition(db, seat.intakeId, seat.id) : null,
    offerExpiresAt: seat?.state === "offered" ? seat.offerExpiresAt : null,
    addressConfirmed: seat?.addressConfirmedAt != null,
    feeCents: intake?.feeCents ?? null,
    depositCents: intake?.depositCents ?? null,
    paidCents: paid.paidCents,
    dueCents: dues && OWING.includes(status) ? dues.dueCents : null,
    balanceDueDate: dues && OWING.includes(status) && dues.dueCents > 0 ? dues.balanceDueDate : null,
    fullFeeDue: dues?.fullFeeDue ?? false,
    payUrl: seat && dues && dues.options.length > 0 ? `/course-payment?place=${seat.id}` : null,
    calendarUrl: seat && IN_CALENDAR.includes(status) ? `/api/training/places/${seat.id}/calendar.ics` : null,
    cancel:
      intake && notStarted && !finished && CANCELLABLE.includes(status)
        ? { paidCents: paid.paidCents, ...refundFor(intake.startDate, paid.paidCents, settings, now) }
        : null,
  };
}

/**
 * Whether staff recorded how the place's course ended (passed, not yet competent, withdrew) or issued it a
 * certificate (even one revoked since): such a place is history, no longer the applicant's to cancel.
 */
export async function hasOutcome(db: Pick<Db, "select">, seatId: number): Promise<boolean> {
  const [result] = await db
    .select({ seatId: traineeResults.seatId })
    .from(traineeResults)
    .where(eq(traineeResults.seatId, seatId))
    .limit(1);
  if (result) return true;
  const [certificate] = await db
    .select({ id: certificates.id })
    .from(certificates)
    .where(eq(certificates.seatId, seatId))
    .limit(1);
  return certificate !== undefined;
}

/** Every application of `email`, newest first. */
export async function applicationsOf(
  db: Pick<Db, "select">,
  email: string,
  settings: Settings,
  now = new Date(),
) {
  const rows = await applicationRows(db, { email });
  return Promise.all(rows.map((row) => describeApplication(db, row, settings, now)));
}

/**
 * Signing in proves the person reads this e-mail, which is what confirming the address asks: their held seats
 * stop lapsing, as the application e-mail's link would do.
 */
export async function confirmHeldSeatsOf(db: Db, email: string, now = new Date()): Promise<number> {
  const held = await db
    .selectDistinct({ enrollmentId: seats.enrollmentId })
    .from(seats)
    .where(
      and(eq(seats.email, email.toLowerCase()), eq(seats.state, "held"), isNull(seats.addressConfirmedAt)),
    );
  let confirmed = 0;
  for (const { enrollmentId } of held) confirmed += await confirmAddress(db, enrollmentId, now, "sign-in");
  return confirmed;
}

/** Place `seatId` with its intake when `email` holds it, else null: someone else's place is not there for them. */
export function ownedSeat(db: Pick<Db, "select">, seatId: number, email: string) {
  return db
    .select({
      id: seats.id,
      state: seats.state,
      sequence: seats.calendarSequence,
      firstName: enrollments.firstName,
      intake: intakes,
    })
    .from(seats)
    .innerJoin(intakes, eq(intakes.id, seats.intakeId))
    .innerJoin(enrollments, eq(enrollments.id, seats.enrollmentId))
    .where(and(eq(seats.id, seatId), eq(seats.email, email.toLowerCase())))
    .limit(1)
    .then((rows) => rows[0] ?? null);
}

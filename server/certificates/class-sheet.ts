// An intake's class sheet: its days and its confirmed trainees, each with the days marked, the result and the
// current version of their certificate. Also the facts about one place that the result and attendance rules read.
import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import type * as z from "zod/mini";
import { addDays } from "../../shared/calendar-dates";
import type { ClassSheetSchema, TraineeSchema } from "../../shared/certificates";
import type { Db } from "../db/client";
import { attendance, certificates, enrollments, intakes, seats, traineeResults } from "../db/schema";
import { httpError } from "../plugins/errors";
import { type CertificateRow, certificateView } from "./certificate-rows";

type Reader = Pick<Db, "select">;
type Trainee = z.output<typeof TraineeSchema>;
type ClassSheet = z.output<typeof ClassSheetSchema>;

export const PLACE_NOT_FOUND = "Place not found.";

/** Every day of an intake, "YYYY-MM-DD", first to last. */
export function intakeDays(intake: { startDate: string; endDate: string }): string[] {
  const days: string[] = [];
  for (let day = intake.startDate; day <= intake.endDate; day = addDays(day, 1)) days.push(day);
  return days;
}

async function currentCertificates(db: Reader, seatIds: number[]): Promise<CertificateRow[]> {
  if (seatIds.length === 0) return [];
  return db
    .select()
    .from(certificates)
    .where(and(inArray(certificates.seatId, seatIds), isNull(certificates.replacedAt)));
}

/** The trainees of the places `where` picks, in the order they took their place. */
async function traineesWhere(
  db: Reader,
  where: ReturnType<typeof and>,
  publicUrl: string,
): Promise<Trainee[]> {
  const places = await db
    .select({
      seatId: seats.id,
      enrollmentId: seats.enrollmentId,
      givenNames: enrollments.firstName,
      surname: enrollments.lastName,
      email: seats.email,
    })
    .from(seats)
    .innerJoin(enrollments, eq(enrollments.id, seats.enrollmentId))
    .where(where)
    .orderBy(asc(seats.id));
  const ids = places.map((place) => place.seatId);
  if (ids.length === 0) return [];
  const [marks, results, current] = await Promise.all([
    db.select().from(attendance).where(inArray(attendance.seatId, ids)).orderBy(asc(attendance.day)),
    db.select().from(traineeResults).where(inArray(traineeResults.seatId, ids)),
    currentCertificates(db, ids),
  ]);
  return places.map((place) => {
    const result = results.find((row) => row.seatId === place.seatId);
    const certificate = current.find((row) => row.seatId === place.seatId);
    return {
      ...place,
      attendance: marks
        .filter((mark) => mark.seatId === place.seatId)
        .map(({ day, present }) => ({ day, present })),
      result: result
        ? {
            result: result.result,
            note: result.note,
            decidedAt: result.decidedAt,
            decidedBy: result.decidedBy,
          }
        : null,
      certificate: certificate ? certificateView(certificate, publicUrl) : null,
    };
  });
}

export async function classSheet(db: Reader, intakeId: number, publicUrl: string): Promise<ClassSheet> {
  const [intake] = await db.select().from(intakes).where(eq(intakes.id, intakeId));
  if (!intake) throw httpError(404, "Intake not found.");
  const trainees = await traineesWhere(
    db,
    and(eq(seats.intakeId, intakeId), eq(seats.state, "confirmed")),
    publicUrl,
  );
  return {
    intakeId,
    courseType: intake.courseType,
    startDate: intake.startDate,
    endDate: intake.endDate,
    location: intake.location,
    days: intakeDays(intake),
    trainees,
  };
}

/** One place as the class sheet shows it. */
export async function traineeOf(db: Reader, seatId: number, publicUrl: string): Promise<Trainee> {
  const [trainee] = await traineesWhere(db, eq(seats.id, seatId), publicUrl);
  if (!trainee) throw httpError(404, PLACE_NOT_FOUND);
  return trainee;
}

/**
 * What the rules need to know about one place: its state, intake, enrolled name, the days marked, its result and
 * its current certificate. `lock` takes the place's row for the rest of the transaction, so two staff members
 * deciding at once take turns (and a certificate is never issued twice).
 */
export async function placeFacts(db: Reader, seatId: number, lock = false) {
  const query = db
    .select({
      seatId: seats.id,
      state: seats.state,
      email: seats.email,
      enrollmentId: seats.enrollmentId,
      intakeId: seats.intakeId,
      givenNames: enrollments.firstName,
      surname: enrollments.lastName,
      courseType: intakes.courseType,
      startDate: intakes.startDate,
      endDate: intakes.endDate,
      location: intakes.location,
    })
    .from(seats)
    .innerJoin(enrollments, eq(enrollments.id, seats.enrollmentId))
    .innerJoin(intakes, eq(intakes.id, seats.intakeId))
    .where(eq(seats.id, seatId));
  const [place] = lock ? await query.for("update", { of: seats }) : await query;
  if (!place) throw httpError(404, PLACE_NOT_FOUND);
  const [marks, [result], [current]] = await Promise.all([
    db.select().from(attendance).where(eq(attendance.seatId, seatId)),
    db.select().from(traineeResults).where(eq(traineeResults.seatId, seatId)),
    currentCertificates(db, [seatId]),
  ]);
  return { ...place, attendance: marks, result: result ?? null, current: current ?? null };
}
export type PlaceFacts = Awaited<ReturnType<typeof placeFacts>>;

// Staff mark a confirmed trainee's attendance per day and decide how their course ended. A pass needs every day
// of the intake marked present, and issues the certificate at once (issue.ts); a certificate that stands freezes
// the attendance and the result until it is revoked.
import type { FastifyInstance } from "fastify";
import type * as z from "zod/mini";
import { formatCalendarDate } from "../../shared/calendar-dates";
import type { AttendanceInputSchema, ResultInput } from "../../shared/certificates";
import { endOfFijiDay, fijiToday } from "../../shared/fiji-time";
import { attendance, traineeResults } from "../db/schema";
import type { Tx } from "../intake/submissions";
import { httpError } from "../plugins/errors";
import { audit, auditedChange } from "../staff/audit";
import { intakeDays, type PlaceFacts, placeFacts } from "./class-sheet";
import { issueCertificate, type StaffBy } from "./issue";

function requireConfirmed(place: PlaceFacts): void {
  if (place.state !== "confirmed") {
    throw httpError(409, `Only confirmed trainees are on the class sheet; this place is ${place.state}.`);
  }
}

/** A certificate that stands (issued, not revoked) freezes what it was issued on. */
function requireNoStandingCertificate(place: PlaceFacts, what: string): void {
  const current = place.current;
  if (current && !current.revokedAt) {
    throw httpError(
      409,
      `Certificate ${current.number} was issued to this trainee: revoke it first to change the ${what}.`,
    );
  }
}

export async function markAttendance(
  app: FastifyInstance,
  seatId: number,
  input: z.output<typeof AttendanceInputSchema>,
  by: StaffBy,
): Promise<void> {
  const { day, present } = input;
  if (!endOfFijiDay(day)) throw httpError(400, "Day must be a calendar date (YYYY-MM-DD).");
  const check = (place: PlaceFacts) => {
    requireConfirmed(place);
    if (day < place.startDate || day > place.endDate) {
      throw httpError(400, `${formatCalendarDate(day)} is not a day of this intake.`);
    }
    if (day > fijiToday()) throw httpError(400, `${formatCalendarDate(day)} has not come yet.`);
    requireNoStandingCertificate(place, "attendance");
  };
  check(await placeFacts(app.db, seatId));
  const event = { ...by, action: "attendance", subject: `place ${seatId}`, details: { day, present } };
  await auditedChange(app.db, event, async (tx) => {
    check(await placeFacts(tx, seatId, true));
    await tx
      .insert(attendance)
      .values({ seatId, day, present, markedBy: by.actor })
      .onConflictDoUpdate({
        target: [attendance.seatId, attendance.day],
        set: { present, markedBy: by.actor, markedAt: new Date() },
      });
    return true;
  });
}

/** Why this place cannot pass yet (every missing day named), or nothing. */
function passProblems(place: PlaceFacts): string | null {
  const present = new Set(place.attendance.filter((mark) => mark.present).map((mark) => mark.day));
  const missing = intakeDays(place).filter((day) => !present.has(day));
  if (missing.length === 0) return null;
  return `A pass needs the trainee present on every day of the intake; not marked present on: ${missing
    .map(formatCalendarDate)
    .join(", ")}.`;
}

export async function setResult(app: FastifyInstance, seatId: number, input: ResultInput, by: StaffBy) {
  const note = input.note?.trim() || null;
  const event = {
    ...by,
    action: "trainee-result",
    subject: `place ${seatId}`,
    details: { result: input.result, note },
  };
  const record = async (tx: Tx) => {
    await tx
      .insert(traineeResults)
      .values({ seatId, result: input.result, note, decidedBy: by.actor })
      .onConflictDoUpdate({
        target: traineeResults.seatId,
        set: { result: input.result, note, decidedBy: by.actor, decidedAt: new Date() },
      });
  };

  if (input.result !== "passed") {
    const check = (place: PlaceFacts) => {
      requireConfirmed(place);
      requireNoStandingCertificate(place, "result");
    };
    check(await placeFacts(app.db, seatId));
    await auditedChange(app.db, event, async (tx) => {
      check(await placeFacts(tx, seatId, true));
      await record(tx);
      return true;
    });
    return;
  }

  await issueCertificate(
    app,
    seatId,
    {
      decide(place) {
        requireConfirmed(place);
        if (place.current && !place.current.revokedAt) {
          throw httpError(409, `Certificate ${place.current.number} was already issued to this trainee.`);
        }
        const problem = passProblems(place);
        if (problem) throw httpError(409, problem);
        // After a revocation, passing again issues a new version of the same number.
        return place.current;
      },
      holder: (place) => input.holder ?? { givenNames: place.givenNames, surname: place.surname },
      async also(tx) {
        await record(tx);
        await audit(tx, event);
      },
    },
    by,
  );
}

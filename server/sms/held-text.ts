// The "seat held" text (issue 34 point 5): sent the moment an applicant confirms their number, while their
// application holds a seat. It names the course and its start, and, while the hold still waits for the address
// confirmation that keeps it, the hold's deadline and a "Confirm by phone" link. The link opens the application's
// confirm page marked as coming from a text, so its button records the hold as confirmed by phone; it expires with
// the hold. Immediate: it answers what the person did a moment ago.
import { and, eq } from "drizzle-orm";
import { formatCalendarDate } from "../../shared/calendar-dates";
import { COURSES } from "../../shared/constants";
import { fijiDateAndTime } from "../../shared/fiji-time";
import type { Db } from "../db/client";
import { enrollments, intakes, seats } from "../db/schema";
import { confirmToken } from "../training/applicant-token";
import { queueApplicantText, stopLine, stopLink, type TextContext, textLink } from "./applicant-texts";
import { gsmReplace } from "./sms-text";

type Executor = Pick<Db, "select" | "insert">;

/** "14:05 on 5 March 2026", in Fiji time. */
export function fijiDeadlineText(instant: Date): string {
  const { date, time } = fijiDateAndTime(instant);
  return `${time} on ${formatCalendarDate(date)}`;
}

/** Where the text's link leads: the application's confirm page, saying the person came from a text. */
export const confirmByPhoneTarget = (token: string) => `/my-training/confirm?token=${token}&via=text`;

/** The held text's body, from its facts (the links already made); GSM-7. */
export function heldTextBody(facts: {
  firstName: string | null;
  courseTitle: string;
  startDate: string;
  /** Absent once the address is confirmed: the hold then waits for staff, not for the applicant. */
  confirm?: { deadline: Date; link: string };
  stop: string;
}): string {
  const greeting = facts.firstName ? `Bula ${facts.firstName}, your` : "Bula, your";
  const held = `${greeting} seat on the ${facts.courseTitle} course starting ${formatCalendarDate(facts.startDate)} is held.`;
  const confirm = facts.confirm
    ? ` Confirm by phone by ${fijiDeadlineText(facts.confirm.deadline)} to keep it: ${facts.confirm.link}`
    : " We will be in touch once we have reviewed your application.";
  return gsmReplace(`${held}${confirm}\n${stopLine(facts.stop)}`);
}

/**
 * Queues the held text for the application, if its seat is held and the application may be texted (its number
 * confirmed). Answers whether a text was queued. Call in the transaction that confirmed the number.
 */
export async function queueHeldText(
  tx: Executor,
  ctx: TextContext,
  confirmKey: Buffer,
  enrollmentId: number,
  now = new Date(),
): Promise<boolean> {
  const [seat] = await tx
    .select({
      courseType: enrollments.courseType,
      startDate: intakes.startDate,
      holdExpiresAt: seats.holdExpiresAt,
      addressConfirmedAt: seats.addressConfirmedAt,
    })
    .from(seats)
    .innerJoin(enrollments, eq(enrollments.id, seats.enrollmentId))
    .innerJoin(intakes, eq(intakes.id, seats.intakeId))
    .where(and(eq(seats.enrollmentId, enrollmentId), eq(seats.state, "held")))
    .limit(1);
  if (!seat) return false;
  const courseTitle = COURSES[seat.courseType].title;
  const deadline = !seat.addressConfirmedAt && seat.holdExpiresAt ? seat.holdExpiresAt : null;
  return queueApplicantText(
    tx,
    ctx,
    enrollmentId,
    async (app) => {
      const link = deadline
        ? await textLink(tx, ctx.publicUrl, {
            target: confirmByPhoneTarget(confirmToken(confirmKey, enrollmentId, now)),
            kind: "confirm-by-phone",
            expiresAt: deadline,
            enrollmentId,
            to: app.to,
          })
        : null;
      const stop = await stopLink(tx, ctx.publicUrl, app.to, now);
      const confirm = deadline && link ? { deadline, link } : undefined;
      return {
        kind: "held",
        body: heldTextBody({
          firstName: app.firstName,
          courseTitle,
          startDate: seat.startDate,
          confirm,
          stop,
        }),
        variables: {
          "1": app.firstName ?? "",
          "2": courseTitle,
          "3": formatCalendarDate(seat.startDate),
          "4": deadline ? fijiDeadlineText(deadline) : "",
          "5": link ?? "",
        },
        ...(deadline ? { deadline } : {}),
        immediate: true,
      };
    },
    now,
  );
}

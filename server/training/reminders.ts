// The scheduled notices of confirmed places, sent by an hourly job: the course reminders a week and a day before the
// start, the balance reminder in the three days before a deposit's balance is due, and staff's alert once a balance
// is overdue (the place stays confirmed; staff decide). Each notice has a key (kind, place, and the date it is about,
// so changed dates remind again) written to notices_sent in the transaction that queues its e-mail: several
// instances, or a restart mid-run, never send one twice.
import { and, eq, gte, inArray, lte } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { daysBetween } from "../../shared/calendar-dates";
import { fijiToday } from "../../shared/fiji-time";
import type { Settings } from "../../shared/settings";
import type { Db } from "../db/client";
import { enrollments, intakes, noticesSent, seats } from "../db/schema";
import type { EmailMessage } from "../integrations/mail/mailer";
import { enqueueEmails } from "../integrations/mail/outbox";
import { startRepeatingTask } from "../platform/repeating-task";
import { readSettings } from "../settings/settings";
import { staffEmailAddress } from "../settings/staff-notifications";
import { balanceReminderText, courseReminderText, queueBookingText } from "../sms/booking-texts";
import { calendarAttachment } from "./applicant-calendar";
import { addDays } from "./calendar";
import { placeDues, placePaid } from "./fee-dues";
import { payLinkFor, payPathFor } from "./fee-token";
import {
  balanceOverdueAlert,
  balanceReminderEmail,
  courseReminderEmail,
  type ReminderPlace,
} from "./reminder-emails";

const BALANCE_REMINDER_DAYS = 3;

export interface NoticeContext {
  publicUrl: string;
  staffEmail: string | null;
}

export interface Notice {
  key: string;
  email: EmailMessage;
  /** When it counts as sent (the database's clock when not given). */
  sentAt?: Date;
  /** Queues the notice's text, if the application may be texted, in the same transaction as its e-mail. */
  text?: (tx: Tx) => Promise<unknown>;
}

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** Sends the notice unless its key was sent before; answers whether it was queued now. */
export async function sendOnce(db: Db, notice: Notice): Promise<boolean> {
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(noticesSent)
      .values({ key: notice.key, sentAt: notice.sentAt })
      .onConflictDoNothing()
      .returning({ key: noticesSent.key });
    if (claimed.length === 0) return false;
    await enqueueEmails(tx, [notice.email]);
    await notice.text?.(tx);
    return true;
  });
}

/** The confirmed places of intakes that have not started and start within `days`. */
async function confirmedPlacesStartingWithin(db: Db, today: string, days: number) {
  return db
    .select({ seat: seats, intake: intakes, firstName: enrollments.firstName, ...placePaid })
    .from(seats)
    .innerJoin(intakes, eq(intakes.id, seats.intakeId))
    .innerJoin(enrollments, eq(enrollments.id, seats.enrollmentId))
    .where(
      and(
        eq(seats.state, "confirmed"),
        inArray(intakes.status, ["open", "closed"]),
        gte(intakes.startDate, today),
        lte(intakes.startDate, addDays(today, days)),
      ),
    );
}

/** The notices due for one place today. */
function noticesFor(
  place: ReminderPlace,
  today: string,
  context: NoticeContext,
  payLink: string | null,
  texts: PlaceTexts,
) {
  const notices: Notice[] = [];
  const untilStart = daysBetween(today, place.startDate);
  const links = { myTraining: `${context.publicUrl}/my-training`, pay: payLink };
  const calendar = () => calendarAttachment(place, context.publicUrl);
  if (untilStart >= 2 && untilStart <= 7) {
    notices.push({
      key: `course-week:${place.seatId}:${place.startDate}`,
      email: courseReminderEmail(place, "week", links, calendar()),
    });
  }
  if (untilStart <= 1) {
    notices.push({
      key: `course-day:${place.seatId}:${place.startDate}`,
      email: courseReminderEmail(place, "day", links, calendar()),
      // Only on the day before: "starts tomorrow" said on the start day itself would be wrong.
      ...(untilStart === 1 ? { text: texts.courseDay } : {}),
    });
  }
  if (place.dueCents > 0 && place.balanceDueDate) {
    const untilDue = daysBetween(today, place.balanceDueDate);
    if (untilDue >= 0 && untilDue <= BALANCE_REMINDER_DAYS) {
      notices.push({
        key: `balance-due:${place.seatId}:${place.balanceDueDate}`,
        email: balanceReminderEmail(place, payLink),
        text: texts.balance,
      });
    }
    if (untilDue < 0 && context.staffEmail) {
      notices.push({
        key: `balance-overdue:${place.seatId}:${place.balanceDueDate}`,
        email: balanceOverdueAlert(context.staffEmail, place, `${context.publicUrl}/admin/dashboard`),
      });
    }
  }
  return notices;
}

interface PlaceTexts {
  courseDay: (tx: Tx) => Promise<unknown>;
  balance: (tx: Tx) => Promise<unknown>;
}

/** The texts beside a place's notices (server/sms/booking-texts.ts): the day-before reminder and the balance's. */
function placeTexts(db: Db, enrollmentId: number, place: ReminderPlace, now: Date): PlaceTexts {
  return {
    courseDay: (tx) =>
      queueBookingText(tx, db, enrollmentId, (ctx, to) => courseReminderText(tx, ctx, to, place, now), now),
    balance: (tx) =>
      queueBookingText(
        tx,
        db,
        enrollmentId,
        (ctx, to) =>
          balanceReminderText(
            tx,
            ctx,
            to,
            {
              ...place,
              balanceDueDate: place.balanceDueDate ?? place.startDate,
              payPath: payPathFor(db, place.seatId),
            },
            now,
          ),
        now,
      ),
  };
}

/** Sends every notice due now; answers how many were queued. */
export async function sendTrainingNotices(
  db: Db,
  settings: Settings,
  context: NoticeContext,
  now = new Date(),
): Promise<number> {
  const today = fijiToday(now);
  // Far enough ahead to see balances falling due (due balanceDueDaysBeforeStart before the start).
  const horizon = Math.max(7, settings.balanceDueDaysBeforeStart + BALANCE_REMINDER_DAYS);
  let sent = 0;
  for (const row of await confirmedPlacesStartingWithin(db, today, horizon)) {
    const dues = placeDues(
      row,
      { paidCents: Number(row.paidCents), waived: Boolean(row.waived) },
      settings,
      now,
    );
    const place: ReminderPlace = {
      seatId: row.seat.id,
      email: row.seat.email,
      name: row.firstName,
      courseType: row.intake.courseType,
      startDate: row.intake.startDate,
      endDate: row.intake.endDate,
      location: row.intake.location,
      dailyStart: row.intake.dailyStart,
      dailyEnd: row.intake.dailyEnd,
      venueAddress: row.intake.venueAddress,
      mapUrl: row.intake.mapUrl,
      whatToBring: row.intake.whatToBring,
      dueCents: dues.dueCents,
      balanceDueDate: dues.balanceDueDate,
      sequence: row.seat.calendarSequence,
    };
    const texts = placeTexts(db, row.seat.enrollmentId, place, now);
    for (const notice of noticesFor(place, today, context, payLinkFor(db, row.seat.id), texts)) {
      if (await sendOnce(db, notice)) sent += 1;
    }
  }
  return sent;
}

const EVERY_HOUR_MS = 60 * 60 * 1000;

/** Sends the training notices every hour (and soon after start), with the settings of that moment. */
export function startTrainingNoticeTimer(app: FastifyInstance, intervalMs = EVERY_HOUR_MS): void {
  startRepeatingTask(
    app,
    { firstAfterMs: 30_000, intervalMs, failure: "training reminders failed; will retry next hour" },
    async () => {
      // Where the overdue alerts go is read at each run, so a changed setting applies to the next one.
      const context = { publicUrl: app.env.PUBLIC_URL, staffEmail: await staffEmailAddress(app.db, app.env) };
      if ((await sendTrainingNotices(app.db, await readSettings(app.db), context)) > 0) app.outbox.kick();
    },
  );
}

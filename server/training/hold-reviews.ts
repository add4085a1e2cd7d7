// Holds waiting for staff (docs/product.md, "Place limits"). An address-confirmed hold no longer lapses at its
// 24-hour deadline but waits `unreviewedHoldDays` for staff to accept or decline it; 48 hours before it lapses the
// applicant and staff are told, once (the place's lapseNoticeAt, claimed by one conditional update, so several
// instances never send it twice), and it lapses no sooner than 48 hours after that notice (seat-lifecycle.ts). Staff
// also get one e-mail a day listing the holds waiting longer than HOLDS_WAITING_DAYS, nothing when there are none:
// one instance writes it under a job lease, and its key in notices_sent keeps it to one a day.
import { randomBytes } from "node:crypto";
import { and, asc, eq, isNull, lte } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { HOLD_LAPSE_NOTICE_HOURS, HOLDS_LIST_FIJI_HOUR, HOLDS_WAITING_DAYS } from "../../shared/constants";
import { fijiDateAndTime } from "../../shared/fiji-time";
import type { Settings } from "../../shared/settings";
import type { Db } from "../db/client";
import { enrollments, intakes, noticesSent, seats } from "../db/schema";
import { enqueueEmails } from "../integrations/mail/outbox";
import { releaseLease, tryLease } from "../platform/job-lease";
import { startRepeatingTask } from "../platform/repeating-task";
import { readSettings } from "../settings/settings";
import { staffEmailAddress } from "../settings/staff-notifications";
import { type HeldPlace, holdLapseSoonEmail, holdLapseSoonStaffNote, holdsWaitingList } from "./hold-emails";
import { sendOnce } from "./reminders";

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
const LIST_LEASE = "holds-waiting-list";
const LIST_LEASE_MS = 5 * 60 * 1000;

export interface HoldContext {
  publicUrl: string;
  /** Where staff notifications go now (null: nobody is told). */
  staffEmail: string | null;
}

/**
 * When a hold lapses: an unconfirmed one at its deadline; a confirmed one `unreviewedHoldDays` after the
 * confirmation, and never sooner than 48 hours after its notice (the notice not sent yet: 48 hours from `now`).
 */
export function holdLapsesAt(
  seat: { holdExpiresAt: Date | null; addressConfirmedAt: Date | null; lapseNoticeAt: Date | null },
  settings: Settings,
  now: Date,
): Date | null {
  if (!seat.addressConfirmedAt) return seat.holdExpiresAt;
  const byDays = seat.addressConfirmedAt.getTime() + settings.unreviewedHoldDays * DAY_MS;
  const told = (seat.lapseNoticeAt ?? now).getTime() + HOLD_LAPSE_NOTICE_HOURS * HOUR_MS;
  return new Date(Math.max(byDays, told));
}

const heldColumns = {
  seat: seats,
  firstName: enrollments.firstName,
  lastName: enrollments.lastName,
  courseType: intakes.courseType,
  startDate: intakes.startDate,
  endDate: intakes.endDate,
  location: intakes.location,
};

function heldPlaces(db: Pick<Db, "select">) {
  return db
    .select(heldColumns)
    .from(seats)
    .innerJoin(enrollments, eq(enrollments.id, seats.enrollmentId))
    .innerJoin(intakes, eq(intakes.id, seats.intakeId))
    .$dynamic();
}

type HeldRow = Awaited<ReturnType<ReturnType<typeof heldPlaces>["execute"]>>[number];

const asHeldPlace = (row: HeldRow, lapsesAt: Date | null): HeldPlace => ({
  name: `${row.firstName} ${row.lastName}`,
  email: row.seat.email,
  courseType: row.courseType,
  startDate: row.startDate,
  endDate: row.endDate,
  location: row.location,
  since: row.seat.createdAt,
  lapsesAt,
});

/** Tells the applicant and staff of each confirmed hold due to lapse within 48 hours; answers how many were told. */
export async function sendHoldLapseNotices(
  db: Db,
  settings: Settings,
  context: HoldContext,
  now = new Date(),
): Promise<number> {
  const noticeFrom = settings.unreviewedHoldDays * DAY_MS - HOLD_LAPSE_NOTICE_HOURS * HOUR_MS;
  const due = await heldPlaces(db).where(
    and(
      eq(seats.state, "held"),
      isNull(seats.lapseNoticeAt),
      lte(seats.addressConfirmedAt, new Date(now.getTime() - noticeFrom)),
    ),
  );
  let told = 0;
  for (const row of due) {
    const sent = await db.transaction(async (tx) => {
      // Claimed by one update: another instance's run, or staff's decision in between, leaves nothing to claim.
      const claimed = await tx
        .update(seats)
        .set({ lapseNoticeAt: now })
        .where(and(eq(seats.id, row.seat.id), eq(seats.state, "held"), isNull(seats.lapseNoticeAt)))
        .returning({ id: seats.id });
      if (claimed.length === 0) return false;
      const place = asHeldPlace(row, holdLapsesAt({ ...row.seat, lapseNoticeAt: now }, settings, now));
      const dashboard = `${context.publicUrl}/admin/dashboard`;
      await enqueueEmails(tx, [
        holdLapseSoonEmail(row.seat.email, row.firstName, place),
        ...(context.staffEmail ? [holdLapseSoonStaffNote(context.staffEmail, place, dashboard)] : []),
      ]);
      return true;
    });
    if (sent) told += 1;
  }
  return told;
}

/**
 * Sends staff today's list of holds waiting more than HOLDS_WAITING_DAYS, from HOLDS_LIST_FIJI_HOUR on, once a Fiji
 * day and only when the list has someone on it; answers whether it was queued now.
 */
export async function sendHoldsWaitingList(
  db: Db,
  settings: Settings,
  context: HoldContext,
  now = new Date(),
): Promise<boolean> {
  const { date, time } = fijiDateAndTime(now);
  if (!context.staffEmail || Number(time.slice(0, 2)) < HOLDS_LIST_FIJI_HOUR) return false;
  const staffEmail = context.staffEmail;
  const key = `holds-waiting:${date}`;
  const holder = randomBytes(12).toString("hex");
  // One instance writes the list at a time; the others skip this run (the key keeps it to one a day anyway).
  if (!(await tryLease(db, LIST_LEASE, holder, LIST_LEASE_MS))) return false;
  try {
    const [sent] = await db
      .select({ key: noticesSent.key })
      .from(noticesSent)
      .where(eq(noticesSent.key, key))
      .limit(1);
    if (sent) return false;
    const waiting = await heldPlaces(db)
      .where(
        and(
          eq(seats.state, "held"),
          lte(seats.createdAt, new Date(now.getTime() - HOLDS_WAITING_DAYS * DAY_MS)),
        ),
      )
      .orderBy(asc(seats.createdAt), asc(seats.id));
    if (waiting.length === 0) return false;
    const holds = waiting.map((row) => asHeldPlace(row, holdLapsesAt(row.seat, settings, now)));
    return await sendOnce(db, {
      key,
      sentAt: now,
      email: holdsWaitingList(staffEmail, holds, HOLDS_WAITING_DAYS, `${context.publicUrl}/admin/dashboard`),
    });
  } finally {
    await releaseLease(db, LIST_LEASE, holder);
  }
}

const EVERY_HOUR_MS = 60 * 60 * 1000;

/** The lapse notices and staff's daily list, every hour (and soon after start), with the settings of that moment. */
export function startHoldReviewTimer(app: FastifyInstance, intervalMs = EVERY_HOUR_MS): void {
  startRepeatingTask(
    app,
    { firstAfterMs: 40_000, intervalMs, failure: "hold reviews failed; will retry next hour" },
    async () => {
      const settings = await readSettings(app.db);
      const context = { publicUrl: app.env.PUBLIC_URL, staffEmail: await staffEmailAddress(app.db, app.env) };
      const told = await sendHoldLapseNotices(app.db, settings, context);
      const listed = await sendHoldsWaitingList(app.db, settings, context);
      if (told > 0 || listed) app.outbox.kick();
    },
  );
}

// A burst of places from one IP address is flagged to staff, never refused: an office or a mobile carrier puts many
// real applicants behind one address. More than IP_BURST_PLACES places taken from one address within the window
// flag all of them (staff see it in the intake's list and on the enrollment card), and staff are e-mailed at most
// once per address per hour (docs/product.md, "Place limits").
import { and, asc, eq, gt, isNull, like, sql } from "drizzle-orm";
import { IP_BURST_PLACES, IP_BURST_WINDOW_HOURS } from "../../shared/constants";
import type { Db } from "../db/client";
import { enrollments, intakes, noticesSent, seats } from "../db/schema";
import { enqueueEmails } from "../integrations/mail/outbox";
import { ipBurstStaffNote } from "./hold-emails";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
const HOUR_MS = 60 * 60 * 1000;

export interface StaffNotice {
  /** Where staff notifications go now (null: nobody is told). */
  staffEmail: string | null;
  dashboardUrl: string;
}

/**
 * Looks at the places taken from `ip` within the window (the one just taken included): past the limit, flags them
 * and tells staff unless they were told of this address within the hour. Call in the application's transaction.
 */
export async function flagIpBurst(
  tx: Tx,
  ip: string,
  staff: StaffNotice,
  now = new Date(),
): Promise<boolean> {
  const since = new Date(now.getTime() - IP_BURST_WINDOW_HOURS * HOUR_MS);
  const recent = await tx
    .select({
      id: seats.id,
      email: seats.email,
      since: seats.createdAt,
      firstName: enrollments.firstName,
      lastName: enrollments.lastName,
      courseType: intakes.courseType,
      startDate: intakes.startDate,
      endDate: intakes.endDate,
      location: intakes.location,
    })
    .from(seats)
    .innerJoin(enrollments, eq(enrollments.id, seats.enrollmentId))
    .innerJoin(intakes, eq(intakes.id, seats.intakeId))
    .where(and(eq(seats.sourceIp, ip), gt(seats.createdAt, since)))
    .orderBy(asc(seats.id));
  if (recent.length <= IP_BURST_PLACES) return false;
  await tx
    .update(seats)
    .set({ ipBurstAt: now })
    .where(and(eq(seats.sourceIp, ip), gt(seats.createdAt, since), isNull(seats.ipBurstAt)));
  if (!staff.staffEmail) return true;
  // One note per address per hour, however many instances take places from it at once: the address's own lock
  // makes the look at the last note and the writing of the next one a single step.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`ip-burst:${ip}`}, 0))`);
  const prefix = `ip-burst:${ip}:`;
  const [told] = await tx
    .select({ key: noticesSent.key })
    .from(noticesSent)
    .where(
      and(like(noticesSent.key, `${prefix}%`), gt(noticesSent.sentAt, new Date(now.getTime() - HOUR_MS))),
    )
    .limit(1);
  if (told) return true;
  await tx.insert(noticesSent).values({ key: `${prefix}${now.toISOString()}`, sentAt: now });
  const places = recent.map((row) => ({
    ...row,
    name: `${row.firstName} ${row.lastName}`,
    lapsesAt: null,
  }));
  await enqueueEmails(tx, [
    ipBurstStaffNote(
      staff.staffEmail,
      { ip, windowHours: IP_BURST_WINDOW_HOURS, places },
      staff.dashboardUrl,
    ),
  ]);
  return true;
}

// Shared setup of the course-fee payment tests: an intake, an applicant whose application staff accepted (an offered
// place with its pay token), and reading back what the payment rules wrote.
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Db } from "../../server/db/client";
import { coursePayments, courseRefunds, emailOutbox, intakes, seats } from "../../server/db/schema";
import { addDays } from "../../server/training/calendar";
import { payToken } from "../../server/training/fee-token";
import { acceptPlace } from "../../server/training/seat-lifecycle";
import { takePlace } from "../../server/training/seats";
import { fijiToday } from "../../shared/fiji-time";
import { DEFAULT_SETTINGS } from "../../shared/settings";
import { insertEnrollment } from "./admin-session";
import { SITE_ORIGIN } from "./test-app";

export const STAFF_ACTION = { actor: "staff", ip: "127.0.0.1" };
let serial = 0;

export async function insertCourseIntake(
  db: Db,
  options: { startsInDays?: number; feeCents?: number; depositCents?: number | null } = {},
): Promise<number> {
  const start = addDays(fijiToday(), options.startsInDays ?? 30);
  const [row] = await db
    .insert(intakes)
    .values({
      courseType: "basic",
      startDate: start,
      endDate: addDays(start, 4),
      location: "Suva",
      seats: 8,
      feeCents: options.feeCents ?? 30000,
      depositCents: options.depositCents ?? null,
    })
    .returning({ id: intakes.id });
  if (!row) throw new Error("no intake");
  return row.id;
}

/** An applicant holding a seat in `intakeId` that staff have accepted: an offer waiting for payment. */
export async function offeredPlace(app: FastifyInstance, db: Db, intakeId: number) {
  serial += 1;
  const email = `payer${serial}-${Date.now()}@example.fj`;
  const enrollmentId = await insertEnrollment(db, { email, firstName: `Payer${serial}` });
  const taken = await db.transaction((tx) =>
    takePlace(tx, { intakeId, enrollmentId, email, holdHours: 24, today: fijiToday() }),
  );
  if (taken.outcome !== "held") throw new Error(`no seat: ${taken.outcome}`);
  const accepted = await acceptPlace(db, taken.seatId, DEFAULT_SETTINGS, STAFF_ACTION);
  if (accepted.outcome !== "done") throw new Error(`not offered: ${accepted.outcome}`);
  return { seatId: taken.seatId, email, enrollmentId, token: payToken(app.payLinkKey, taken.seatId) };
}

export function coursePaymentCalls(get: () => { app: FastifyInstance; db: Db }) {
  const summary = (seatId: number, token?: string) =>
    get().app.inject({
      method: "GET",
      url: `/api/training/places/${seatId}/payment${token ? `?token=${token}` : ""}`,
    });
  const start = (seatId: number, body: { token?: string; kind: string; method: string }) =>
    get().app.inject({
      method: "POST",
      url: `/api/training/places/${seatId}/payment`,
      payload: body,
      headers: { origin: SITE_ORIGIN },
    });
  const seat = async (seatId: number) => (await get().db.select().from(seats).where(eq(seats.id, seatId)))[0];
  const payments = (seatId: number) =>
    get().db.select().from(coursePayments).where(eq(coursePayments.seatId, seatId));
  const refundsOf = (paymentId: number) =>
    get().db.select().from(courseRefunds).where(eq(courseRefunds.paymentId, paymentId));
  const mailsTo = (to: string) => get().db.select().from(emailOutbox).where(eq(emailOutbox.to, to));
  return { summary, start, seat, payments, refundsOf, mailsTo };
}

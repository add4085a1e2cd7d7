// Training rows written straight to the database for the export and sheet tests: an intake on fixed dates, places
// in any state and payments towards them, so each test can name the exact cells it expects.
import { eq } from "drizzle-orm";
import type { Db } from "../../server/db/client";
import { coursePayments, intakes, seats } from "../../server/db/schema";
import type { SeatState } from "../../server/db/schema/training";

/** The intake's Intake cell. */
export const JANUARY_SUVA = "12 January 2027 to 16 January 2027, Suva";

/** A basic course on 12-16 January 2027 in Suva, FJD 1,500 with a FJD 500 deposit; answers its id. */
export async function insertJanuaryIntake(db: Db, location = "Suva"): Promise<number> {
  const [row] = await db
    .insert(intakes)
    .values({
      courseType: "basic",
      startDate: "2027-01-12",
      endDate: "2027-01-16",
      location,
      seats: 8,
      feeCents: 150_000,
      depositCents: 50_000,
    })
    .returning({ id: intakes.id });
  if (!row) throw new Error("no intake");
  return row.id;
}

/** A place of `enrollmentId` in `intakeId`; answers its id. */
export async function insertPlace(
  db: Db,
  place: { intakeId: number; enrollmentId: number; email: string; state: SeatState; offerExpiresAt?: Date },
): Promise<number> {
  const [row] = await db
    .insert(seats)
    .values({ ...place, offerExpiresAt: place.offerExpiresAt ?? null })
    .returning({ id: seats.id });
  if (!row) throw new Error("no seat");
  return row.id;
}

export async function setPlaceState(db: Db, seatId: number, state: SeatState, offerExpiresAt?: Date) {
  await db
    .update(seats)
    .set({ state, offerExpiresAt: offerExpiresAt ?? null })
    .where(eq(seats.id, seatId));
}

let serial = 0;

/** A settled card payment of `amountCents` towards a place. */
export async function insertPaidPayment(
  db: Db,
  payment: { seatId: number; enrollmentId: number; intakeId: number; amountCents: number },
): Promise<void> {
  serial += 1;
  await db.insert(coursePayments).values({
    ...payment,
    reference: `CFP-TEST${String(serial).padStart(6, "0")}-${Date.now()}`,
    kind: "deposit",
    method: "card",
    status: "paid",
    paidAt: new Date(),
  });
}

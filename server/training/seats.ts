// The places applicants hold in an intake. Taking one locks the intake's row, so seats can never be oversold:
// however many applications arrive at once (on one instance or several sharing PostgreSQL), they take the seats one
// after another and the rest join the waitlist in the order they were let in. The same lock makes the limit of places
// per mailbox hold under concurrency: two applications from one mailbox count each other's places.
import { and, asc, eq, inArray, lte, sql } from "drizzle-orm";
import { mailboxKey } from "../../shared/mailbox";
import type { Db } from "../db/client";
import { type SeatState, seats } from "../db/schema";
import { type IntakeRow, lockIntake } from "./intakes";
import { seatCounts } from "./schedule";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
const HOUR_MS = 60 * 60 * 1000;

/** Every outcome but "not-open" carries the intake as it was read under its lock. */
export type PlaceOutcome =
  | { outcome: "held"; seatId: number; holdExpiresAt: Date; intake: IntakeRow }
  | { outcome: "waitlisted"; seatId: number; position: number; intake: IntakeRow }
  /** This e-mail already has a place (or a waitlist place) in the intake: nothing new is taken. */
  | { outcome: "already"; seatId: number; state: SeatState; position: number | null; intake: IntakeRow }
  /** The mailbox already has `limit` live places in the intake: nothing is taken (staff can place it by hand). */
  | { outcome: "limit"; limit: number; intake: IntakeRow }
  /** The intake does not exist, was cancelled or closed, or has started. */
  | { outcome: "not-open" };

const ACTIVE: SeatState[] = ["held", "offered", "confirmed", "waitlisted"];
/** The places a mailbox's limit counts: those waiting on staff or on the applicant (docs/product.md, "Place limits"). */
const LIMITED: SeatState[] = ["held", "offered", "waitlisted"];

/** How many live places the mailbox of `email` has in the intake (call with the intake locked). */
export async function mailboxPlaces(
  tx: Pick<Db, "select">,
  intakeId: number,
  email: string,
): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(seats)
    .where(
      and(
        eq(seats.intakeId, intakeId),
        eq(seats.mailboxKey, mailboxKey(email)),
        inArray(seats.state, LIMITED),
      ),
    );
  return Number(row?.n ?? 0);
}

/** Where a waitlisted place stands: 1 is next in line. */
export async function waitlistPosition(
  tx: Pick<Db, "select">,
  intakeId: number,
  seatId: number,
): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(seats)
    .where(and(eq(seats.intakeId, intakeId), eq(seats.state, "waitlisted"), lte(seats.id, seatId)));
  return Number(row?.n ?? 0);
}

/**
 * Takes a place for an application: a seat held for `holdHours` while staff review it, or a waitlist place when the
 * intake is full. Call inside the application's transaction. `mailboxLimit` is the most live places one mailbox may
 * have in the intake (null: staff place it, and no limit applies); `sourceIp` is kept for the burst check.
 */
export async function takePlace(
  tx: Tx,
  place: {
    intakeId: number;
    enrollmentId: number;
    email: string;
    holdHours: number;
    today: string;
    /** Absent or null: no limit (staff placing by hand). */
    mailboxLimit?: number | null;
    sourceIp?: string | null;
  },
  now = new Date(),
): Promise<PlaceOutcome> {
  const intake = await lockIntake(tx, place.intakeId);
  if (intake?.status !== "open" || intake.startDate < place.today) return { outcome: "not-open" };
  const email = place.email.toLowerCase();
  const [existing] = await tx
    .select({ id: seats.id, state: seats.state })
    .from(seats)
    .where(and(eq(seats.intakeId, intake.id), eq(seats.email, email), inArray(seats.state, ACTIVE)))
    .limit(1);
  if (existing) {
    const position =
      existing.state === "waitlisted" ? await waitlistPosition(tx, intake.id, existing.id) : null;
    return { outcome: "already", seatId: existing.id, state: existing.state, position, intake };
  }
  if (place.mailboxLimit != null && (await mailboxPlaces(tx, intake.id, email)) >= place.mailboxLimit) {
    return { outcome: "limit", limit: place.mailboxLimit, intake };
  }
  const full = (await seatCounts(tx, intake.id)).taken >= intake.seats;
  const holdExpiresAt = new Date(now.getTime() + place.holdHours * HOUR_MS);
  const [row] = await tx
    .insert(seats)
    .values({
      intakeId: intake.id,
      enrollmentId: place.enrollmentId,
      email,
      mailboxKey: mailboxKey(email),
      sourceIp: place.sourceIp ?? null,
      state: full ? "waitlisted" : "held",
      holdExpiresAt: full ? null : holdExpiresAt,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: seats.id });
  if (!row) throw new Error("seat insert returned nothing");
  if (!full) return { outcome: "held", seatId: row.id, holdExpiresAt, intake };
  const position = await waitlistPosition(tx, intake.id, row.id);
  return { outcome: "waitlisted", seatId: row.id, position, intake };
}

/** The places of one intake in the order they were taken (staff's view and tests). */
export function placesOf(db: Pick<Db, "select">, intakeId: number) {
  return db.select().from(seats).where(eq(seats.intakeId, intakeId)).orderBy(asc(seats.id));
}

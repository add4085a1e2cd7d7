// What happens to a place after it is taken: staff accept it (an offer with a deadline) or decline it, the
// applicant confirms their address (the hold then waits `unreviewedHoldDays` for staff, who and the applicant are
// told 48 hours before it ends: hold-reviews.ts), holds and offers that run out lapse,
// and every freed seat goes to the first person on the waitlist as an offer with its own deadline. An offer's
// deadline never passes the day before the course starts, and from the start day on no offer is made
// (shared/due-dates.ts).
// Each change locks the intake's row first, like taking a place, so a promotion never races a new application.
import { and, asc, eq, inArray, isNull, lt, lte, or } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { HOLD_LAPSE_NOTICE_HOURS } from "../../shared/constants";
import { offerPayBy, paymentTerms } from "../../shared/due-dates";
import type { Settings } from "../../shared/settings";
import type { Db } from "../db/client";
import { enrollments, intakes, type SeatState, seats } from "../db/schema";
import type { EmailMessage } from "../integrations/mail/mailer";
import { enqueueEmails } from "../integrations/mail/outbox";
import { startRepeatingTask } from "../platform/repeating-task";
import { readSettings } from "../settings/settings";
import { offerText, queueBookingText } from "../sms/booking-texts";
import { audit } from "../staff/audit";
import { placeEndedEmail, placeOfferEmail, waitlistOfferEmail } from "./emails";
import { payLinkFor, payPathFor } from "./fee-token";
import { lockIntake } from "./intakes";
import { seatCounts } from "./schedule";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
type StaffAction = { actor: string; ip: string };
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

export const OFFER_TOO_LATE_MESSAGE =
  "This course starts today or has started, so an offer could not be paid in time. Record the payment or confirm the place instead.";

export type PlaceChange =
  | { outcome: "done"; state: SeatState }
  | { outcome: "unknown" }
  /** The course starts today or has started: an offer could not be paid before it. */
  | { outcome: "too-late" }
  /** The place is not in a state this change applies to (already offered, confirmed, ended…). */
  | { outcome: "not-now"; state: SeatState };

async function lockPlace(tx: Tx, seatId: number) {
  const [found] = await tx
    .select({ intakeId: seats.intakeId })
    .from(seats)
    .where(eq(seats.id, seatId))
    .limit(1);
  if (!found) return null;
  const intake = await lockIntake(tx, found.intakeId);
  const [row] = await tx
    .select({ place: seats, firstName: enrollments.firstName })
    .from(seats)
    .innerJoin(enrollments, eq(enrollments.id, seats.enrollmentId))
    .where(eq(seats.id, seatId))
    .limit(1);
  return intake && row ? { intake, ...row } : null;
}

/** The first names the e-mails greet, by application. */
async function firstNamesOf(tx: Tx, enrollmentIds: readonly number[]): Promise<Map<number, string>> {
  if (enrollmentIds.length === 0) return new Map();
  const rows = await tx
    .select({ id: enrollments.id, firstName: enrollments.firstName })
    .from(enrollments)
    .where(inArray(enrollments.id, [...enrollmentIds]));
  return new Map(rows.map((row) => [row.id, row.firstName]));
}

/** What an offer's text says of its intake: the deposit only when a deposit keeps the place (as the e-mail says). */
function offerFactsOf(
  intake: typeof intakes.$inferSelect,
  terms: ReturnType<typeof paymentTerms>,
  until: Date,
) {
  return {
    courseType: intake.courseType,
    startDate: intake.startDate,
    endDate: intake.endDate,
    feeCents: intake.feeCents,
    depositCents: terms.depositAllowed ? intake.depositCents : null,
    until,
  };
}

/**
 * Gives freed seats to the waitlist, first come first served: each promoted person gets an offer that waits
 * `waitlistOfferDays` for payment (until the day before the start at the latest). From the start day on nobody is
 * promoted: the offer could not be paid in time. Call with the intake's row locked.
 */
export async function promoteWaitlist(
  tx: Tx,
  intakeId: number,
  settings: Settings,
  now: Date,
  /** The database the app registered its pay links for: the offers then carry theirs. */
  db?: Db,
): Promise<number> {
  const [intake] = await tx.select().from(intakes).where(eq(intakes.id, intakeId)).limit(1);
  if (intake?.status !== "open" && intake?.status !== "closed") return 0;
  const offerExpiresAt = offerPayBy(intake.startDate, settings.waitlistOfferDays, now);
  if (!offerExpiresAt) return 0;
  const free = intake.seats - (await seatCounts(tx, intakeId)).taken;
  if (free <= 0) return 0;
  const next = await tx
    .select({
      id: seats.id,
      email: seats.email,
      enrollmentId: seats.enrollmentId,
      firstName: enrollments.firstName,
    })
    .from(seats)
    .innerJoin(enrollments, eq(enrollments.id, seats.enrollmentId))
    .where(and(eq(seats.intakeId, intakeId), eq(seats.state, "waitlisted")))
    .orderBy(asc(seats.id))
    .limit(free);
  const terms = paymentTerms(intake, offerExpiresAt, settings.balanceDueDaysBeforeStart);
  const emails: EmailMessage[] = [];
  for (const place of next) {
    await tx
      .update(seats)
      .set({ state: "offered", offerExpiresAt, updatedAt: now })
      .where(eq(seats.id, place.id));
    emails.push(
      waitlistOfferEmail(place, intake, offerExpiresAt, db ? payLinkFor(db, place.id) : null, terms),
    );
    if (db) {
      await queueBookingText(
        tx,
        db,
        place.enrollmentId,
        (ctx, to) =>
          offerText(
            tx,
            ctx,
            to,
            {
              ...offerFactsOf(intake, terms, offerExpiresAt),
              seatId: place.id,
              payPath: payPathFor(db, place.id),
              waitlist: true,
            },
            now,
          ),
        now,
      );
    }
  }
  await enqueueEmails(tx, emails);
  return next.length;
}

/**
 * Staff accept an application: its held seat becomes an offer that waits `offerDays` for payment (until the day
 * before the start at the latest); from the start day on it cannot be offered ("too-late").
 */
export function acceptPlace(db: Db, seatId: number, settings: Settings, by: StaffAction, now = new Date()) {
  return db.transaction(async (tx): Promise<PlaceChange> => {
    const found = await lockPlace(tx, seatId);
    if (!found) return { outcome: "unknown" };
    if (found.place.state !== "held") return { outcome: "not-now", state: found.place.state };
    const offerExpiresAt = offerPayBy(found.intake.startDate, settings.offerDays, now);
    if (!offerExpiresAt) return { outcome: "too-late" };
    const terms = paymentTerms(found.intake, offerExpiresAt, settings.balanceDueDaysBeforeStart);
    await tx
      .update(seats)
      .set({ state: "offered", offerExpiresAt, updatedAt: now })
      .where(eq(seats.id, seatId));
    await enqueueEmails(tx, [
      placeOfferEmail(
        { email: found.place.email, firstName: found.firstName },
        found.intake,
        offerExpiresAt,
        payLinkFor(db, seatId),
        terms,
      ),
    ]);
    await queueBookingText(
      tx,
      db,
      found.place.enrollmentId,
      (ctx, to) =>
        offerText(
          tx,
          ctx,
          to,
          {
            ...offerFactsOf(found.intake, terms, offerExpiresAt),
            seatId,
            payPath: payPathFor(db, seatId),
          },
          now,
        ),
      now,
    );
    await audit(tx, {
      ...by,
      action: "place.offered",
      subject: `seat ${seatId}`,
      details: { offerExpiresAt },
    });
    return { outcome: "done", state: "offered" };
  });
}

/** Staff decline an application (held, offered or waitlisted); a seat it took goes to the waitlist. */
export function declinePlace(db: Db, seatId: number, settings: Settings, by: StaffAction, now = new Date()) {
  return db.transaction(async (tx): Promise<PlaceChange> => {
    const found = await lockPlace(tx, seatId);
    if (!found) return { outcome: "unknown" };
    if (!["held", "offered", "waitlisted"].includes(found.place.state)) {
      return { outcome: "not-now", state: found.place.state };
    }
    await tx.update(seats).set({ state: "declined", updatedAt: now }).where(eq(seats.id, seatId));
    await audit(tx, { ...by, action: "place.declined", subject: `seat ${seatId}` });
    await promoteWaitlist(tx, found.intake.id, settings, now, db);
    return { outcome: "done", state: "declined" };
  });
}

/**
 * The applicant confirmed their address: their hold no longer lapses at its 24-hour deadline but waits for staff
 * (until `unreviewedHoldDays` after now).
 */
export async function confirmAddress(
  db: Pick<Db, "update">,
  enrollmentId: number,
  now = new Date(),
  /** The e-mail's link, the text's "confirm by phone" link, or signing in: staff see which. */
  via: "email" | "text" | "sign-in" = "email",
) {
  const rows = await db
    .update(seats)
    .set({ addressConfirmedAt: now, addressConfirmedVia: via, updatedAt: now })
    .where(and(eq(seats.enrollmentId, enrollmentId), isNull(seats.addressConfirmedAt)))
    .returning({ id: seats.id });
  return rows.length;
}

/**
 * The address-confirmed holds staff have not decided on that are due to lapse: confirmed `unreviewedHoldDays` ago
 * or more, and their 48-hour notice sent at least 48 hours ago (a hold is never ended before its people were told,
 * however long it waited before this rule existed or the setting changed).
 */
export function unreviewedHoldOverdue(settings: Settings, now: Date) {
  const confirmedBefore = new Date(now.getTime() - settings.unreviewedHoldDays * DAY_MS);
  const toldBefore = new Date(now.getTime() - HOLD_LAPSE_NOTICE_HOURS * HOUR_MS);
  return and(
    eq(seats.state, "held"),
    lte(seats.addressConfirmedAt, confirmedBefore),
    lte(seats.lapseNoticeAt, toldBefore),
  );
}

/**
 * Ends the holds nobody confirmed in time, the confirmed holds staff did not decide on in time and the offers nobody
 * paid in time, tells each person, and gives the freed seats to the waitlist. Safe to run on several instances at
 * once: each intake is locked while it is done.
 */
export async function lapseOverduePlaces(db: Db, settings: Settings, now = new Date()): Promise<number> {
  const overdue = or(
    and(eq(seats.state, "held"), isNull(seats.addressConfirmedAt), lt(seats.holdExpiresAt, now)),
    unreviewedHoldOverdue(settings, now),
    and(eq(seats.state, "offered"), lt(seats.offerExpiresAt, now)),
  );
  const intakeIds = await db.selectDistinct({ id: seats.intakeId }).from(seats).where(overdue);
  let lapsed = 0;
  for (const { id } of intakeIds) {
    lapsed += await db.transaction(async (tx) => {
      const intake = await lockIntake(tx, id);
      if (!intake) return 0;
      const ended = await tx
        .update(seats)
        .set({ state: "lapsed", updatedAt: now })
        .where(and(eq(seats.intakeId, id), overdue))
        .returning({
          email: seats.email,
          enrollmentId: seats.enrollmentId,
          state: seats.state,
          offerExpiresAt: seats.offerExpiresAt,
          addressConfirmedAt: seats.addressConfirmedAt,
        });
      const names = await firstNamesOf(
        tx,
        ended.map((place) => place.enrollmentId),
      );
      const reason = (place: (typeof ended)[number]) =>
        place.offerExpiresAt ? "offer" : place.addressConfirmedAt ? "review" : "hold";
      await enqueueEmails(
        tx,
        ended.map((place) =>
          placeEndedEmail(
            { email: place.email, firstName: names.get(place.enrollmentId) ?? null },
            intake,
            reason(place),
          ),
        ),
      );
      await promoteWaitlist(tx, id, settings, now, db);
      return ended.length;
    });
  }
  return lapsed;
}

const LAPSE_EVERY_MS = 10 * 60 * 1000;

/** Lapses overdue holds and offers every 10 minutes (and soon after start), with the settings of that moment. */
export function startPlaceLapseTimer(app: FastifyInstance, intervalMs = LAPSE_EVERY_MS): void {
  startRepeatingTask(
    app,
    { firstAfterMs: 20_000, intervalMs, failure: "lapsing overdue places failed; will retry" },
    async () => {
      if ((await lapseOverduePlaces(app.db, await readSettings(app.db))) > 0) app.outbox.kick();
    },
  );
}

// The training columns of the CSV export and the sheet sync (TRAINING_COLUMNS): which intake an application is for,
// the state of its place there, and the fee, what was paid and what is still due. Read for a whole list of
// enrollments in one query per thousand, never one per row.
import { eq, inArray, sql } from "drizzle-orm";
import type { AdminEnrollment } from "../../shared/admin";
import { formatIntakeDates } from "../../shared/calendar-dates";
import { RESULT_LABELS, type TraineeResult } from "../../shared/certificates";
import { formatFijiLongDate } from "../../shared/fiji-time";
import { formatFjd } from "../../shared/money-format";
import type { Db } from "../db/client";
import { certificates, enrollments, intakes, seats, traineeResults } from "../db/schema";
import type { SeatState } from "../db/schema/training";
import { dueCentsOf } from "../training/fee-dues";
import { seatPaidCents, seatWaived } from "../training/fee-revenue";

/** An application's intake and its latest place, as the training cells show them. */
export interface TrainingFacts {
  /** The place's intake, else the intake the applicant chose; null for "Any upcoming date". */
  intake: { startDate: string; endDate: string; location: string } | null;
  /** Why the application took no place although its intake was open (enrollments.noPlaceReason). */
  noPlaceReason?: "mailbox-limit" | null;
  place: {
    id: number;
    intakeId: number;
    /** How the course ended for the trainee, once staff said. */
    result?: TraineeResult | null;
    /** Its current certificate, if a pass issued one: revoked or not. */
    certificate?: "valid" | "revoked" | null;
    /** Set when the place was one of a burst from one IP address. */
    ipBurstAt?: Date | null;
    state: SeatState;
    offerExpiresAt: Date | null;
    waitlistPosition: number | null;
    feeCents: number;
    paidCents: number;
    dueCents: number;
  } | null;
}

/** What staff read in the Place column for each state. */
const PLACE_LABELS: Record<SeatState, string> = {
  held: "Held",
  offered: "Offered",
  confirmed: "Confirmed",
  waitlisted: "Waitlisted",
  declined: "Declined",
  lapsed: "Lapsed",
  cancelled: "Cancelled",
};

/** Only offered and confirmed places owe money (as the intake's revenue counts it); a waived place owes nothing. */
const OWING: readonly SeatState[] = ["offered", "confirmed"];

/** Enough ids per query to keep far below PostgreSQL's 65,535 parameters. */
const CHUNK = 1000;

/** The newest place an application took (a move keeps the seat; a new application for it makes a new one). */
const latestSeat = sql`${seats.id} = (select max(s.id) from ${seats} s where s.enrollment_id = ${enrollments.id})`;

/** The training facts of these enrollments, by id; an id with no place and no chosen intake maps to no intake. */
export async function trainingFactsOf(
  db: Pick<Db, "select">,
  ids: readonly number[],
): Promise<Map<number, TrainingFacts>> {
  const facts = new Map<number, TrainingFacts>();
  for (let start = 0; start < ids.length; start += CHUNK) {
    const rows = await db
      .select({
        id: enrollments.id,
        seatId: seats.id,
        intakeId: seats.intakeId,
        result: traineeResults.result,
        certificateRevokedAt: certificates.revokedAt,
        certificateId: certificates.id,
        startDate: intakes.startDate,
        endDate: intakes.endDate,
        location: intakes.location,
        feeCents: intakes.feeCents,
        state: seats.state,
        offerExpiresAt: seats.offerExpiresAt,
        ipBurstAt: seats.ipBurstAt,
        noPlaceReason: enrollments.noPlaceReason,
        waitlistPosition: sql<number | null>`case when ${seats.state} = 'waitlisted' then (
          select count(*)::int from ${seats} w where w.intake_id = ${seats.intakeId}
            and w.state = 'waitlisted' and w.id <= ${seats.id}) end`,
        paidCents: sql<number | null>`case when ${seats.id} is not null then ${seatPaidCents}::int end`,
        waived: sql<boolean | null>`case when ${seats.id} is not null then ${seatWaived} end`,
      })
      .from(enrollments)
      .leftJoin(seats, sql`${seats.enrollmentId} = ${enrollments.id} and ${latestSeat}`)
      .leftJoin(intakes, eq(intakes.id, sql`coalesce(${seats.intakeId}, ${enrollments.intakeId})`))
      .leftJoin(traineeResults, eq(traineeResults.seatId, seats.id))
      .leftJoin(
        certificates,
        sql`${certificates.seatId} = ${seats.id} and ${certificates.replacedAt} is null`,
      )
      .where(inArray(enrollments.id, ids.slice(start, start + CHUNK)));
    for (const row of rows) facts.set(row.id, toFacts(row));
  }
  return facts;
}

function toFacts(row: {
  seatId: number | null;
  intakeId: number | null;
  result: TraineeResult | null;
  certificateId: number | null;
  certificateRevokedAt: Date | null;
  startDate: string | null;
  endDate: string | null;
  location: string | null;
  feeCents: number | null;
  state: SeatState | null;
  offerExpiresAt: Date | null;
  ipBurstAt: Date | null;
  noPlaceReason: "mailbox-limit" | null;
  waitlistPosition: number | null;
  paidCents: number | null;
  waived: boolean | null;
}): TrainingFacts {
  const intake =
    row.startDate && row.endDate && row.location !== null
      ? { startDate: row.startDate, endDate: row.endDate, location: row.location }
      : null;
  const noPlaceReason = row.noPlaceReason;
  if (!row.state || row.feeCents === null || row.seatId === null || row.intakeId === null)
    return { intake, noPlaceReason, place: null };
  const paidCents = Number(row.paidCents ?? 0);
  const owes = OWING.includes(row.state);
  return {
    intake,
    noPlaceReason,
    place: {
      id: row.seatId,
      intakeId: row.intakeId,
      result: row.result,
      certificate: row.certificateId === null ? null : row.certificateRevokedAt ? "revoked" : "valid",
      ipBurstAt: row.ipBurstAt,
      state: row.state,
      offerExpiresAt: row.offerExpiresAt,
      waitlistPosition: row.waitlistPosition === null ? null : Number(row.waitlistPosition),
      feeCents: row.feeCents,
      paidCents,
      dueCents: owes ? dueCentsOf(row.feeCents, { paidCents, waived: Boolean(row.waived) }) : 0,
    },
  };
}

/** "Offered until 22 December 2026", "Waitlisted (#3)", or the state's plain label. */
function placeLabel(place: NonNullable<TrainingFacts["place"]>): string {
  const label = PLACE_LABELS[place.state];
  if (place.state === "offered" && place.offerExpiresAt) {
    return `${label} until ${formatFijiLongDate(place.offerExpiresAt)}`;
  }
  if (place.state === "waitlisted" && place.waitlistPosition) return `${label} (#${place.waitlistPosition})`;
  return label;
}

/** Places that hold or wait for a seat; an application with none of these can be given an intake by staff. */
const LIVE: readonly SeatState[] = ["held", "offered", "confirmed", "waitlisted"];

/** The intake and place of one application as the dashboard's enrollment card shows them. */
export function trainingSummary(facts: TrainingFacts | undefined): AdminEnrollment["training"] {
  const [intake = "Any upcoming date", place = ""] = trainingCells(facts);
  const placed = LIVE.includes(facts?.place?.state as SeatState);
  const seat = facts?.place;
  return {
    intake,
    place: place || null,
    placed,
    flag: trainingFlag(facts, placed),
    status: seat ? placeStatus(seat) : null,
    placeLink: seat ? { intakeId: seat.intakeId, placeId: seat.id } : null,
  };
}

/**
 * Where the place stands, beside the spec's Pending/Processed badge: "Certified", a result ("Passed", "Withdrew"),
 * else "Place: Offered, due FJD 1,500.00", "Place: Confirmed", "Waitlisted (#2)" and so on.
 */
export function placeStatus(place: NonNullable<TrainingFacts["place"]>): string {
  if (place.certificate === "valid") return "Certified";
  if (place.certificate === "revoked") return "Certificate revoked";
  if (place.result) return RESULT_LABELS[place.result];
  if (place.state === "waitlisted")
    return place.waitlistPosition ? `Waitlisted (#${place.waitlistPosition})` : "Waitlisted";
  const label = `Place: ${PLACE_LABELS[place.state]}`;
  return OWING.includes(place.state) && place.dueCents > 0
    ? `${label} — due ${formatFjd(place.dueCents)}`
    : label;
}

/** What staff should know of an application's place before deciding (docs/product.md, "Place limits"). */
function trainingFlag(facts: TrainingFacts | undefined, placed: boolean): string | null {
  if (!placed && facts?.noPlaceReason === "mailbox-limit") {
    return "No seat taken: its e-mail's mailbox already had the most places one mailbox may hold in this intake. Give it an intake by hand if it is a real applicant.";
  }
  if (placed && facts?.place?.ipBurstAt) {
    return "One of several places taken from one IP address within an hour: check it is a real applicant.";
  }
  return null;
}

/** The cells in TRAINING_COLUMNS order, before neutralising; no facts reads as "Any upcoming date" and no place. */
export function trainingCells(facts: TrainingFacts | undefined): string[] {
  const intake = facts?.intake;
  const place = facts?.place;
  return [
    intake ? `${formatIntakeDates(intake)}, ${intake.location}` : "Any upcoming date",
    place ? placeLabel(place) : "",
    place ? formatFjd(place.feeCents) : "",
    place ? formatFjd(place.paidCents) : "",
    place ? formatFjd(place.dueCents) : "",
  ];
}

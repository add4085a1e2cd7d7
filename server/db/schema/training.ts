// Training operations: the business settings staff change, course intakes (dates, place, seats, fee) and the
// places applicants hold in them (held, offered, confirmed, waitlisted and how each ended).
import { sql } from "drizzle-orm";
import { check, date, index, integer, jsonb, pgTable, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { type CourseType, MAX_STUDENTS_PER_CLASS } from "../../../shared/constants";
import {
  DEFAULT_DAILY_END,
  DEFAULT_DAILY_START,
  MAP_URL_MAX,
  VENUE_ADDRESS_MAX,
  WHAT_TO_BRING_MAX,
} from "../../../shared/joining";
import { type IntakeStatus, SEAT_STATES } from "../../../shared/training";
import { createdAt, emailAddress, instant, serialId } from "./columns";
import { enrollments } from "./intake";

/** One row per setting that staff changed; a missing row means its default (shared/settings.ts). */
export const settings = pgTable("settings", {
  key: varchar("key", { length: 60 }).primaryKey(),
  value: jsonb("value").notNull(),
  updatedAt: instant("updated_at").notNull().defaultNow(),
  updatedBy: varchar("updated_by", { length: 100 }).notNull(),
});

/** A class of one course on fixed Fiji dates. Dates are Fiji calendar days; money is in cents. */
export const intakes = pgTable(
  "intakes",
  {
    id: serialId(),
    courseType: varchar("course_type", { length: 20 }).$type<CourseType>().notNull(),
    startDate: date("start_date", { mode: "string" }).notNull(),
    endDate: date("end_date", { mode: "string" }).notNull(),
    location: varchar("location", { length: 200 }).notNull(),
    seats: integer("seats").notNull(),
    feeCents: integer("fee_cents").notNull(),
    depositCents: integer("deposit_cents"),
    /** open takes applications; closed takes none but runs; cancelled does not run. */
    status: varchar("status", { length: 10 }).$type<IntakeStatus>().notNull().default("open"),
    /** Joining instructions (shared/joining.ts): the hours each day, Fiji time "HH:MM". */
    dailyStart: varchar("daily_start", { length: 5 }).notNull().default(DEFAULT_DAILY_START),
    dailyEnd: varchar("daily_end", { length: 5 }).notNull().default(DEFAULT_DAILY_END),
    /** The venue's address (lines) and an https map link; empty while not settled, and then left out where shown. */
    venueAddress: varchar("venue_address", { length: VENUE_ADDRESS_MAX }).notNull().default(""),
    mapUrl: varchar("map_url", { length: MAP_URL_MAX }).notNull().default(""),
    /** What to bring, one thing a line; a new intake starts with its course's default (Settings). */
    whatToBring: varchar("what_to_bring", { length: WHAT_TO_BRING_MAX }).notNull().default(""),
    createdAt: createdAt(),
    updatedAt: instant("updated_at").notNull().defaultNow(),
  },
  (t) => [
    index("intakes_course_start_idx").on(t.courseType, t.startDate),
    check("intakes_dates_check", sql`${t.endDate} >= ${t.startDate}`),
    check("intakes_seats_check", sql`${t.seats} between 1 and ${sql.raw(String(MAX_STUDENTS_PER_CLASS))}`),
    check("intakes_fee_check", sql`${t.feeCents} > 0`),
    check(
      "intakes_deposit_check",
      sql`${t.depositCents} is null or (${t.depositCents} > 0 and ${t.depositCents} < ${t.feeCents})`,
    ),
    check("intakes_status_check", sql`${t.status} in ('open', 'closed', 'cancelled')`),
    check(
      "intakes_daily_hours_check",
      sql`${t.dailyStart} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' and ${t.dailyEnd} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' and ${t.dailyEnd} > ${t.dailyStart}`,
    ),
  ],
);

/**
 * held: an application keeps a seat while staff review it (lapses at holdExpiresAt unless the address is confirmed
 * or staff accept, and once confirmed lapses after the unreviewed-hold days unless staff decide); offered: staff accepted, waiting for payment until offerExpiresAt; confirmed: paid or confirmed
 * by staff. waitlisted: the intake was full. The other states are how a place ended.
 */
export { SEAT_STATES };
export type SeatState = (typeof SEAT_STATES)[number];
/** The states that take one of an intake's seats. */
export const SEAT_TAKING: readonly SeatState[] = ["held", "offered", "confirmed"];

export const seats = pgTable(
  "seats",
  {
    id: serialId(),
    intakeId: integer("intake_id")
      .notNull()
      .references(() => intakes.id),
    enrollmentId: integer("enrollment_id")
      .notNull()
      .references(() => enrollments.id),
    email: emailAddress().notNull(),
    /**
     * The mailbox the e-mail reaches (shared/mailbox.ts): places per intake are limited per mailbox, not per
     * spelling. Written with every place; rows older than the column were filled in by its migration.
     */
    mailboxKey: emailAddress("mailbox_key").notNull().default(""),
    /** The IP address the application came from (null: placed by staff, or released from the spam view). */
    sourceIp: varchar("source_ip", { length: 64 }),
    /** Set when this place was one of a burst from one IP address: staff see the flag, nothing is refused. */
    ipBurstAt: instant("ip_burst_at"),
    /** When the applicant and staff were told an unreviewed hold lapses in 48 hours; it lapses no sooner. */
    lapseNoticeAt: instant("lapse_notice_at"),
    state: varchar("state", { length: 12 }).$type<SeatState>().notNull(),
    holdExpiresAt: instant("hold_expires_at"),
    /** Set when the applicant confirmed their address: the hold then waits for staff (unreviewedHoldDays). */
    addressConfirmedAt: instant("address_confirmed_at"),
    /** How the hold was confirmed: the e-mail's link, the text's "confirm by phone" link, or signing in. */
    addressConfirmedVia: varchar("address_confirmed_via", { length: 10 }).$type<
      "email" | "text" | "sign-in"
    >(),
    offerExpiresAt: instant("offer_expires_at"),
    /**
     * The SEQUENCE of the place's calendar event (its UID is the place's id, training/applicant-calendar.ts): one
     * more at each change of its dates or place (moved by staff, its intake changed or cancelled), so a calendar
     * program replaces the event it holds with the newer one.
     */
    calendarSequence: integer("calendar_sequence").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: instant("updated_at").notNull().defaultNow(),
  },
  (t) => [
    index("seats_intake_state_idx").on(t.intakeId, t.state),
    index("seats_intake_mailbox_idx").on(t.intakeId, t.mailboxKey),
    index("seats_source_ip_idx").on(t.sourceIp, t.createdAt),
    // One e-mail holds at most one place (seat or waitlist) per intake at a time.
    uniqueIndex("seats_one_per_email_idx")
      .on(t.intakeId, t.email)
      .where(sql`${t.state} in ('held', 'offered', 'confirmed', 'waitlisted')`),
    check(
      "seats_state_check",
      sql`${t.state} in ('held', 'offered', 'confirmed', 'waitlisted', 'declined', 'lapsed', 'cancelled')`,
    ),
  ],
);

// Training operations II: which day each confirmed trainee attended, how their course ended, and the certificates
// a pass issues. A certificate row is frozen when issued: a name correction issues a new version (same number,
// new code) and marks the old one replaced; revoking only stamps it.
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgSequence,
  pgTable,
  primaryKey,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";
import type { TraineeResult } from "../../../shared/certificates";
import type { CourseType } from "../../../shared/constants";
import { createdAt, emailAddress, instant, serialId } from "./columns";
import { enrollments } from "./intake";
import { intakes, seats } from "./training";

/** A day of an intake marked for one confirmed trainee (present or absent); an unmarked day has no row. */
export const attendance = pgTable(
  "attendance",
  {
    seatId: integer("seat_id")
      .notNull()
      .references(() => seats.id),
    day: date("day", { mode: "string" }).notNull(),
    present: boolean("present").notNull(),
    markedAt: instant("marked_at").notNull().defaultNow(),
    markedBy: varchar("marked_by", { length: 100 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.seatId, t.day] })],
);

/** How a trainee's course ended; staff may change it until a pass has issued a certificate. */
export const traineeResults = pgTable(
  "trainee_results",
  {
    seatId: integer("seat_id")
      .primaryKey()
      .references(() => seats.id),
    result: varchar("result", { length: 20 }).$type<TraineeResult>().notNull(),
    note: varchar("note", { length: 500 }),
    decidedAt: instant("decided_at").notNull().defaultNow(),
    decidedBy: varchar("decided_by", { length: 100 }).notNull(),
  },
  (t) => [
    check("trainee_results_result_check", sql`${t.result} in ('passed', 'not_yet_competent', 'withdrew')`),
  ],
);

/** Feeds the certificate numbers: never reused, even when a transaction that took one rolls back. */
export const certificateNumbers = pgSequence("certificate_number_seq", { startWith: 1 });

export const certificates = pgTable(
  "certificates",
  {
    id: serialId(),
    /** "PSR-B-2026-0042" (formatCertificateNumber); every version of one certificate shares it. */
    number: varchar("number", { length: 30 }).notNull(),
    version: integer("version").notNull().default(1),
    /** The unguessable code of /verify/<code> (the QR target), new for each version. */
    code: varchar("code", { length: 40 }).notNull(),
    seatId: integer("seat_id")
      .notNull()
      .references(() => seats.id),
    enrollmentId: integer("enrollment_id")
      .notNull()
      .references(() => enrollments.id),
    intakeId: integer("intake_id")
      .notNull()
      .references(() => intakes.id),
    /** The holder's e-mail: /my-training shows them their certificates by it. */
    email: emailAddress().notNull(),
    courseType: varchar("course_type", { length: 20 }).$type<CourseType>().notNull(),
    title: varchar("title", { length: 100 }).notNull(),
    givenNames: varchar("given_names", { length: 100 }).notNull(),
    surname: varchar("surname", { length: 100 }).notNull(),
    // The intake as it ran, copied so the certificate never changes when the intake row does.
    startDate: date("start_date", { mode: "string" }).notNull(),
    endDate: date("end_date", { mode: "string" }).notNull(),
    location: varchar("location", { length: 200 }).notNull(),
    issuedOn: date("issued_on", { mode: "string" }).notNull(),
    expiresOn: date("expires_on", { mode: "string" }),
    revokedAt: instant("revoked_at"),
    revokedBy: varchar("revoked_by", { length: 100 }),
    replacedAt: instant("replaced_at"),
    /** The holder asked not to be found by number and surname (the QR link keeps working). */
    hiddenFromSearch: boolean("hidden_from_search").notNull().default(false),
    /** Where the PDF is kept (the storage interface); null until it was stored after the issue committed. */
    pdfKey: varchar("pdf_key", { length: 200 }),
    /** Lets the link in the certificate e-mail mark a review as written by a verified trainee. */
    reviewToken: varchar("review_token", { length: 64 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("certificates_number_version_idx").on(t.number, t.version),
    uniqueIndex("certificates_code_idx").on(t.code),
    uniqueIndex("certificates_review_token_idx").on(t.reviewToken),
    // One current certificate per place: a reissue replaces the version before it.
    uniqueIndex("certificates_one_current_idx").on(t.seatId).where(sql`${t.replacedAt} is null`),
    index("certificates_email_idx").on(t.email),
    index("certificates_surname_idx").on(sql`lower(${t.surname})`),
  ],
);

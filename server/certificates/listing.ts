// Staff's certificate register: every version, newest first, found by number, holder or e-mail and filtered by
// course, year of issue and status; the same rows as a CSV file; and the pass rates of the intakes with results.
import { and, desc, eq, gte, ilike, isNotNull, isNull, lt, lte, or, type SQL, sql } from "drizzle-orm";
import { formatIntakeDates } from "../../shared/calendar-dates";
import { type CertificateStatus, type PassRate, STATUS_LABELS } from "../../shared/certificates";
import { COURSES, type CourseType } from "../../shared/constants";
import { fijiToday } from "../../shared/fiji-time";
import type { Db } from "../db/client";
import { containsPattern } from "../db/like";
import { newestFirstPage } from "../db/newest-first";
import { certificates, intakes, seats, traineeResults } from "../db/schema";
import { csvText, neutralise } from "../enrollments/csv";
import { type CertificateRow, certificateView, holderNameOf, verifyUrlOf } from "./certificate-rows";

type Reader = Pick<Db, "select">;

export interface CertificateFilters {
  q?: string;
  course?: CourseType;
  year?: string;
  status?: CertificateStatus;
}

/** The status rule of certificateStatus() as SQL: revoked and replaced outrank expiry. */
function statusIs(status: CertificateStatus, today: string): SQL | undefined {
  const standing = and(isNull(certificates.revokedAt), isNull(certificates.replacedAt));
  switch (status) {
    case "revoked":
      return isNotNull(certificates.revokedAt);
    case "replaced":
      return and(isNull(certificates.revokedAt), isNotNull(certificates.replacedAt));
    case "expired":
      return and(standing, lt(certificates.expiresOn, today));
    case "valid":
      return and(standing, or(isNull(certificates.expiresOn), gte(certificates.expiresOn, today)));
  }
}

function filtersWhere(filters: CertificateFilters, today: string): SQL | undefined {
  const q = filters.q?.trim();
  const pattern = q ? containsPattern(q) : "";
  return and(
    q
      ? or(
          ilike(certificates.number, pattern),
          ilike(sql`${certificates.givenNames} || ' ' || ${certificates.surname}`, pattern),
          ilike(certificates.email, pattern),
        )
      : undefined,
    filters.course ? eq(certificates.courseType, filters.course) : undefined,
    filters.year
      ? and(
          gte(certificates.issuedOn, `${filters.year}-01-01`),
          lte(certificates.issuedOn, `${filters.year}-12-31`),
        )
      : undefined,
    filters.status ? statusIs(filters.status, today) : undefined,
  );
}

export async function listCertificates(
  db: Reader,
  filters: CertificateFilters,
  page: { limit: number; offset: number },
  publicUrl: string,
) {
  const today = fijiToday();
  const rows = db.select().from(certificates).$dynamic();
  const { items, total } = await newestFirstPage(
    db,
    {
      rows,
      table: certificates,
      where: filtersWhere(filters, today),
      newest: certificates.createdAt,
      id: certificates.id,
    },
    page,
  );
  return { items: items.map((row) => certificateView(row as CertificateRow, publicUrl, today)), total };
}

export const CSV_COLUMNS = [
  "Number",
  "Version",
  "Holder",
  "Email",
  "Course",
  "Certificate",
  "Intake",
  "Issued",
  "Expires",
  "Status",
  "Verification URL",
] as const;

/** The register as a CSV file (the enrollments export's format: BOM, CRLF, formulas neutralised). */
export async function certificatesCsv(db: Reader, filters: CertificateFilters, publicUrl: string) {
  const today = fijiToday();
  const rows = await db
    .select()
    .from(certificates)
    .where(filtersWhere(filters, today))
    .orderBy(desc(certificates.createdAt), desc(certificates.id));
  const records = rows.map((row) => {
    const view = certificateView(row, publicUrl, today);
    return [
      row.number,
      String(row.version),
      holderNameOf(row),
      row.email,
      COURSES[row.courseType].title,
      row.title,
      `${formatIntakeDates(row)}, ${row.location}`,
      row.issuedOn,
      row.expiresOn ?? "",
      STATUS_LABELS[view.status],
      verifyUrlOf(publicUrl, row.code),
    ].map(neutralise);
  });
  return { rows: rows.length, text: csvText([[...CSV_COLUMNS], ...records]) };
}

/** "certificates-2027-01-20.csv", named by the Fiji date of the export. */
export const csvFileName = () => `certificates-${fijiToday()}.csv`;

const confirmed = sql`${seats.state} = 'confirmed'`;
const countWhere = (condition: SQL) => sql<number>`count(*) filter (where ${condition})`.mapWith(Number);
const resultCount = (result: string) =>
  countWhere(sql`${confirmed} and ${traineeResults.result} = ${result}`);

/** Per intake with at least one result among its confirmed trainees: how their courses ended, newest first. */
export async function passRates(db: Reader): Promise<PassRate[]> {
  return db
    .select({
      intakeId: intakes.id,
      courseType: intakes.courseType,
      startDate: intakes.startDate,
      endDate: intakes.endDate,
      location: intakes.location,
      trainees: countWhere(confirmed),
      passed: resultCount("passed"),
      notYetCompetent: resultCount("not_yet_competent"),
      withdrew: resultCount("withdrew"),
    })
    .from(intakes)
    .innerJoin(seats, eq(seats.intakeId, intakes.id))
    .leftJoin(traineeResults, eq(traineeResults.seatId, seats.id))
    .groupBy(intakes.id)
    .having(sql`count(${traineeResults.seatId}) filter (where ${confirmed}) > 0`)
    .orderBy(desc(intakes.startDate), desc(intakes.id));
}

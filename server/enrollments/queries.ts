// What the staff dashboard reads and changes about enrollments. Spam caught by the honeypot stays in the table
// (nothing acknowledged is lost) but never reaches the dashboard, the CSV or the spreadsheet.

import { and, count, desc, eq, gte, ilike, or, type SQL, sql } from "drizzle-orm";
import type { AdminEnrollment, EnrollmentSummary, EnrollmentTab } from "../../shared/admin";
import { COURSE_TYPES, type CourseType } from "../../shared/constants";
import type { HighestEducation } from "../../shared/form-options";
import type { Db } from "../db/client";
import { containsPattern } from "../db/like";
import { enrollments } from "../db/schema";
import { enrollmentFieldColumns } from "./fields";
import { trainingFactsOf, trainingSummary } from "./training-cells";

/** What one CSV or sheet row is made of. */
export const csvColumns = {
  id: enrollments.id,
  courseType: enrollments.courseType,
  ...enrollmentFieldColumns,
  submittedAt: enrollments.submittedAt,
  isProcessed: enrollments.isProcessed,
  processingNotes: enrollments.processingNotes,
};

export const enrollmentColumns = {
  ...csvColumns,
  processedAt: enrollments.processedAt,
  processedBy: enrollments.processedBy,
  googleSheetsSync: enrollments.googleSheetsSync,
};

type Row = Pick<typeof enrollments.$inferSelect, keyof typeof enrollmentColumns>;

/** A stored row as staff read it, before its intake and place are added (withTraining). */
export type EnrollmentRow = Omit<AdminEnrollment, "training">;

export function toAdminEnrollment(row: Row): EnrollmentRow {
  return {
    ...row,
    highestEducation: row.highestEducation as HighestEducation,
    submittedAt: row.submittedAt.toISOString(),
    processedAt: row.processedAt?.toISOString() ?? null,
  };
}

function searchCondition(q: string | undefined): SQL | undefined {
  const text = q?.trim();
  if (!text) return undefined;
  const pattern = containsPattern(text);
  return or(
    ilike(enrollments.firstName, pattern),
    ilike(enrollments.lastName, pattern),
    ilike(enrollments.email, pattern),
    ilike(sql`${enrollments.firstName} || ' ' || ${enrollments.lastName}`, pattern),
  );
}

function tabCondition(tab: EnrollmentTab): SQL | undefined {
  if (tab === "all") return undefined;
  if (tab === "pending") return eq(enrollments.isProcessed, false);
  return eq(enrollments.courseType, tab);
}

export interface ListOptions {
  tab?: EnrollmentTab;
  q?: string;
  limit?: number;
  offset?: number;
}

/** The rows with their intake and place (one query for the whole page of rows). */
export async function withTraining(db: Db, rows: EnrollmentRow[]): Promise<AdminEnrollment[]> {
  const facts = await trainingFactsOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({ ...row, training: trainingSummary(facts.get(row.id)) }));
}

export async function listEnrollments(db: Db, options: ListOptions = {}): Promise<EnrollmentRow[]> {
  const query = db
    .select(enrollmentColumns)
    .from(enrollments)
    .where(and(eq(enrollments.isSpam, false), tabCondition(options.tab ?? "all"), searchCondition(options.q)))
    .orderBy(desc(enrollments.submittedAt), desc(enrollments.id))
    .$dynamic();
  if (options.limit !== undefined) query.limit(options.limit);
  if (options.offset) query.offset(options.offset);
  return (await query).map(toAdminEnrollment);
}

export async function findEnrollment(db: Db, id: number): Promise<AdminEnrollment | undefined> {
  const [row] = await db
    .select(enrollmentColumns)
    .from(enrollments)
    .where(and(eq(enrollments.id, id), eq(enrollments.isSpam, false)))
    .limit(1);
  if (!row) return undefined;
  const [found] = await withTraining(db, [toAdminEnrollment(row)]);
  return found;
}

export const WEEKS_CHARTED = 12;

/** Monday 00:00 UTC of the week holding `date`. */
export function weekStart(date: Date): Date {
  const day = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  day.setUTCDate(day.getUTCDate() - ((day.getUTCDay() + 6) % 7));
  return day;
}

export async function summarizeEnrollments(db: Db, q?: string, now = new Date()): Promise<EnrollmentSummary> {
  const where = and(eq(enrollments.isSpam, false), searchCondition(q));
  const groups = await db
    .select({ courseType: enrollments.courseType, isProcessed: enrollments.isProcessed, n: count() })
    .from(enrollments)
    .where(where)
    .groupBy(enrollments.courseType, enrollments.isProcessed);
  const summary: EnrollmentSummary = {
    total: 0,
    processed: 0,
    pending: 0,
    basic: 0,
    advanced: 0,
    instructor: 0,
    activeCourses: 0,
    weekly: [],
  };
  for (const group of groups) {
    summary.total += group.n;
    summary[group.isProcessed ? "processed" : "pending"] += group.n;
    summary[group.courseType] += group.n;
  }
  summary.activeCourses = summary.basic + summary.advanced + summary.instructor;

  const firstWeek = weekStart(now);
  firstWeek.setUTCDate(firstWeek.getUTCDate() - 7 * (WEEKS_CHARTED - 1));
  const week = sql<string>`to_char(date_trunc('week', ${enrollments.submittedAt} at time zone 'UTC'), 'YYYY-MM-DD')`;
  const weekly = await db
    .select({ week, courseType: enrollments.courseType, n: count() })
    .from(enrollments)
    .where(and(where, gte(enrollments.submittedAt, firstWeek)))
    .groupBy(week, enrollments.courseType);
  for (let i = 0; i < WEEKS_CHARTED; i++) {
    const start = new Date(firstWeek);
    start.setUTCDate(start.getUTCDate() + 7 * i);
    const key = start.toISOString().slice(0, 10);
    const counts = Object.fromEntries(
      COURSE_TYPES.map((type) => [
        type,
        weekly.find((row) => row.week === key && row.courseType === type)?.n ?? 0,
      ]),
    ) as Record<CourseType, number>;
    summary.weekly.push({ weekStart: key, ...counts });
  }
  return summary;
}

// The enrollments CSV staff export (docs/product.md, Staff dashboard), and the cells it shares with the Google
// Sheets sync: the spec's columns come from the field catalogue, the training columns after them from the
// application's intake and place.
import type { FastifyReply } from "fastify";
import { type AdminEnrollment, EXPORT_COLUMNS } from "../../shared/admin";
import { COURSES } from "../../shared/constants";
import { displayValue } from "../../shared/enrollment-display";
import { CSV_FIELDS } from "../../shared/enrollment-fields";
import { fijiDateAndTime } from "../../shared/fiji-time";
import { type TrainingFacts, trainingCells } from "./training-cells";

/** The fields one CSV or sheet row is made of; the sync passes database rows (Date, plain string) straight in. */
export type CsvEnrollment = Pick<AdminEnrollment, "id" | "courseType" | "isProcessed" | "processingNotes"> & {
  submittedAt: string | Date;
} & { [Name in (typeof CSV_FIELDS)[number]["name"]]: unknown };

/** A CSV download: UTF-8, saved under `fileName`, never cached (it holds personal data). */
export function sendCsvFile(reply: FastifyReply, fileName: string, text: string) {
  return reply
    .header("Content-Type", "text/csv; charset=utf-8")
    .header("Content-Disposition", `attachment; filename="${fileName}"`)
    .header("Cache-Control", "no-store")
    .send(text);
}

/** "enrollments-2025-03-01.csv": the date staff see on their own calendar in Fiji, not the UTC one. */
export function csvFileName(now: Date): string {
  return `enrollments-${fijiDateAndTime(now).date}.csv`;
}

// Spreadsheet apps run a cell starting with one of these as a formula (CSV injection, OWASP). A leading apostrophe
// makes Excel, LibreOffice and Google Sheets show the text as typed. Phone numbers such as "+679 123 4567" start
// with "+" and get the apostrophe too: that is the OWASP advice, and the apostrophe is hidden in the cell. Every
// number written here (IDs, hours) is never negative, so no real number is touched.
const FORMULA_START = /^[=+\-@\t\r]/;

export function neutralise(cell: string): string {
  return FORMULA_START.test(cell) ? `'${cell}` : cell;
}

/**
 * One row's cells in EXPORT_COLUMNS order (the spec's columns, then the training ones), already neutralised against
 * formulas, without any CSV quoting. No training facts read as "Any upcoming date" with no place.
 */
export function enrollmentCells(row: CsvEnrollment, training?: TrainingFacts): string[] {
  const submitted = fijiDateAndTime(new Date(row.submittedAt));
  const cells = [
    String(row.id),
    COURSES[row.courseType]?.title ?? row.courseType,
    ...CSV_FIELDS.map((field) => String(displayValue(field, row[field.name]) ?? "")),
    // Fiji wall-clock time, "YYYY-MM-DD HH:mm": what staff read on the dashboard, and a form every spreadsheet
    // app recognises as a date and time (an ISO string with "Z" stays text in Excel).
    `${submitted.date} ${submitted.time}`,
    row.isProcessed ? "Yes" : "No",
    row.processingNotes ?? "",
    ...trainingCells(training),
  ];
  return cells.map(neutralise);
}

function quote(cell: string): string {
  return /[",\r\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell;
}

/**
 * RFC 4180 text: CRLF after every record, fields quoted only when they must be. The byte order mark makes Excel
 * read the file as UTF-8, so names like "Sēmisi" or "Tūpou" survive a double-click.
 */
export function csvText(records: readonly (readonly string[])[]): string {
  return `\uFEFF${records.map((cells) => `${cells.map(quote).join(",")}\r\n`).join("")}`;
}

export function enrollmentsCsv(
  rows: CsvEnrollment[],
  training: ReadonlyMap<number, TrainingFacts> = new Map(),
): string {
  return csvText([[...EXPORT_COLUMNS], ...rows.map((row) => enrollmentCells(row, training.get(row.id)))]);
}

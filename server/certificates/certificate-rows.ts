// A certificate row as staff and its holder see it (CertificateSchema), the PDF's input and storage key, and the
// reads of one certificate that the staff and applicant routes share.
import { and, eq } from "drizzle-orm";
import type * as z from "zod/mini";
import { type CertificateSchema, certificateStatus } from "../../shared/certificates";
import { COMPANY } from "../../shared/company";
import { COURSES } from "../../shared/constants";
import { fijiToday } from "../../shared/fiji-time";
import type { Db } from "../db/client";
import { certificates } from "../db/schema";
import type { CertificatePdfInput } from "./certificate-pdf";

export type CertificateRow = typeof certificates.$inferSelect;
/** A certificate as a route hands it over (timestamps as Dates; the contract writes them as ISO strings). */
export type CertificateView = z.output<typeof CertificateSchema>;
/** What a certificate is made of before it is stored (its id, stamps and PDF key come later). */
export type CertificateValues = Omit<
  CertificateRow,
  "id" | "createdAt" | "revokedAt" | "revokedBy" | "replacedAt" | "pdfKey"
>;

/** The verification address: the QR code's target, and the link in the e-mails. */
export const verifyUrlOf = (publicUrl: string, code: string) => `${publicUrl}/verify/${code}`;

export const holderNameOf = (row: { givenNames: string; surname: string }) =>
  `${row.givenNames} ${row.surname}`;

/** Every version of a number keeps its own PDF: "certificates/PSR-B-2026-0042-v2.pdf". */
export const pdfKeyOf = (row: { number: string; version: number }) =>
  `certificates/${row.number}-v${row.version}.pdf`;

export function certificateView(
  row: CertificateRow,
  publicUrl: string,
  today = fijiToday(),
): CertificateView {
  return {
    id: row.id,
    number: row.number,
    version: row.version,
    code: row.code,
    courseType: row.courseType,
    title: row.title,
    holderName: holderNameOf(row),
    givenNames: row.givenNames,
    surname: row.surname,
    email: row.email,
    intakeId: row.intakeId,
    startDate: row.startDate,
    endDate: row.endDate,
    location: row.location,
    issuedOn: row.issuedOn,
    expiresOn: row.expiresOn,
    status: certificateStatus(row, today),
    revokedAt: row.revokedAt,
    replacedAt: row.replacedAt,
    hiddenFromSearch: row.hiddenFromSearch,
    verifyUrl: verifyUrlOf(publicUrl, row.code),
  };
}

export function pdfInputOf(row: CertificateValues, publicUrl: string): CertificatePdfInput {
  return {
    issuer: COMPANY.legalName,
    holderName: holderNameOf(row),
    title: row.title,
    courseTitle: COURSES[row.courseType].title,
    startDate: row.startDate,
    endDate: row.endDate,
    location: row.location,
    issuedOn: row.issuedOn,
    expiresOn: row.expiresOn,
    number: row.number,
    verifyUrl: verifyUrlOf(publicUrl, row.code),
  };
}

/** One certificate by id; with `email`, only when it is that holder's (anyone else's reads as not there). */
export async function certificateById(
  db: Pick<Db, "select">,
  id: number,
  email?: string,
): Promise<CertificateRow | undefined> {
  const [row] = await db
    .select()
    .from(certificates)
    .where(and(eq(certificates.id, id), email === undefined ? undefined : eq(certificates.email, email)));
  return row;
}

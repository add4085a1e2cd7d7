// The public certificate check (issue 15, point 3): a certificate by its verification code (the QR target, any
// version), or by its number and the holder's surname (the current version, unless the holder hid it from this
// search). Answers only PublicCertificate: what a checker needs, never contact details or a revocation's reason.
import { and, eq, isNull } from "drizzle-orm";
import {
  certificateStatus,
  normaliseCertificateNumber,
  type PublicCertificate,
} from "../../shared/certificates";
import { COMPANY } from "../../shared/company";
import { fijiDateAndTime, fijiToday } from "../../shared/fiji-time";
import type { Db } from "../db/client";
import { certificates } from "../db/schema/certificates";

const PUBLIC_COLUMNS = {
  number: certificates.number,
  title: certificates.title,
  givenNames: certificates.givenNames,
  surname: certificates.surname,
  issuedOn: certificates.issuedOn,
  expiresOn: certificates.expiresOn,
  revokedAt: certificates.revokedAt,
  replacedAt: certificates.replacedAt,
};

type PublicRow = {
  number: string;
  title: string;
  givenNames: string;
  surname: string;
  issuedOn: string;
  expiresOn: string | null;
  revokedAt: Date | null;
  replacedAt: Date | null;
};

/**
 * A verification code as issued: letters, digits, '-' and '_' (base32 or base64url of 128 random bits). Anything else
 * is answered "not found" without a query.
 */
export function isVerifyCode(code: string): boolean {
  return /^[A-Za-z0-9_-]{16,40}$/.test(code);
}

/**
 * How a typed surname is compared: case, accents, apostrophes and the spacing of hyphens and spaces do not count,
 * so "Nailatikau", "NAILATIKAU" and "Náilatikau" match, and "O'Brien" matches "O’Brien" and "OBrien".
 */
export function surnameKey(surname: string): string {
  return surname
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/['\u2018\u2019\u02bb\u02bc`]/g, "")
    .replace(/[\s\u2010-\u2015-]+/g, " ")
    .trim();
}

const fijiDateOf = (instant: Date | null) => (instant ? fijiDateAndTime(instant).date : null);

function toPublic(row: PublicRow, today: string): PublicCertificate {
  return {
    issuer: COMPANY.legalName,
    holderName: `${row.givenNames} ${row.surname}`,
    title: row.title,
    number: row.number,
    issuedOn: row.issuedOn,
    expiresOn: row.expiresOn,
    status: certificateStatus(row, today),
    revokedOn: fijiDateOf(row.revokedAt),
    replacedOn: fijiDateOf(row.replacedAt),
  };
}

/** The certificate of a verification code, whichever version it is (an old one shows as replaced). */
export async function certificateByCode(
  db: Db,
  code: string,
  today = fijiToday(),
): Promise<PublicCertificate | null> {
  if (!isVerifyCode(code)) return null;
  const [row] = await db
    .select(PUBLIC_COLUMNS)
    .from(certificates)
    .where(eq(certificates.code, code))
    .limit(1);
  return row ? toPublic(row, today) : null;
}

/**
 * The current version of the certificate with this number, when the surname is its holder's and the holder has
 * not hidden it from this search. A wrong surname and an unknown number answer the same null, after the same query.
 */
export async function certificateByNumber(
  db: Db,
  search: { number: string; surname: string },
  today = fijiToday(),
): Promise<PublicCertificate | null> {
  const [row] = await db
    .select(PUBLIC_COLUMNS)
    .from(certificates)
    .where(
      and(
        eq(certificates.number, normaliseCertificateNumber(search.number)),
        isNull(certificates.replacedAt),
        eq(certificates.hiddenFromSearch, false),
      ),
    )
    .limit(1);
  if (!row || surnameKey(row.surname) !== surnameKey(search.surname)) return null;
  return toPublic(row, today);
}

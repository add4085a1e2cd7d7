// Certificates written straight to the database for the verification tests: each on its own confirmed place (an
// enrollment with contact details the public page must never show), so a test names exactly the row it checks.
import { randomBytes } from "node:crypto";
import type { Db } from "../../server/db/client";
import { certificates } from "../../server/db/schema/certificates";
import { fijiToday } from "../../shared/fiji-time";
import { insertEnrollment, insertIntake } from "./admin-session";
import { insertPlace } from "./training-rows";

/** What the holder's enrollment carries and the public page must not show. */
export const PRIVATE = {
  phone: "+679 777 4321",
  address: "Lot 7, Queens Road, Lautoka",
  dateOfBirth: "1994-07-21",
};

let serial = 0;

export type CertificateRow = typeof certificates.$inferInsert;

/** A new verification code, as unguessable as the issued ones. */
export const newCode = () => randomBytes(16).toString("base64url");

/** A certificate (version 1, valid, no expiry unless `overrides` say otherwise); answers its row. */
export async function insertCertificate(db: Db, overrides: Partial<CertificateRow> = {}) {
  serial += 1;
  const email = `holder${serial}-${Date.now()}@example.fj`;
  const intakeId = await insertIntake(db, -10, "Suva", 8);
  const enrollmentId = await insertEnrollment(db, { email, ...PRIVATE });
  const seatId = await insertPlace(db, { intakeId, enrollmentId, email, state: "confirmed" });
  const [row] = await db
    .insert(certificates)
    .values({
      number: `PSR-B-2026-${String(9000 + serial).padStart(4, "0")}`,
      code: newCode(),
      seatId,
      enrollmentId,
      intakeId,
      email,
      courseType: "basic",
      title: "CAAF Basic RPAS Pilot Certificate",
      givenNames: "Mere",
      surname: "Nailatikau",
      startDate: "2026-10-05",
      endDate: "2026-10-09",
      location: "Suva",
      issuedOn: fijiToday(),
      reviewToken: randomBytes(24).toString("base64url"),
      ...overrides,
    })
    .returning();
  if (!row) throw new Error("no certificate");
  return row;
}

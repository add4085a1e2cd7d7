// A certificate written straight to the database, with the intake, application and confirmed place it was issued
// for, so a test can hold one without running attendance and results first.
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "../../server/db/client";
import { certificates } from "../../server/db/schema";
import { COURSES, type CourseType } from "../../shared/constants";
import { insertEnrollment, insertIntake } from "./admin-session";
import { insertPlace } from "./training-rows";

let serial = 0;

const token = () => randomBytes(24).toString("base64url");

/** A valid version-1 certificate of `email` (a basic course by default); answers its id, number and review token. */
export async function insertCertificate(
  db: Db,
  holder: { email: string; courseType?: CourseType; givenNames?: string; surname?: string },
) {
  serial += 1;
  const courseType = holder.courseType ?? "basic";
  const intakeId = await insertIntake(db, -10, "Suva", 8);
  const enrollmentId = await insertEnrollment(db, { email: holder.email, courseType });
  const seatId = await insertPlace(db, { intakeId, enrollmentId, email: holder.email, state: "confirmed" });
  const [row] = await db
    .insert(certificates)
    .values({
      number: `PSR-B-2026-${String(9000 + serial)}-${Date.now() % 100_000}`,
      code: token(),
      seatId,
      enrollmentId,
      intakeId,
      email: holder.email,
      courseType,
      title: COURSES[courseType].certificate,
      givenNames: holder.givenNames ?? "Mere",
      surname: holder.surname ?? "Tuilau",
      startDate: "2026-01-12",
      endDate: "2026-01-16",
      location: "Suva",
      issuedOn: "2026-01-16",
      reviewToken: token(),
    })
    .returning({ id: certificates.id, number: certificates.number, reviewToken: certificates.reviewToken });
  if (!row) throw new Error("no certificate");
  return row;
}

/** Revokes a certificate as staff would (the reason lives in the audit log, not here). */
export async function revokeCertificate(db: Db, id: number) {
  await db
    .update(certificates)
    .set({ revokedAt: new Date(), revokedBy: "tester" })
    .where(eq(certificates.id, id));
}

/** Reissues a certificate as a name correction would: the old version replaced, a new one with a new code and token. */
export async function reissueCertificate(db: Db, id: number) {
  const [old] = await db.select().from(certificates).where(eq(certificates.id, id));
  if (!old) throw new Error("no certificate");
  await db.update(certificates).set({ replacedAt: new Date() }).where(eq(certificates.id, id));
  const { id: _id, createdAt: _at, replacedAt: _replaced, ...rest } = old;
  const [row] = await db
    .insert(certificates)
    .values({ ...rest, version: old.version + 1, code: token(), reviewToken: token() })
    .returning({ id: certificates.id });
  if (!row) throw new Error("no reissue");
  return row.id;
}

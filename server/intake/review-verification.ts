// Verified-trainee reviews (issue 15): a review is marked as written by a trainee when its writer holds a valid
// certificate, shown either by the review token of their certificate e-mail's link or by signing in at /my-training.
// A token that names nothing valid is not an error: the review is kept unverified, so the answer never tells whether
// a token exists.
import { and, desc, eq, gte, isNull, or, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { COURSE_TYPES, COURSES } from "../../shared/constants";
import { fijiToday } from "../../shared/fiji-time";
import type { Db } from "../db/client";
import { certificates, reviews } from "../db/schema";

/** A current version that is valid today: not replaced, not revoked, not past its expiry. */
function validToday(row: typeof certificates): SQL | undefined {
  return and(
    isNull(row.replacedAt),
    isNull(row.revokedAt),
    or(isNull(row.expiresOn), gte(row.expiresOn, fijiToday())),
  );
}

/**
 * The valid certificate behind a review token: the current version of the certificate the token was issued with, so a
 * token from before a reissue (a name correction) still counts while the reissued version is valid.
 */
async function certificateOfToken(db: Db, token: string): Promise<number | null> {
  const issued = alias(certificates, "issued");
  const [row] = await db
    .select({ id: certificates.id })
    .from(issued)
    .innerJoin(certificates, eq(certificates.number, issued.number))
    .where(and(eq(issued.reviewToken, token), validToday(certificates)))
    .limit(1);
  return row?.id ?? null;
}

/** The newest valid certificate held by an e-mail address. */
async function certificateOfHolder(db: Db, email: string): Promise<number | null> {
  const [row] = await db
    .select({ id: certificates.id })
    .from(certificates)
    .where(and(eq(certificates.email, email), validToday(certificates)))
    .orderBy(desc(certificates.issuedOn), desc(certificates.id))
    .limit(1);
  return row?.id ?? null;
}

/** The certificate a new review is verified by (the link's token first, then the signed-in writer), or null. */
export async function verifyingCertificate(
  db: Db,
  writer: { traineeToken?: string; signedInEmail?: string },
): Promise<number | null> {
  const byToken = writer.traineeToken ? await certificateOfToken(db, writer.traineeToken) : null;
  if (byToken !== null) return byToken;
  return writer.signedInEmail ? certificateOfHolder(db, writer.signedInEmail) : null;
}

/** The address a certificate was issued to (a verified review's writer), or null. */
export async function certificateEmail(db: Db, certificateId: number | null): Promise<string | null> {
  if (certificateId === null) return null;
  const [row] = await db
    .select({ email: certificates.email })
    .from(certificates)
    .where(eq(certificates.id, certificateId))
    .limit(1);
  return row?.email ?? null;
}

const courseTitleOf = sql.join(
  COURSE_TYPES.map((type) => sql`when ${type} then ${COURSES[type].title}`),
  sql` `,
);

/**
 * A review's "verifiedCourse": the course title of the certificate that verified it, else null. The badge goes
 * once that certificate is revoked (its current version, after any reissue): a revoked certificate no longer
 * vouches for anyone. A subquery, not a join, so the same column serves the public list, staff's list and the
 * RETURNING of a moderation.
 */
export const verifiedCourse = sql<string | null>`(select case c.course_type ${courseTitleOf} end
  from ${certificates} c where c.id = ${reviews.verifiedCertificateId}
    and not exists (select 1 from ${certificates} r
      where r.number = c.number and r.replaced_at is null and r.revoked_at is not null))`;

// What happens to an issued certificate: staff reissue it (a name correction, or after a revocation: a new version
// of the same number), staff revoke it (the reason kept in the audit log only), and its holder hides it from the
// number-and-surname search.
import { and, eq, isNull } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { HolderName } from "../../shared/certificates";
import { fijiDateAndTime } from "../../shared/fiji-time";
import { certificates } from "../db/schema";
import { enqueueEmails } from "../integrations/mail/outbox";
import { httpError } from "../plugins/errors";
import { auditedChange } from "../staff/audit";
import { type CertificateRow, certificateById } from "./certificate-rows";
import { revokedEmail } from "./emails";
import { issueCertificate, type StaffBy } from "./issue";

export const CERTIFICATE_NOT_FOUND = "Certificate not found.";

async function existing(app: FastifyInstance, id: number): Promise<CertificateRow> {
  const row = await certificateById(app.db, id);
  if (!row) throw httpError(404, CERTIFICATE_NOT_FOUND);
  return row;
}

const replacedMessage = (row: CertificateRow) =>
  `Version ${row.version} of ${row.number} was replaced by a newer version: work on the current one.`;

/** A new version of the certificate with the holder's name as given; the version before shows as replaced. */
export async function reissueCertificate(
  app: FastifyInstance,
  id: number,
  holder: HolderName,
  by: StaffBy,
): Promise<CertificateRow> {
  const row = await existing(app, id);
  return issueCertificate(
    app,
    row.seatId,
    {
      decide(place) {
        if (place.current?.id !== row.id) throw httpError(409, replacedMessage(row));
        if (place.result?.result !== "passed") {
          throw httpError(
            409,
            "The trainee's result is no longer passed: mark them passed to issue a certificate.",
          );
        }
        return place.current;
      },
      holder: () => holder,
    },
    by,
  );
}

export async function revokeCertificate(
  app: FastifyInstance,
  id: number,
  reason: string,
  by: StaffBy,
): Promise<CertificateRow> {
  const row = await existing(app, id);
  if (row.replacedAt) throw httpError(409, replacedMessage(row));
  const event = {
    ...by,
    action: "certificate-revoke",
    subject: row.number,
    details: { certificateId: id, version: row.version, reason },
  };
  const revoked = await auditedChange(app.db, event, async (tx) => {
    const [stamped] = await tx
      .update(certificates)
      .set({ revokedAt: new Date(), revokedBy: by.actor })
      .where(and(eq(certificates.id, id), isNull(certificates.revokedAt), isNull(certificates.replacedAt)))
      .returning();
    if (stamped)
      await enqueueEmails(tx, [
        revokedEmail(stamped, fijiDateAndTime(stamped.revokedAt ?? new Date()).date, app.env.PUBLIC_URL),
      ]);
    return stamped;
  });
  if (!revoked) throw httpError(409, `Certificate ${row.number} is already revoked.`);
  app.outbox.kick();
  return revoked;
}

/**
 * The holder's choice applies to every version of the number, so a later reissue does not bring the certificate
 * back into the search; the QR link keeps working either way. Answers the row asked for, or null if not theirs.
 */
export async function setHiddenFromSearch(
  app: FastifyInstance,
  id: number,
  email: string,
  hidden: boolean,
): Promise<CertificateRow | null> {
  const row = await certificateById(app.db, id, email);
  if (!row) return null;
  await app.db
    .update(certificates)
    .set({ hiddenFromSearch: hidden })
    .where(and(eq(certificates.number, row.number), eq(certificates.email, email)));
  return { ...row, hiddenFromSearch: hidden };
}

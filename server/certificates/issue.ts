// Issuing a certificate (a pass's first version, or a new version of the same number after a name correction or a
// revocation). The slow part, rendering the PDF, happens before the transaction: the number (from a sequence that
// never repeats), the code and the review token are taken first. The transaction then checks the rules again with
// the place locked, stores the row, replaces the version before, and queues the e-mail with the PDF attached, so an
// acknowledged issue never loses its e-mail. The PDF is stored after the commit; a download renders it again if
// that step never happened.
import { randomBytes } from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { certificateTitle, formatCertificateNumber, type HolderName } from "../../shared/certificates";
import { fijiToday } from "../../shared/fiji-time";
import type { Db } from "../db/client";
import { certificates } from "../db/schema";
import type { Tx } from "../intake/submissions";
import { enqueueEmails } from "../integrations/mail/outbox";
import { httpError } from "../plugins/errors";
import { readSettings } from "../settings/settings";
import { certificateText, queueBookingText } from "../sms/booking-texts";
import { audit } from "../staff/audit";
import { storeCertificatePdf } from "./certificate-files";
import { type CertificateRow, type CertificateValues, holderNameOf, pdfInputOf } from "./certificate-rows";
import { type PlaceFacts, placeFacts } from "./class-sheet";
import { certificateEmail } from "./emails";

export const CHANGED_MEANWHILE =
  "This certificate changed while you were working on it. Please reload and try again.";

/** 128 random bits: the verification code nobody can guess or walk through (22 characters). */
export const newCode = () => randomBytes(16).toString("base64url");
const newReviewToken = () => randomBytes(24).toString("base64url");

/** `date` plus whole months; a day the month lacks becomes its last day (31 January + 1 month = 28 February). */
export function addMonths(date: string, months: number): string {
  const [year, month, day] = date.split("-").map(Number) as [number, number, number];
  const lastDay = new Date(Date.UTC(year, month - 1 + months + 1, 0)).getUTCDate();
  return new Date(Date.UTC(year, month - 1 + months, Math.min(day, lastDay))).toISOString().slice(0, 10);
}

async function nextNumber(db: Pick<Db, "execute">): Promise<number> {
  const result = await db.execute(sql`select nextval('certificate_number_seq') as n`);
  // Both drivers answer { rows }; PostgreSQL's bigint arrives as a string.
  return Number((result as unknown as { rows: { n: string | number }[] }).rows[0]?.n);
}

/** A certificate's content before it is stored: a new version keeps the number, expiry and search choice. */
async function certificateValues(
  db: Db,
  place: PlaceFacts,
  holder: HolderName,
  previous: CertificateRow | null,
): Promise<CertificateValues> {
  const issuedOn = fijiToday();
  let number = previous?.number;
  let expiresOn = previous?.expiresOn ?? null;
  if (!previous) {
    const settings = await readSettings(db);
    number = formatCertificateNumber(
      settings.referencePrefix,
      place.courseType,
      Number(issuedOn.slice(0, 4)),
      await nextNumber(db),
    );
    const months = settings.certificateValidityMonths[place.courseType];
    expiresOn = months > 0 ? addMonths(issuedOn, months) : null;
  }
  return {
    number: number as string,
    version: previous ? previous.version + 1 : 1,
    code: newCode(),
    reviewToken: newReviewToken(),
    seatId: place.seatId,
    enrollmentId: place.enrollmentId,
    intakeId: place.intakeId,
    email: place.email,
    courseType: place.courseType,
    title: certificateTitle(place.courseType),
    givenNames: holder.givenNames,
    surname: holder.surname,
    startDate: place.startDate,
    endDate: place.endDate,
    location: place.location,
    issuedOn,
    expiresOn,
    hiddenFromSearch: previous?.hiddenFromSearch ?? false,
  };
}

/** Who made a staff change, for the audit log (staffAction(request)). */
export type StaffBy = { actor: string; ip: string };

export interface IssuePlan {
  /**
   * Checks the place (throwing a 4xx when the certificate may not be issued) and answers the current version this
   * one replaces, or null for a first issue. Called before the PDF is rendered and again with the place locked.
   */
  decide(place: PlaceFacts): CertificateRow | null;
  holder(place: PlaceFacts): HolderName;
  /** Further writes of the same transaction (the result that issues it). */
  also?(tx: Tx, place: PlaceFacts): Promise<void>;
}

export async function issueCertificate(
  app: FastifyInstance,
  seatId: number,
  plan: IssuePlan,
  by: StaffBy,
): Promise<CertificateRow> {
  const place = await placeFacts(app.db, seatId);
  const previous = plan.decide(place);
  const values = await certificateValues(app.db, place, plan.holder(place), previous);
  // Loaded at the first certificate: pdf-lib and its font engine take half a second to load at start (ADR 039).
  const { renderCertificatePdf } = await import("./certificate-pdf");
  const pdf = await renderCertificatePdf(pdfInputOf(values, app.env.PUBLIC_URL));

  const row = await app.db.transaction(async (tx) => {
    const locked = await placeFacts(tx, seatId, true);
    if (plan.decide(locked)?.id !== previous?.id) throw httpError(409, CHANGED_MEANWHILE);
    await plan.also?.(tx, locked);
    if (previous) {
      const replaced = await tx
        .update(certificates)
        .set({ replacedAt: new Date() })
        .where(and(eq(certificates.id, previous.id), isNull(certificates.replacedAt)))
        .returning({ id: certificates.id });
      if (replaced.length === 0) throw httpError(409, CHANGED_MEANWHILE);
    }
    const [stored] = await tx.insert(certificates).values(values).returning();
    if (!stored) throw new Error("the certificate was not stored");
    await enqueueEmails(tx, [certificateEmail(stored, pdf, app.env.PUBLIC_URL, previous !== null)]);
    await queueBookingText(tx, app.db, stored.enrollmentId, (ctx, to) =>
      certificateText(tx, ctx, to, stored),
    );
    await audit(tx, {
      ...by,
      action: previous ? "certificate-reissue" : "certificate-issue",
      subject: stored.number,
      details: {
        certificateId: stored.id,
        version: stored.version,
        seatId,
        holder: holderNameOf(stored),
        ...(previous ? { replaces: previous.id, previousHolder: holderNameOf(previous) } : {}),
      },
    });
    return stored;
  });
  app.outbox.kick();
  return { ...row, pdfKey: await storeCertificatePdf(app, row, pdf) };
}

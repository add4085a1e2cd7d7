// A certificate's PDF in the file store (app.storage): stored after its issue committed, served on download, and
// rendered again from the frozen row when the file is missing (a crash between the commit and the store, or a
// store that lost it). The renderer gives the same bytes for the same row, so the copy matches the one e-mailed.
import { eq } from "drizzle-orm";
import type { FastifyInstance, FastifyReply } from "fastify";
import { certificates } from "../db/schema";
import { type CertificateRow, pdfInputOf, pdfKeyOf } from "./certificate-rows";

/** Stores the PDF and records its key; answers the key, or null when storing failed (a download retries it). */
export async function storeCertificatePdf(
  app: FastifyInstance,
  row: CertificateRow,
  pdf: Uint8Array,
): Promise<string | null> {
  const key = pdfKeyOf(row);
  try {
    await app.storage.put(key, pdf, "application/pdf");
    await app.db.update(certificates).set({ pdfKey: key }).where(eq(certificates.id, row.id));
    return key;
  } catch (error) {
    app.log.warn(
      { err: error, certificateId: row.id },
      "certificate PDF not stored; a download renders it again",
    );
    return null;
  }
}

/** The stored file, or null when it is missing or the store cannot be reached (logged: the caller renders it). */
async function storedPdf(app: FastifyInstance, row: CertificateRow): Promise<Buffer | null> {
  if (!row.pdfKey) return null;
  try {
    return await app.storage.get(row.pdfKey);
  } catch (error) {
    app.log.warn(
      { err: error, certificateId: row.id },
      "certificate PDF not readable from storage; rendered again",
    );
    return null;
  }
}

/** The certificate's PDF: the stored file, or a new rendering that is stored for next time. */
export async function certificatePdf(app: FastifyInstance, row: CertificateRow): Promise<Uint8Array> {
  const stored = await storedPdf(app, row);
  if (stored) return stored;
  // Loaded at the first certificate: pdf-lib and its font engine take half a second to load at start (ADR 039).
  const { renderCertificatePdf } = await import("./certificate-pdf");
  const pdf = await renderCertificatePdf(pdfInputOf(row, app.env.PUBLIC_URL));
  await storeCertificatePdf(app, row, pdf);
  return pdf;
}

/** How a download names the file: "PSR-B-2026-0042-v2.pdf" (a reissued version says which). */
const pdfFileName = (row: CertificateRow) =>
  row.version === 1 ? `${row.number}.pdf` : `${row.number}-v${row.version}.pdf`;

/** A download of the certificate's PDF (staff's and the holder's): private to whoever asked, never cached. */
export async function sendCertificatePdf(app: FastifyInstance, reply: FastifyReply, row: CertificateRow) {
  const pdf = await certificatePdf(app, row);
  return reply
    .type("application/pdf")
    .header("Content-Disposition", `attachment; filename="${pdfFileName(row)}"`)
    .header("Cache-Control", "private, no-store")
    .send(Buffer.from(pdf));
}

// Certificates on an S3-compatible store (issue 16): with S3_URL set, the app keeps each issued certificate's PDF in
// the bucket and serves it from there, and renders it again when the object went missing; with the store down,
// issuing and downloading still work (the PDF is rendered from the frozen row) and the outage is logged.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { certificates } from "../../server/db/schema";
import { s3Storage } from "../../server/platform/s3-storage";
import { withCertificateClass } from "../helpers/certificate-class";
import { withFakeS3 } from "../helpers/s3";
import { signInSubscriber } from "../helpers/subscriber";

describe("certificates with S3_URL set", () => {
  const s3 = withFakeS3();
  const c = withCertificateClass(() => ({ env: s3.env }));

  it("are stored in the bucket and downloaded from it, by staff and by the holder", async () => {
    expect(c.t.app.storage.kind).toBe("s3");
    const { email, certificate } = await c.passed();
    const key = `certificates/${certificate.number}-v1.pdf`;
    // Read back through a client of its own: the object is really in the bucket.
    const inBucket = await s3.storage.get(key);
    expect(inBucket?.subarray(0, 5).toString()).toBe("%PDF-");
    expect((await c.row(certificate.id))?.pdfKey).toBe(key);

    const staff = await c.staff.get(`/api/admin/certificates/${certificate.id}/pdf`);
    expect(staff.statusCode).toBe(200);
    expect(staff.headers["content-type"]).toBe("application/pdf");
    expect(Buffer.compare(staff.rawPayload, inBucket ?? Buffer.alloc(0))).toBe(0);

    const cookie = await signInSubscriber(c.t.app, email);
    const holder = await c.staff.get(`/api/my-training/certificates/${certificate.id}/pdf`, cookie);
    expect(holder.statusCode).toBe(200);
    expect(Buffer.compare(holder.rawPayload, inBucket ?? Buffer.alloc(0))).toBe(0);
  });

  it("render and store again a PDF whose object went missing", async () => {
    const { certificate } = await c.passed();
    const key = `certificates/${certificate.number}-v1.pdf`;
    const original = await s3.storage.get(key);
    await s3.storage.delete(key);
    const res = await c.staff.get(`/api/admin/certificates/${certificate.id}/pdf`);
    expect(res.statusCode).toBe(200);
    expect(Buffer.compare(res.rawPayload, original ?? Buffer.alloc(0))).toBe(0);
    expect(await s3.storage.exists(key)).toBe(true);
  });
});

describe("certificates while the S3 store is down", () => {
  const s3 = withFakeS3();
  const logLines: string[] = [];
  // The fake's bucket and keys, reached through a port nothing listens on (9, "discard").
  const c = withCertificateClass(() => ({
    storage: s3Storage({ ...s3.config, endpoint: "http://127.0.0.1:9" }),
    logStream: { write: (line) => void logLines.push(line) },
  }));

  it("issue and download the PDF anyway, rendered from the row, and log the outage without keys", async () => {
    const { certificate } = await c.passed();
    expect((await c.row(certificate.id))?.pdfKey).toBeNull();
    const res = await c.staff.get(`/api/admin/certificates/${certificate.id}/pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    // A PDF stored before the outage: its key is recorded, but reading it fails; it is rendered instead.
    const key = `certificates/${certificate.number}-v1.pdf`;
    await c.t.database.db
      .update(certificates)
      .set({ pdfKey: key })
      .where(eq(certificates.id, certificate.id));
    const again = await c.staff.get(`/api/admin/certificates/${certificate.id}/pdf`);
    expect(again.statusCode).toBe(200);
    expect(Buffer.compare(again.rawPayload, res.rawPayload)).toBe(0);
    expect(logLines.some((line) => line.includes("certificate PDF not readable from storage"))).toBe(true);
    const outage = logLines.filter((line) =>
      line.includes("S3 storage at http://127.0.0.1:9/rpas-test-files"),
    );
    expect(outage.length).toBeGreaterThanOrEqual(2);
    expect(logLines.join("\n")).not.toContain(s3.config.secretAccessKey);
  });
});

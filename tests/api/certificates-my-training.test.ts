// The holder's certificates on /my-training and the PDF downloads (issue 15): a person sees and downloads only
// their own (another person's is a 404, like one that does not exist), hides one from the number-and-surname
// search and shows it again; staff download any version; a stored PDF that went missing is rendered again.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { certificates } from "../../server/db/schema";
import { withCertificateClass } from "../helpers/certificate-class";
import { signInSubscriber } from "../helpers/subscriber";

describe("the holder's certificates", () => {
  const c = withCertificateClass();
  const mine = (who?: string) => c.staff.get("/api/my-training/certificates", who ?? "none=1");

  it("lists only the signed-in person's certificates, newest first, every version", async () => {
    const email = "litia.holder@example.fj";
    const first = await c.passed({ email });
    const second = await c.passed({ email });
    const v2 = await c.staff.post(`/api/admin/certificates/${second.certificate.id}/reissue`, {
      givenNames: "Litia",
      surname: "Kotobalavu",
    });
    await c.passed({ email: "someone.else@example.fj" });
    const cookie = await signInSubscriber(c.t.app, email);
    const res = await mine(cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.json().map((item: { id: number; status: string }) => [item.id, item.status])).toEqual([
      [v2.json().id, "valid"],
      [second.certificate.id, "replaced"],
      [first.certificate.id, "valid"],
    ]);
    expect(res.json()[0]).toMatchObject({
      email,
      holderName: "Litia Kotobalavu",
      verifyUrl: v2.json().verifyUrl,
    });
  });

  it("asks to sign in first", async () => {
    for (const res of [
      await mine(),
      await c.staff.get("/api/my-training/certificates/1/pdf", "none=1"),
      await c.staff.patch("/api/my-training/certificates/1", { hiddenFromSearch: true }, ""),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBeTruthy();
    }
  });

  it("downloads the holder's own PDF; anyone else's, or one that does not exist, is a 404", async () => {
    const { email, certificate } = await c.passed();
    const cookie = await signInSubscriber(c.t.app, email);
    const res = await c.staff.get(`/api/my-training/certificates/${certificate.id}/pdf`, cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.headers["content-disposition"]).toBe(`attachment; filename="${certificate.number}.pdf"`);
    expect(res.headers["cache-control"]).toBe("private, no-store");
    expect(res.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");

    const other = await c.passed();
    const stranger = await signInSubscriber(c.t.app, "stranger@example.fj");
    for (const [id, who] of [
      [certificate.id, stranger],
      [other.certificate.id, cookie],
      [999_999, cookie],
    ] as const) {
      const denied = await c.staff.get(`/api/my-training/certificates/${id}/pdf`, who);
      expect(denied.statusCode).toBe(404);
      expect(denied.json().message).toBe("Certificate not found.");
    }
    expect((await c.staff.get("/api/my-training/certificates/abc/pdf", cookie)).statusCode).toBe(404);
  });

  it("hides a certificate from the search and shows it again; only the holder can", async () => {
    const { email, certificate } = await c.passed();
    const cookie = await signInSubscriber(c.t.app, email);
    const hide = await c.staff.patch(
      `/api/my-training/certificates/${certificate.id}`,
      { hiddenFromSearch: true },
      cookie,
    );
    expect(hide.statusCode).toBe(200);
    expect(hide.json()).toMatchObject({ id: certificate.id, hiddenFromSearch: true, status: "valid" });
    expect((await c.row(certificate.id))?.hiddenFromSearch).toBe(true);

    // A reissue keeps the holder's choice.
    const v2 = (
      await c.staff.post(`/api/admin/certificates/${certificate.id}/reissue`, {
        givenNames: "Mere",
        surname: "Tuilau",
      })
    ).json();
    expect(v2.hiddenFromSearch).toBe(true);
    const show = await c.staff.patch(
      `/api/my-training/certificates/${v2.id}`,
      { hiddenFromSearch: false },
      cookie,
    );
    expect(show.json()).toMatchObject({ id: v2.id, hiddenFromSearch: false });
    expect((await c.row(certificate.id))?.hiddenFromSearch).toBe(false);

    const stranger = await signInSubscriber(c.t.app, "nosy@example.fj");
    const denied = await c.staff.patch(
      `/api/my-training/certificates/${v2.id}`,
      { hiddenFromSearch: true },
      stranger,
    );
    expect(denied.statusCode).toBe(404);
    expect((await c.row(v2.id))?.hiddenFromSearch).toBe(false);
    for (const body of [{}, { hiddenFromSearch: "yes" }, { hiddenFromSearch: null }]) {
      const bad = await c.staff.patch(`/api/my-training/certificates/${v2.id}`, body, cookie);
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
      expect(bad.json().message).toBeTruthy();
    }
  });
});

describe("staff's PDF download", () => {
  const c = withCertificateClass();

  it("answers the stored PDF of any version", async () => {
    const { certificate } = await c.passed();
    const stored = await c.t.app.storage.get(`certificates/${certificate.number}-v1.pdf`);
    const res = await c.staff.get(`/api/admin/certificates/${certificate.id}/pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(Buffer.compare(res.rawPayload, stored ?? Buffer.alloc(0))).toBe(0);
    expect((await c.staff.get("/api/admin/certificates/999999/pdf")).statusCode).toBe(404);
  });

  it("renders and stores again a PDF that went missing, the same bytes as before", async () => {
    const { certificate } = await c.passed();
    const key = `certificates/${certificate.number}-v1.pdf`;
    const original = await c.t.app.storage.get(key);
    await c.t.app.storage.delete(key);
    expect(await c.t.app.storage.exists(key)).toBe(false);
    const res = await c.staff.get(`/api/admin/certificates/${certificate.id}/pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    expect(await c.t.app.storage.exists(key)).toBe(true);
    expect(Buffer.compare(res.rawPayload, original ?? Buffer.alloc(0))).toBe(0);

    // As after a crash between the commit and storing the file: no key recorded yet.
    const db = c.t.database.db;
    await db.update(certificates).set({ pdfKey: null }).where(eq(certificates.id, certificate.id));
    await c.t.app.storage.delete(key);
    const again = await c.staff.get(`/api/admin/certificates/${certificate.id}/pdf`);
    expect(again.statusCode).toBe(200);
    expect((await c.row(certificate.id))?.pdfKey).toBe(key);
    expect(await c.t.app.storage.exists(key)).toBe(true);
  });
});

// After the issue (issue 15): a name correction reissues the certificate (same number, next version, new code;
// the old version shows as replaced), staff revoke one with a reason kept in the audit log only, and a revoked
// certificate can be reissued. The holder is e-mailed each time.
import { describe, expect, it } from "vitest";
import { fijiToday } from "../../shared/fiji-time";
import { withCertificateClass } from "../helpers/certificate-class";

describe("reissue and revoke", () => {
  const c = withCertificateClass();
  const reissue = (id: number, holder: object) =>
    c.staff.post(`/api/admin/certificates/${id}/reissue`, holder);
  const revoke = (id: number, body: object) => c.staff.post(`/api/admin/certificates/${id}/revoke`, body);

  it("reissues after a name correction: a new version of the same number, the old one replaced", async () => {
    const { email, intakeId, certificate: v1 } = await c.passed({ firstName: "Josefa", lastName: "Vosa" });
    const res = await reissue(v1.id, { givenNames: "Josefa", surname: "Vōsa" });
    expect(res.statusCode).toBe(200);
    const v2 = res.json();
    expect(v2).toMatchObject({
      number: v1.number,
      version: 2,
      holderName: "Josefa Vōsa",
      givenNames: "Josefa",
      surname: "Vōsa",
      status: "valid",
    });
    expect(v2.id).not.toBe(v1.id);
    expect(v2.code).not.toBe(v1.code);
    expect(v2.code).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const [oldRow, newRow] = [await c.row(v1.id), await c.row(v2.id)];
    expect(oldRow?.replacedAt).toBeInstanceOf(Date);
    expect(newRow?.reviewToken).not.toBe(oldRow?.reviewToken);
    expect(newRow?.pdfKey).toBe(`certificates/${v1.number}-v2.pdf`);

    const sheet = (await c.staff.get(`/api/admin/intakes/${intakeId}/class`)).json();
    expect(sheet.trainees[0].certificate).toMatchObject({ id: v2.id, version: 2 });
    const list = (await c.staff.get(`/api/admin/certificates?q=${v1.number}`)).json();
    expect(
      list.items.map((item: { version: number; status: string }) => [item.version, item.status]),
    ).toEqual([
      [2, "valid"],
      [1, "replaced"],
    ]);

    const mail = await c.mailTo(email);
    expect(mail?.subject).toBe("Your reissued CAAF Basic RPAS Pilot Certificate");
    expect(mail?.text).toContain(v2.verifyUrl);
    expect(mail?.attachments?.[0]?.filename).toBe(`${v1.number}.pdf`);
    expect((await c.audited("certificate-reissue"))?.details).toMatchObject({
      version: 2,
      holder: "Josefa Vōsa",
      previousHolder: "Josefa Vosa",
    });

    // The replaced version cannot be reissued or revoked; the current one is worked on.
    for (const res of [
      await reissue(v1.id, { givenNames: "J", surname: "V" }),
      await revoke(v1.id, { reason: "x" }),
    ]) {
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toContain("was replaced by a newer version");
    }
  });

  it("revokes with a reason kept in the audit log, tells the holder, then reissues as valid", async () => {
    const { email, seatId, certificate } = await c.passed();
    const reason = "Identity documents found to be forged";
    const res = await revoke(certificate.id, { reason: `  ${reason} ` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: certificate.id, status: "revoked", replacedAt: null });
    expect(res.json().revokedAt).toBeTruthy();
    expect(await c.row(certificate.id)).toMatchObject({ revokedBy: "staff" });
    const entry = await c.audited("certificate-revoke");
    expect(entry).toMatchObject({ actor: "staff", subject: certificate.number });
    expect(entry?.details).toMatchObject({ certificateId: certificate.id, reason });

    const mail = await c.mailTo(email);
    expect(mail?.subject).toBe("Your CAAF Basic RPAS Pilot Certificate has been revoked");
    const [year, month, day] = fijiToday().split("-").map(Number) as [number, number, number];
    const date = new Date(Date.UTC(year, month - 1, day)).toLocaleDateString("en-GB", {
      day: "numeric",
      month: "long",
      year: "numeric",
      timeZone: "UTC",
    });
    expect(mail?.text.replace(/\s+/g, " ")).toContain(`was revoked on ${date}`);
    expect(mail?.text).toContain("contact us");
    expect(mail?.text).not.toContain(reason);
    expect(mail?.attachments).toBeNull();

    const twice = await revoke(certificate.id, { reason: "again" });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toContain("already revoked");

    // A revoked certificate no longer freezes the result; passing again (or a reissue) makes a new valid version.
    const reissued = await reissue(certificate.id, { givenNames: "Mere", surname: "Tuilau" });
    expect(reissued.statusCode).toBe(200);
    expect(reissued.json()).toMatchObject({ number: certificate.number, version: 2, status: "valid" });
    const old = (await c.staff.get(`/api/admin/certificates?q=${certificate.number}&status=revoked`)).json();
    expect(old.items).toMatchObject([{ id: certificate.id, status: "revoked" }]);
    expect((await c.setResult(seatId, { result: "passed" })).statusCode).toBe(409);
  });

  it("after a revocation the result may change, and passing again issues the next version", async () => {
    const { seatId, certificate } = await c.passed();
    expect((await revoke(certificate.id, { reason: "Issued in error" })).statusCode).toBe(200);
    expect((await c.setResult(seatId, { result: "not_yet_competent" })).statusCode).toBe(200);
    const blocked = await reissue(certificate.id, { givenNames: "Mere", surname: "Tuilau" });
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().message).toContain("no longer passed");
    const passed = await c.setResult(seatId, { result: "passed" });
    expect(passed.statusCode).toBe(200);
    expect(passed.json().certificate).toMatchObject({
      number: certificate.number,
      version: 2,
      status: "valid",
    });
  });

  it("answers bad input with a 4xx and a message", async () => {
    const { certificate } = await c.passed();
    const cases: [Promise<{ statusCode: number; json(): { message: string } }>, number][] = [
      [revoke(certificate.id, {}), 400],
      [revoke(certificate.id, { reason: "   " }), 400],
      [revoke(certificate.id, { reason: "x".repeat(501) }), 400],
      [reissue(certificate.id, {}), 400],
      [reissue(certificate.id, { givenNames: "A".repeat(101), surname: "B" }), 400],
      [revoke(999_999, { reason: "x" }), 404],
      [reissue(999_999, { givenNames: "A", surname: "B" }), 404],
      [c.staff.post("/api/admin/certificates/abc/revoke", { reason: "x" }), 404],
    ];
    for (const [call, status] of cases) {
      const res = await call;
      expect(res.statusCode).toBe(status);
      expect(res.json().message).toBeTruthy();
    }
    expect((await c.row(certificate.id))?.revokedAt).toBeNull();
  });
});

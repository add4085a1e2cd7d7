// Marking a trainee passed issues their certificate (issue 15): only for a confirmed trainee present on every day,
// never twice; the number, version, unguessable code, names exactly as given and the expiry from the setting; the
// e-mail with the PDF, the verification address and the review link; the PDF stored after the commit.
import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import { updateSettings } from "../../server/settings/settings";
import { addDays } from "../../server/training/calendar";
import { fijiToday } from "../../shared/fiji-time";
import { DEFAULT_SETTINGS } from "../../shared/settings";
import { withCertificateClass } from "../helpers/certificate-class";
import { latestMailTo } from "../helpers/outbox-mail";
import { SITE_ORIGIN } from "../helpers/test-app";

const pdfText = async (bytes: Uint8Array) =>
  (await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true })).text;

describe("issuing a certificate", () => {
  const c = withCertificateClass();

  it("needs a confirmed trainee present on every day of the intake (409 naming what is missing)", async () => {
    const offered = await c.trainee({ state: "offered" });
    const notConfirmed = await c.setResult(offered.seatId, { result: "passed" });
    expect(notConfirmed.statusCode).toBe(409);
    expect(notConfirmed.json().message).toBe(
      "Only confirmed trainees are on the class sheet; this place is offered.",
    );

    const { seatId, intakeId } = await c.trainee();
    const days = [-10, -9, -8, -7, -6].map((n) => addDays(fijiToday(), n));
    for (const day of days.slice(0, 3)) await c.mark(seatId, day);
    await c.mark(seatId, days[3] as string, false);
    const absent = await c.setResult(seatId, { result: "passed" });
    expect(absent.statusCode).toBe(409);
    const missing = days.slice(3).map((day) => new Date(`${day}T00:00:00Z`).getUTCDate());
    expect(absent.json().message).toMatch(/not marked present on: /);
    for (const date of missing) expect(absent.json().message).toContain(`${date} `);
    const sheet = (await c.staff.get(`/api/admin/intakes/${intakeId}/class`)).json();
    expect(sheet.trainees[0]).toMatchObject({ result: null, certificate: null });
  });

  it("issues version 1 with a readable number, an unguessable code and the enrolled name", async () => {
    const first = await c.passed({ firstName: "Ākanisi", lastName: "Naiduā-D'Souza" });
    const second = await c.passed();
    const year = fijiToday().slice(0, 4);
    const cert = first.certificate;
    expect(cert).toMatchObject({
      version: 1,
      courseType: "basic",
      title: "CAAF Basic RPAS Pilot Certificate",
      holderName: "Ākanisi Naiduā-D'Souza",
      email: first.email,
      intakeId: first.intakeId,
      startDate: addDays(fijiToday(), -10),
      endDate: addDays(fijiToday(), -6),
      location: "Suva",
      issuedOn: fijiToday(),
      expiresOn: null,
      status: "valid",
      revokedAt: null,
      replacedAt: null,
      hiddenFromSearch: false,
    });
    expect(cert.number).toMatch(new RegExp(`^PSR-B-${year}-\\d{4,}$`));
    const sequence = (n: string) => Number(n.split("-")[3]);
    expect(sequence(second.certificate.number)).toBeGreaterThan(sequence(cert.number));
    expect(cert.code).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(second.certificate.code).not.toBe(cert.code);
    expect(cert.verifyUrl).toBe(`${SITE_ORIGIN}/verify/${cert.code}`);
    const row = await c.row(cert.id);
    expect(row).toMatchObject({ givenNames: "Ākanisi", surname: "Naiduā-D'Souza", seatId: first.seatId });
    expect(row?.reviewToken).toMatch(/^[A-Za-z0-9_-]{32}$/);

    const sheet = (await c.staff.get(`/api/admin/intakes/${first.intakeId}/class`)).json();
    expect(sheet.trainees[0]).toMatchObject({ result: { result: "passed" }, certificate: { id: cert.id } });
    expect((await c.audited("certificate-issue"))?.subject).toBe(second.certificate.number);
  });

  it("takes the staff's corrected spelling exactly, and refuses a name past 100 characters", async () => {
    const holder = { givenNames: "  Sēmisi Tupou  ", surname: "Vōsailagi O'Brien" };
    const { certificate } = await c.passed({ firstName: "Semisi", lastName: "Vosailagi" }, holder);
    expect(certificate.holderName).toBe("Sēmisi Tupou Vōsailagi O'Brien");
    expect(await c.row(certificate.id)).toMatchObject({
      givenNames: "Sēmisi Tupou",
      surname: "Vōsailagi O'Brien",
    });

    const long = await c.trainee();
    await c.attendAll(long.seatId, long.intakeId);
    for (const name of [
      { givenNames: "A".repeat(101), surname: "Prasad" },
      { givenNames: "Pritika", surname: "D".repeat(101) },
      { givenNames: "   ", surname: "Prasad" },
      { givenNames: "Pritika" },
    ]) {
      const res = await c.setResult(long.seatId, { result: "passed", holder: name });
      expect(res.statusCode, JSON.stringify(name)).toBe(400);
      expect(res.json().message).toMatch(/(Given names|Surname)/);
    }
    const longest = { givenNames: `${"Pritika Devi ".repeat(7)}${"K".repeat(9)}`, surname: "Prasad" };
    expect(longest.givenNames).toHaveLength(100);
    const res = await c.setResult(long.seatId, { result: "passed", holder: longest });
    expect(res.statusCode).toBe(200);
    expect(res.json().certificate.holderName).toBe(`${longest.givenNames} Prasad`);
  });

  it("takes its expiry from the course's validity setting", async () => {
    const db = c.t.database.db;
    const by = { actor: "tester", ip: "127.0.0.1" };
    await updateSettings(db, { certificateValidityMonths: { basic: 24, advanced: 0, instructor: 0 } }, by);
    const { certificate } = await c.passed();
    await updateSettings(db, { certificateValidityMonths: DEFAULT_SETTINGS.certificateValidityMonths }, by);
    const [year, month, day] = fijiToday().split("-");
    const expected = `${Number(year) + 2}-${month}-${month === "02" && day === "29" ? "28" : day}`;
    expect(certificate.expiresOn).toBe(expected);
    expect(certificate.status).toBe("valid");
  });

  it("is never issued twice, and freezes the result and attendance until revoked", async () => {
    const { seatId, certificate } = await c.passed();
    const again = await c.setResult(seatId, { result: "passed" });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(
      `Certificate ${certificate.number} was already issued to this trainee.`,
    );
    const change = await c.setResult(seatId, { result: "withdrew" });
    expect(change.statusCode).toBe(409);
    expect(change.json().message).toContain("revoke it first");
    const mark = await c.mark(seatId, addDays(fijiToday(), -8), false);
    expect(mark.statusCode).toBe(409);
  });

  it("queues the e-mail with the PDF, the verification address, the review link and /my-training", async () => {
    const holder = { givenNames: "Mereani", surname: "Ratu-Vōsa" };
    const { email, certificate } = await c.passed({}, holder);
    const row = await c.row(certificate.id);
    const mail = await c.mailTo(email);
    expect(mail?.subject).toBe("Your CAAF Basic RPAS Pilot Certificate");
    expect(mail?.text).toContain(certificate.verifyUrl);
    expect(mail?.text).toContain(`${SITE_ORIGIN}/?review=${row?.reviewToken}#client-reviews`);
    expect(mail?.text).toContain(`${SITE_ORIGIN}/my-training`);
    expect(mail?.text).toContain(certificate.number);
    expect(mail?.attachments).toHaveLength(1);
    const attachment = mail?.attachments?.[0];
    expect(attachment).toMatchObject({
      filename: `${certificate.number}.pdf`,
      contentType: "application/pdf",
    });
    const pdf = Buffer.from(attachment?.contentBase64 ?? "", "base64");
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    const text = await pdfText(pdf);
    expect(text).toContain("Mereani Ratu-Vōsa");
    expect(text).toContain(certificate.number);

    // Stored after the commit, the same bytes as e-mailed.
    expect(row?.pdfKey).toBe(`certificates/${certificate.number}-v1.pdf`);
    expect(Buffer.compare((await c.t.app.storage.get(row?.pdfKey ?? "")) ?? Buffer.alloc(0), pdf)).toBe(0);

    await c.t.app.outbox.drain();
    const sent = latestMailTo(c.t.app.env.DATA_DIR, email) ?? "";
    expect(sent).toMatch(/Content-Type: application\/pdf; name=.?PSR-B-/);
  });
});

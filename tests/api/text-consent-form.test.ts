// "Text me about my application" on the enrollment forms (issue 34): the number is kept as typed with its E.164 form
// beside it; ticking the box asks for a mobile we may text (a landline or a number abroad is refused at the phone
// field, and accepted without the box); the consent is stored with its wording's version, the IP and the time; the
// number's code is texted (read here from the text files, as a person reads the text), and typing it back confirms
// the number, after which the "seat held" text arrives with its "confirm by phone" link, whose confirmation staff see
// as such. The same holds for the form posted without script, whose answer page holds the code step.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { and, eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import {
  emailOutbox,
  enrollments,
  seats,
  textCodes,
  textConsents,
  textLinks,
  textOptOuts,
  textOutbox,
} from "../../server/db/schema";
import { SMS_DIR } from "../../server/integrations/sms/file-sms";
import { PROBLEM_NOT_MOBILE } from "../../server/sms/phone-numbers";
import { confirmToken } from "../../server/training/applicant-token";
import {
  TEXT_CHECK_EXPIRED_MESSAGE,
  TEXT_CODE_TOO_SOON_MESSAGE,
  TEXT_COUNTRY_NOT_ALLOWED_MESSAGE,
  TEXT_NUMBER_CONFIRMED_MESSAGE,
} from "../../shared/text-number";
import {
  TEXT_CODE_EXPIRED_MESSAGE,
  TEXT_CODE_WRONG_MESSAGE,
  TEXT_CONSENT_VERSION,
  TEXT_NUMBER_STOPPED_MESSAGE,
} from "../../shared/texts";
import { createStaffAndSignIn, insertIntake } from "../helpers/admin-session";
import { sampleEnrollment } from "../helpers/enrollment-samples";
import { textOf } from "../helpers/html-text";
import { cookieOf, signInSubscriber } from "../helpers/subscriber";
import { postFromSite, SITE_ORIGIN, siteIsBuilt, withTestApp } from "../helpers/test-app";

const MOBILE = "701 2345";
const MOBILE_E164 = "+6797012345";
const MASKED = "+679 70•••45";

/** Every text written under DATA_DIR/sms, oldest first, as a person would read them. */
function textFiles(dataDir: string): string[] {
  const dir = join(dataDir, SMS_DIR);
  let names: string[] = [];
  try {
    names = readdirSync(dir).sort();
  } catch {
    return [];
  }
  return names.map((name) => readFileSync(join(dir, name), "utf8"));
}

const textsTo = (dataDir: string, to: string) =>
  textFiles(dataDir).filter((text) => text.startsWith(`To: ${to}\n`));

/** The code in the latest code text to `to`. */
function codeFrom(dataDir: string, to: string): string {
  const texts = textsTo(dataDir, to).filter((text) => /\d{6} is your .* code/.test(text));
  const code = /(\d{6}) is your .* code/.exec(texts.at(-1) ?? "")?.[1];
  if (!code) throw new Error("no code text");
  return code;
}

describe("text me, on the enrollment forms", () => {
  const t = withTestApp({ site: siteIsBuilt, env: { RATE_LIMIT_PUBLIC_PER_MINUTE: "0" } });
  const db = () => t.database.db;
  const dataDir = () => t.app.env.DATA_DIR;
  let intakeId = 0;
  let serial = 0;
  beforeEach(async () => {
    await db().delete(emailOutbox);
    await db().delete(textOutbox);
    intakeId = await insertIntake(db(), 30, "Nadi", 5);
  });

  const apply = (fields: Record<string, unknown>) => {
    serial += 1;
    return postFromSite(t.app, "/api/enrollment/basic", {
      ...sampleEnrollment("basic"),
      email: `mere${serial}@example.fj`,
      firstName: "Mere",
      formElapsedMs: 60_000,
      intakeId,
      ...fields,
    });
  };
  const enrollment = async (id: number) =>
    (await db().select().from(enrollments).where(eq(enrollments.id, id)))[0];
  const seatOf = async (id: number) => (await db().select().from(seats).where(eq(seats.enrollmentId, id)))[0];

  it("ticked: keeps the number as typed and in E.164, records the consent and texts the number's code", async () => {
    const before = Date.now();
    const res = await apply({ phone: MOBILE, textMe: true });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.phoneCheck).toEqual({ token: expect.any(String), number: MASKED });
    const row = await enrollment(body.id);
    expect(row).toMatchObject({
      phone: MOBILE,
      phoneE164: MOBILE_E164,
      textsWanted: true,
      textChannel: "sms",
      phoneConfirmedAt: null,
    });
    const consents = await db().select().from(textConsents).where(eq(textConsents.enrollmentId, body.id));
    expect(consents).toHaveLength(1);
    expect(consents[0]).toMatchObject({
      given: true,
      channel: "sms",
      version: TEXT_CONSENT_VERSION,
      ip: "127.0.0.1",
      via: "form",
    });
    expect(consents[0]?.at.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(consents[0]?.at.getTime()).toBeLessThanOrEqual(Date.now());

    await t.app.textOutbox.drain();
    const [text] = textsTo(dataDir(), MOBILE_E164);
    expect(text).toMatch(/^To: \+6797012345\nChannel: sms\n\n\d{6} is your .+ code to confirm this number/);
    expect(text).toMatch(/Stop texts: https:\/\/rpas\.example\.test\/t\/\w{10}\n$/);
  });

  it("not ticked: a landline or a number abroad is accepted; its E.164 is kept when it is a mobile", async () => {
    const landline = await apply({ phone: "331 2345" });
    expect(landline.statusCode).toBe(201);
    expect(landline.json().phoneCheck).toBeUndefined();
    expect(await enrollment(landline.json().id)).toMatchObject({
      phone: "331 2345",
      phoneE164: null,
      textsWanted: false,
    });
    const abroad = await apply({ phone: "+61 412 345 678", textMe: false });
    expect(abroad.statusCode).toBe(201);
    expect(await enrollment(abroad.json().id)).toMatchObject({
      phone: "+61 412 345 678",
      phoneE164: "+61412345678",
      textsWanted: false,
    });
    const consents = await db()
      .select()
      .from(textConsents)
      .where(sql`${textConsents.enrollmentId} in (${landline.json().id}, ${abroad.json().id})`);
    expect(consents).toEqual([]);
  });

  it("ticked: a landline or a number in a country we do not text is refused at the phone field", async () => {
    const [{ count: before }] = (await db()
      .select({ count: sql<number>`count(*)::int` })
      .from(enrollments)) as [{ count: number }];
    const landline = await apply({ phone: "331 2345", textMe: true });
    expect(landline.statusCode).toBe(400);
    expect(landline.json()).toMatchObject({ message: PROBLEM_NOT_MOBILE, field: "phone" });
    const abroad = await apply({ phone: "+61 412 345 678", textMe: true });
    expect(abroad.statusCode).toBe(400);
    expect(abroad.json()).toMatchObject({ message: TEXT_COUNTRY_NOT_ALLOWED_MESSAGE, field: "phone" });
    const [{ count: after }] = (await db()
      .select({ count: sql<number>`count(*)::int` })
      .from(enrollments)) as [{ count: number }];
    expect(after).toBe(before);
  });

  it("the code: wrong, then right; then the seat-held text with its confirm-by-phone link, which staff see", async () => {
    const res = await apply({ phone: "702 3456", textMe: true, firstName: "O’Brien" });
    const { id, phoneCheck } = res.json();
    await t.app.textOutbox.drain();
    const code = codeFrom(dataDir(), "+6797023456");
    const wrong = code === "000000" ? "111111" : "000000";

    const refused = await postFromSite(t.app, "/api/texts/confirm-number", {
      token: phoneCheck.token,
      code: wrong,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(TEXT_CODE_WRONG_MESSAGE);
    expect((await enrollment(id))?.phoneConfirmedAt).toBeNull();
    const forged = await postFromSite(t.app, "/api/texts/confirm-number", {
      token: `${id}.1.${"A".repeat(32)}`,
      code,
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().message).toBe(TEXT_CHECK_EXPIRED_MESSAGE);

    const confirmed = await postFromSite(t.app, "/api/texts/confirm-number", {
      token: phoneCheck.token,
      code,
    });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ confirmed: true, message: TEXT_NUMBER_CONFIRMED_MESSAGE });
    expect((await enrollment(id))?.phoneConfirmedAt).toBeInstanceOf(Date);

    await t.app.textOutbox.drain();
    const held = textsTo(dataDir(), "+6797023456").at(-1) ?? "";
    expect(held).toContain("Bula O'Brien, your seat on the Basic RPAS Pilot course starting");
    const link =
      /Confirm by phone by \d\d:\d\d on \d{1,2} \w+ \d{4} to keep it: (https:\/\/rpas\.example\.test\/t\/(\w{10}))\n/.exec(
        held,
      );
    expect(link).not.toBeNull();
    expect(held).toMatch(/\nStop texts: https:\/\/rpas\.example\.test\/t\/\w{10}\n$/);

    // Following the link: the short link leads to the confirm page, marked as coming from a text, until the hold ends.
    const [short] = await db()
      .select()
      .from(textLinks)
      .where(eq(textLinks.code, link?.[2] ?? ""));
    const seat = await seatOf(id);
    expect(short?.kind).toBe("confirm-by-phone");
    expect(short?.expiresAt.getTime()).toBe(seat?.holdExpiresAt?.getTime());
    const target = new URL(short?.target ?? "", SITE_ORIGIN);
    expect(target.pathname).toBe("/my-training/confirm");
    expect(target.searchParams.get("via")).toBe("text");
    const token = target.searchParams.get("token") ?? "";
    const shown = await t.app.inject({ method: "GET", url: `/api/training/confirm?token=${token}` });
    expect(shown.json()).toMatchObject({ status: "held", addressConfirmed: false });
    const pressed = await postFromSite(t.app, "/api/training/confirm", { token, via: "text" });
    expect(pressed.statusCode).toBe(200);
    expect(pressed.json()).toMatchObject({ addressConfirmed: true });
    expect(await seatOf(id)).toMatchObject({ addressConfirmedVia: "text" });

    const cookie = await createStaffAndSignIn(t.app, db());
    const places = await t.app.inject({
      method: "GET",
      url: `/api/admin/intakes/${intakeId}/places`,
      headers: { cookie },
    });
    expect(places.json().find((p: { enrollmentId: number }) => p.enrollmentId === id)).toMatchObject({
      addressConfirmedVia: "text",
    });
  });

  it("the e-mail's link records its confirmation as by e-mail, signing in as by sign-in", async () => {
    const res = await apply({ phone: MOBILE });
    const { id } = res.json();
    await postFromSite(t.app, "/api/training/confirm", { token: confirmToken(t.app.confirmLinkKey, id) });
    expect(await seatOf(id)).toMatchObject({ addressConfirmedVia: "email" });

    const other = await apply({ phone: MOBILE });
    const email = (await enrollment(other.json().id))?.email ?? "";
    const cookie = await signInSubscriber(t.app, email);
    await t.app.inject({ method: "GET", url: "/api/training/applications", headers: { cookie } });
    expect(await seatOf(other.json().id)).toMatchObject({ addressConfirmedVia: "sign-in" });
  });

  it("a number that asked to stop gets no code: the answer says why", async () => {
    await db().insert(textOptOuts).values({ toE164: "+6797067890", via: "link" });
    const res = await apply({ phone: "706 7890", textMe: true });
    expect(res.statusCode).toBe(201);
    expect(res.json().phoneCheck).toBeUndefined();
    expect(res.json().textNote).toBe(TEXT_NUMBER_STOPPED_MESSAGE);
    const queued = await db().select().from(textOutbox).where(eq(textOutbox.enrollmentId, res.json().id));
    expect(queued).toEqual([]);
  });

  it("an expired code or one tried too often is a 410; a new code is not sent twice within a minute", async () => {
    const res = await apply({ phone: "703 4567", textMe: true });
    const { id, phoneCheck } = res.json();
    await t.app.textOutbox.drain();
    const code = codeFrom(dataDir(), "+6797034567");
    const tooSoon = await postFromSite(t.app, "/api/texts/resend-code", { token: phoneCheck.token });
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json().message).toBe(TEXT_CODE_TOO_SOON_MESSAGE);

    await db()
      .update(textCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(textCodes.enrollmentId, id));
    const expired = await postFromSite(t.app, "/api/texts/confirm-number", { token: phoneCheck.token, code });
    expect(expired.statusCode).toBe(410);
    expect(expired.json().message).toBe(TEXT_CODE_EXPIRED_MESSAGE);
    expect((await enrollment(id))?.phoneConfirmedAt).toBeNull();

    // A minute later a new code may be asked for, and the old one no longer works.
    await db()
      .update(textCodes)
      .set({ sentAt: new Date(Date.now() - 61_000) })
      .where(eq(textCodes.enrollmentId, id));
    const resent = await postFromSite(t.app, "/api/texts/resend-code", { token: phoneCheck.token });
    expect(resent.statusCode).toBe(200);
    expect(resent.json()).toEqual({ number: "+679 70•••67" });
    await t.app.textOutbox.drain();
    const fresh = codeFrom(dataDir(), "+6797034567");
    const ok = await postFromSite(t.app, "/api/texts/confirm-number", {
      token: phoneCheck.token,
      code: fresh,
    });
    expect(ok.statusCode).toBe(200);
  });

  it("a spam submission records no consent and texts nothing", async () => {
    const res = await apply({ phone: "704 5678", textMe: true, website: "http://spam.example" });
    expect(res.statusCode).toBe(201);
    expect(res.json().phoneCheck).toBeUndefined();
    expect(await enrollment(res.json().id)).toMatchObject({ textsWanted: false, phoneE164: "+6797045678" });
    const queued = await db().select().from(textOutbox).where(eq(textOutbox.enrollmentId, res.json().id));
    expect(queued).toEqual([]);
  });

  describe.skipIf(!siteIsBuilt)("posted without script", () => {
    const FORM = { origin: SITE_ORIGIN, "content-type": "application/x-www-form-urlencoded" };
    const post = (url: string, fields: Record<string, string>, cookie?: string) =>
      t.app.inject({
        method: "POST",
        url,
        headers: { ...FORM, ...(cookie ? { cookie } : {}) },
        payload: new URLSearchParams(fields).toString(),
      });
    const BASIC = {
      form: "enrollment",
      idempotencyKey: "",
      intakeId: "",
      firstName: "Litia",
      lastName: "Vula",
      phone: "705 6789",
      highestEducation: "bachelor",
      website: "",
    };
    const answerPage = async (res: { cookies: { name: string; value: string }[] }) =>
      t.app.inject({ method: "GET", url: "/form-sent", headers: { cookie: cookieOf(res) } });

    it("the box posts 'on': consent stored, the answer page holds the code step, which confirms", async () => {
      const res = await post("/enroll/basic", { ...BASIC, email: "litia@example.fj", textMe: "on" });
      expect(res.statusCode).toBe(303);
      const page = await answerPage(res);
      const text = textOf(page.body);
      expect(text).toContain("Enrollment Submitted Successfully!");
      expect(text).toContain(
        `Confirm your number We texted a code to ${MASKED.replace("70•••45", "70•••89")}.`,
      );
      const token = /name="token" value="([^"]+)"/.exec(page.body)?.[1] ?? "";
      expect(page.body).toMatch(/<form method="post" action="\/enroll\/basic">/);
      expect(page.body).toMatch(/name="code"[^>]*inputmode="numeric"[^>]*autocomplete="one-time-code"/);
      const [row] = await db().select().from(enrollments).where(eq(enrollments.email, "litia@example.fj"));
      expect(row).toMatchObject({ phone: "705 6789", phoneE164: "+6797056789", textsWanted: true });
      const [consent] = await db()
        .select()
        .from(textConsents)
        .where(and(eq(textConsents.enrollmentId, row?.id ?? 0), eq(textConsents.via, "form")));
      expect(consent).toMatchObject({ given: true, version: TEXT_CONSENT_VERSION });

      await t.app.textOutbox.drain();
      const code = codeFrom(dataDir(), "+6797056789");
      const wrong = await post("/enroll/basic", {
        form: "phone-code",
        token,
        code: code === "000000" ? "111111" : "000000",
        intent: "confirm",
      });
      expect(wrong.statusCode).toBe(400);
      expect(textOf(wrong.body)).toContain(TEXT_CODE_WRONG_MESSAGE);
      expect(wrong.body).not.toContain(code);
      // "Send a new code" at once: not within a minute of the last one, said on the same form.
      const soon = await post("/enroll/basic", { form: "phone-code", token, code: "", intent: "resend" });
      expect(soon.statusCode).toBe(429);
      expect(textOf(soon.body)).toContain(TEXT_CODE_TOO_SOON_MESSAGE);
      expect(soon.body).toContain(`name="token" value="${token}"`);
      const right = await post("/enroll/basic", { form: "phone-code", token, code, intent: "confirm" });
      expect(right.statusCode).toBe(303);
      expect(textOf((await answerPage(right)).body)).toContain(TEXT_NUMBER_CONFIRMED_MESSAGE);
      expect((await enrollment(row?.id ?? 0))?.phoneConfirmedAt).toBeInstanceOf(Date);
    });

    it("a landline with the box ticked is the form again, the error beside the phone field, the box kept", async () => {
      const res = await post("/enroll/basic", {
        ...BASIC,
        email: "landline@example.fj",
        phone: "331 2345",
        textMe: "on",
      });
      expect(res.statusCode).toBe(400);
      expect(res.body).toMatch(/name="phone"[^>]*aria-invalid="true"/);
      expect(textOf(res.body)).toContain(PROBLEM_NOT_MOBILE);
      expect(res.body).toMatch(/name="textMe"[^>]*checked=""/);
      const stored = await db()
        .select()
        .from(enrollments)
        .where(eq(enrollments.email, "landline@example.fj"));
      expect(stored).toEqual([]);
      // Without the box the same number is fine.
      const plain = await post("/enroll/basic", {
        ...BASIC,
        email: "landline@example.fj",
        phone: "331 2345",
      });
      expect(plain.statusCode).toBe(303);
    });
  });
});

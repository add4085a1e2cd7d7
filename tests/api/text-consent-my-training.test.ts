// Texts at /my-training (issue 34): the signed-in applicant sees each application's texts, turns them on (the choice
// is kept with the wording's version, the IP and the time, and the number's code is texted, read here from the text
// files as the person reads their phone), confirms the number with the code, and turns texts off again. A number that
// asked to stop, a landline, a country texts do not go to and someone else's application are refused.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { enrollments, textCodes, textConsents, textOptOuts } from "../../server/db/schema";
import { PROBLEM_NOT_MOBILE } from "../../server/sms/phone-numbers";
import { CODE_TOO_SOON_MESSAGE } from "../../server/training/applicant-text-routes";
import { APPLICATION_NOT_FOUND_MESSAGE } from "../../shared/applicant";
import {
  TEXT_CODE_WRONG_MESSAGE,
  TEXT_CONSENT_VERSION,
  TEXT_NUMBER_STOPPED_MESSAGE,
} from "../../shared/texts";
import { withApplicants } from "../helpers/applicant";
import { signInSubscriber } from "../helpers/subscriber";
import { sameSite } from "../helpers/test-app";

let numberSerial = 0;

describe("texts at /my-training", () => {
  const { t, apply, get, post } = withApplicants();
  const db = () => t.database.db;

  /** An application made before texts existed: its number as typed, no E.164 form kept; and its owner's cookie. */
  async function applicant(name: string, phone?: string) {
    numberSerial += 1;
    const typed = phone ?? `70 1${String(numberSerial).padStart(4, "0")}`;
    const person = await apply(name);
    await db()
      .update(enrollments)
      .set({ phone: typed, phoneE164: null })
      .where(eq(enrollments.id, person.enrollmentId));
    const cookie = await signInSubscriber(t.app, person.email);
    return { ...person, typed, e164: `+679${typed.replace(/\D/g, "")}`, cookie };
  }

  const putTexts = (id: number, body: object, cookie: string, remoteAddress = "203.0.113.45") =>
    t.app.inject({
      method: "PUT",
      url: `/api/training/applications/${id}/texts`,
      payload: body,
      headers: { ...sameSite, cookie },
      remoteAddress,
    });
  const textsListed = async (cookie: string) =>
    (await get("/api/training/applications", cookie)).json().applications[0].texts;
  const consents = (enrollmentId: number) =>
    db()
      .select()
      .from(textConsents)
      .where(eq(textConsents.enrollmentId, enrollmentId))
      .orderBy(textConsents.id);

  /** Every text file written to `e164`, oldest first, as the phone shows them. */
  function textsTo(e164: string): string[] {
    const dir = join(t.app.env.DATA_DIR, "sms");
    let names: string[] = [];
    try {
      names = readdirSync(dir).sort();
    } catch {
      return [];
    }
    return names
      .map((name) => readFileSync(join(dir, name), "utf8"))
      .filter((text) => text.split("\n")[0] === `To: ${e164}`);
  }
  async function codeTextedTo(e164: string): Promise<string> {
    await t.app.textOutbox.drain();
    const code = /^(\d{6}) is your .+ code to confirm this number/m.exec(textsTo(e164).at(-1) ?? "")?.[1];
    if (!code) throw new Error(`no code texted to the number in:\n${textsTo(e164).join("\n---\n")}`);
    return code;
  }

  beforeEach(async () => {
    await db().delete(textOptOuts);
  });

  it("shows the texts of an older application: off, its mobile masked, not confirmed", async () => {
    const ana = await applicant("ana");
    expect(await textsListed(ana.cookie)).toEqual({
      wanted: false,
      channel: "sms",
      typed: ana.typed,
      textable: true,
      confirmed: false,
      stopped: false,
      number: `+679 ${ana.e164.slice(4, 6)}•••${ana.e164.slice(-2)}`,
      problem: null,
    });
  });

  it("turns texts on (consent kept, code texted), confirms the number with the code, and turns them off", async () => {
    const bui = await applicant("bui");
    const before = Date.now();
    // WhatsApp is not offered (no templates configured): the choice falls back to SMS.
    const on = await putTexts(bui.enrollmentId, { textMe: true, textChannel: "whatsapp" }, bui.cookie);
    expect(on.statusCode, on.body).toBe(200);
    const masked = `+679 ${bui.e164.slice(4, 6)}•••${bui.e164.slice(-2)}`;
    expect(on.json()).toEqual({
      texts: expect.objectContaining({
        wanted: true,
        channel: "sms",
        confirmed: false,
        textable: true,
        number: masked,
      }),
      codeSentTo: masked,
      message: `We texted a code to ${masked}. Type it here to confirm the number.`,
    });
    const [given] = await consents(bui.enrollmentId);
    expect(given).toMatchObject({
      given: true,
      channel: "sms",
      version: TEXT_CONSENT_VERSION,
      ip: "203.0.113.45",
      via: "my-training",
    });
    expect(given?.at.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(given?.at.getTime()).toBeLessThanOrEqual(Date.now());
    // The number's E.164 form is made when texts are turned on, and kept.
    const [stored] = await db().select().from(enrollments).where(eq(enrollments.id, bui.enrollmentId));
    expect(stored).toMatchObject({ phone: bui.typed, phoneE164: bui.e164, textsWanted: true });

    let code = await codeTextedTo(bui.e164);
    const text = textsTo(bui.e164).at(-1) ?? "";
    expect(text).toContain("Channel: sms");
    expect(text).toMatch(/Stop texts: https:\/\/rpas\.example\.test\/t\/\w{10}/);

    // Asking again within the minute is refused; the code already sent still works.
    const soon = await post(`/api/training/applications/${bui.enrollmentId}/texts/resend`, {}, bui.cookie);
    expect(soon.statusCode).toBe(429);
    expect(soon.json().message).toBe(CODE_TOO_SOON_MESSAGE);

    // A minute later a new code may be asked for; it replaces the first.
    await db()
      .update(textCodes)
      .set({ sentAt: new Date(Date.now() - 61_000) })
      .where(eq(textCodes.enrollmentId, bui.enrollmentId));
    const resent = await post(`/api/training/applications/${bui.enrollmentId}/texts/resend`, {}, bui.cookie);
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json()).toMatchObject({ codeSentTo: masked, texts: { wanted: true, confirmed: false } });
    const newCode = await codeTextedTo(bui.e164);
    expect(textsTo(bui.e164)).toHaveLength(2);
    if (newCode !== code) {
      const old = await post(
        `/api/training/applications/${bui.enrollmentId}/texts/confirm`,
        { code },
        bui.cookie,
      );
      expect(old.statusCode).toBe(400);
    }
    code = newCode;

    const wrongCode = code === "000000" ? "111111" : "000000";
    const wrong = await post(
      `/api/training/applications/${bui.enrollmentId}/texts/confirm`,
      { code: wrongCode },
      bui.cookie,
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(TEXT_CODE_WRONG_MESSAGE);
    expect((await textsListed(bui.cookie)).confirmed).toBe(false);

    const right = await post(
      `/api/training/applications/${bui.enrollmentId}/texts/confirm`,
      { code },
      bui.cookie,
    );
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json().texts).toMatchObject({ wanted: true, confirmed: true });
    expect(await textsListed(bui.cookie)).toMatchObject({ wanted: true, confirmed: true, stopped: false });
    // The seat-held text waited for the number to be confirmed, and goes now.
    await t.app.textOutbox.drain();
    expect(textsTo(bui.e164).at(-1)).toMatch(/seat on the .* course starting .* is held/);
    // The code is used up.
    const again = await post(
      `/api/training/applications/${bui.enrollmentId}/texts/confirm`,
      { code },
      bui.cookie,
    );
    expect(again.statusCode).toBe(410);

    const off = await putTexts(bui.enrollmentId, { textMe: false }, bui.cookie, "198.51.100.7");
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ texts: { wanted: false, confirmed: true }, codeSentTo: null });
    expect((await consents(bui.enrollmentId)).map((c) => [c.given, c.ip, c.via])).toEqual([
      [true, "203.0.113.45", "my-training"],
      [false, "198.51.100.7", "my-training"],
    ]);
    expect((await textsListed(bui.cookie)).wanted).toBe(false);

    // On again with the number confirmed: no new code.
    const sentBefore = textsTo(bui.e164).length;
    const back = await putTexts(bui.enrollmentId, { textMe: true }, bui.cookie);
    expect(back.json()).toMatchObject({ codeSentTo: null, message: `Texts are on for ${masked}.` });
    await t.app.textOutbox.drain();
    expect(textsTo(bui.e164)).toHaveLength(sentBefore);
  });

  it("refuses to turn texts on for a number that asked to stop, and texts it nothing", async () => {
    const cai = await applicant("cai");
    await db().insert(textOptOuts).values({ toE164: cai.e164, via: "link" });
    expect((await textsListed(cai.cookie)).stopped).toBe(true);
    const res = await putTexts(cai.enrollmentId, { textMe: true }, cai.cookie);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(TEXT_NUMBER_STOPPED_MESSAGE);
    expect(await consents(cai.enrollmentId)).toEqual([]);
    await t.app.textOutbox.drain();
    expect(textsTo(cai.e164)).toEqual([]);
    const resend = await post(`/api/training/applications/${cai.enrollmentId}/texts/resend`, {}, cai.cookie);
    expect(resend.statusCode).toBe(409);
    expect(resend.json().message).toBe(TEXT_NUMBER_STOPPED_MESSAGE);
    // Turning them off is always allowed.
    expect((await putTexts(cai.enrollmentId, { textMe: false }, cai.cookie)).statusCode).toBe(200);
  });

  it("refuses a landline and a country texts do not go to, saying why", async () => {
    const dan = await applicant("dan", "331 2345");
    expect(await textsListed(dan.cookie)).toMatchObject({
      textable: false,
      number: null,
      problem: PROBLEM_NOT_MOBILE,
    });
    const landline = await putTexts(dan.enrollmentId, { textMe: true }, dan.cookie);
    expect(landline.statusCode).toBe(400);
    expect(landline.json().message).toBe(PROBLEM_NOT_MOBILE);

    const eli = await applicant("eli", "+61 412 345 678");
    const abroad = await putTexts(eli.enrollmentId, { textMe: true }, eli.cookie);
    expect(abroad.statusCode).toBe(400);
    expect(abroad.json().message).toBe("We can text only numbers starting with +679 for now.");
    expect(await consents(dan.enrollmentId)).toEqual([]);
    expect(await consents(eli.enrollmentId)).toEqual([]);
    const [kept] = await db().select().from(enrollments).where(eq(enrollments.id, dan.enrollmentId));
    expect(kept).toMatchObject({ textsWanted: false, phoneE164: null });
  });

  it("answers another person's application as one that does not exist, and nobody signed out", async () => {
    const fay = await applicant("fay");
    const gus = await applicant("gus");
    const urls = [
      ["PUT", `/api/training/applications/${gus.enrollmentId}/texts`, { textMe: true }],
      ["POST", `/api/training/applications/${gus.enrollmentId}/texts/confirm`, { code: "123456" }],
      ["POST", `/api/training/applications/${gus.enrollmentId}/texts/resend`, {}],
      ["PUT", "/api/training/applications/999999/texts", { textMe: true }],
    ] as const;
    for (const [method, url, payload] of urls) {
      const res = await t.app.inject({ method, url, payload, headers: { ...sameSite, cookie: fay.cookie } });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().message).toBe(APPLICATION_NOT_FOUND_MESSAGE);
      const signedOut = await t.app.inject({ method, url, payload, headers: sameSite });
      expect(signedOut.statusCode, url).toBe(401);
    }
    expect(await consents(gus.enrollmentId)).toEqual([]);
    expect((await textsListed(gus.cookie)).wanted).toBe(false);
  });
});

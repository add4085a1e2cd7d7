// WhatsApp by configuration (issue 34 point 2): with Twilio, a WhatsApp sender and an approved template for every
// kind of text (TWILIO_WHATSAPP_TEMPLATES), an application that chose WhatsApp gets each kind as its template with
// the variables, through the real Twilio SDK to the fake; the forms are told WhatsApp is offered. With templates for
// only some kinds, the boot warns (naming kinds, never a secret) and every text goes by SMS.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { textOutbox } from "../../server/db/schema";
import { parseEnv } from "../../server/env";
import { queueApplicantText } from "../../server/sms/applicant-texts";
import { TEXT_KINDS, type TextKind } from "../../server/sms/text-kinds";
import { type FakeTwilio, startFakeTwilio } from "../fakes/twilio/server";
import { insertEnrollment } from "../helpers/admin-session";
import { type TestApp, withTestApp } from "../helpers/test-app";

const FROM = "+15017122661";
const WHATSAPP_FROM = "+15005550006";
const NUMBER = "+6797012345";
const sidOf = (n: number) => `HX${n.toString(16).padStart(32, "0")}`;
const ALL_TEMPLATES = TEXT_KINDS.map((kind, n) => `${kind}=${sidOf(n + 1)}`).join(", ");

let fake: FakeTwilio;
beforeAll(async () => {
  fake = await startFakeTwilio();
});
afterAll(() => fake.close());

const twilioEnv = (templates: string) => ({
  TWILIO_ACCOUNT_SID: fake.accountSid,
  TWILIO_AUTH_TOKEN: fake.authToken,
  TWILIO_FROM: FROM,
  TWILIO_WHATSAPP_FROM: WHATSAPP_FROM,
  TWILIO_API_URL: fake.url,
  TWILIO_WHATSAPP_TEMPLATES: templates,
});

/** An application that asked for texts by WhatsApp and confirmed its number. */
const whatsappApplicant = (t: TestApp) =>
  insertEnrollment(t.database.db, {
    firstName: "Mere",
    phoneE164: NUMBER,
    textsWanted: true,
    textChannel: "whatsapp",
    phoneConfirmedAt: new Date(),
  });

/** Queues a kind of text for the application (at once, so the hour of the test does not matter) and sends it. */
async function sendKind(t: TestApp, enrollmentId: number, kind: TextKind | "one-off") {
  const queued = await queueApplicantText(t.database.db, t.app.textContext, enrollmentId, () => ({
    kind,
    body: "Bula Mere, your offer: FJD 50.00 by 5 March.",
    variables: { "1": "Mere", "2": "FJD 50.00" },
    immediate: true,
  }));
  expect(queued).toBe(true);
  await t.app.textOutbox.drain();
}

describe("WhatsApp with a template for every kind", () => {
  const t = withTestApp(() => ({ env: twilioEnv(ALL_TEMPLATES) }));
  beforeEach(async () => {
    fake.messages.length = 0;
    await t.database.db.delete(textOutbox);
  });

  it("is offered to the forms", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/texts/options" });
    expect(res.json()).toEqual({ whatsapp: true });
  });

  it("sends a WhatsApp application's kind as its template with the variables, from the WhatsApp sender", async () => {
    await sendKind(t, await whatsappApplicant(t), "offer");
    expect(fake.messages).toHaveLength(1);
    const [message] = fake.messages;
    expect(message).toMatchObject({
      accountSid: fake.accountSid,
      To: `whatsapp:${NUMBER}`,
      From: `whatsapp:${WHATSAPP_FROM}`,
      ContentSid: sidOf(TEXT_KINDS.indexOf("offer") + 1),
    });
    expect(message?.Body).toBeUndefined();
    expect(JSON.parse(message?.ContentVariables ?? "")).toEqual({ "1": "Mere", "2": "FJD 50.00" });
    const [row] = await t.database.db.select().from(textOutbox);
    expect(row).toMatchObject({ channel: "whatsapp", status: "sent", body: null });
  });

  it("sends staff's free text by SMS even to someone who chose WhatsApp (no template can carry it)", async () => {
    await sendKind(t, await whatsappApplicant(t), "one-off");
    expect(fake.messages[0]).toMatchObject({
      To: NUMBER,
      From: FROM,
      Body: expect.stringContaining("Bula Mere"),
    });
    expect(fake.messages[0]?.ContentSid).toBeUndefined();
  });
});

describe("WhatsApp with templates for only some kinds", () => {
  const lines: string[] = [];
  const t = withTestApp(() => ({
    env: { ...twilioEnv(`offer=${sidOf(1)}, code=${sidOf(2)}`), LOG_LEVEL: "warn" },
    logStream: { write: (line) => void lines.push(line) },
  }));

  it("is not offered, warns at boot naming the missing kinds, and falls back to SMS", async () => {
    expect(t.app.textContext.whatsappTemplates).toBeNull();
    expect((await t.app.inject({ method: "GET", url: "/api/texts/options" })).json()).toEqual({
      whatsapp: false,
    });
    const warning = lines.find((line) => line.includes("WhatsApp is not offered"));
    expect(warning).toBeDefined();
    expect(JSON.parse(warning as string).missing).toEqual(
      TEXT_KINDS.filter((k) => k !== "offer" && k !== "code"),
    );
    expect(warning).not.toContain(fake.authToken);
    expect(warning).not.toContain(sidOf(1));

    fake.messages.length = 0;
    await sendKind(t, await whatsappApplicant(t), "offer");
    expect(fake.messages).toHaveLength(1);
    expect(fake.messages[0]).toMatchObject({
      To: NUMBER,
      From: FROM,
      Body: expect.stringContaining("FJD 50.00"),
    });
    expect(fake.messages[0]?.ContentSid).toBeUndefined();
  });
});

describe("TWILIO_WHATSAPP_TEMPLATES", () => {
  const base = { NODE_ENV: "test", DATA_DIR: "/tmp/x" };
  it("is parsed once into a map by kind, and refuses what is not kind=HX and 32 hex digits", () => {
    const env = parseEnv({ ...base, TWILIO_WHATSAPP_TEMPLATES: ` offer = ${sidOf(1)} ,code=${sidOf(2)},` });
    expect(env.TWILIO_WHATSAPP_TEMPLATES).toEqual({ offer: sidOf(1), code: sidOf(2) });
    expect(parseEnv(base).TWILIO_WHATSAPP_TEMPLATES).toEqual({});
    expect(() => parseEnv({ ...base, TWILIO_WHATSAPP_TEMPLATES: "offer=HX123" })).toThrow(
      /template of "offer" must be HX and 32 hex digits/,
    );
    expect(() => parseEnv({ ...base, TWILIO_WHATSAPP_TEMPLATES: `parcel=${sidOf(1)}` })).toThrow(
      /"parcel" is not a kind of text/,
    );
    expect(() =>
      parseEnv({ ...base, TWILIO_WHATSAPP_TEMPLATES: `offer=${sidOf(1)},offer=${sidOf(2)}` }),
    ).toThrow(/"offer" is given twice/);
    expect(() => parseEnv({ ...base, TWILIO_WHATSAPP_TEMPLATES: sidOf(1) })).toThrow(/is not kind=HX/);
  });
});

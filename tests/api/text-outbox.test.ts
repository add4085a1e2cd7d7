// The text outbox (issue 34): texts queued in a transaction go only if it commits, go through the real Twilio SDK to a
// fake Twilio, wait for the morning in quiet hours, respect the per-number and daily-segment caps, go only to allowed
// countries, retry what may succeed and fail what cannot, and are sent once when two senders drain together.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { textOutbox } from "../../server/db/schema";
import type { SmsProvider } from "../../server/integrations/sms/sms-provider";
import { SMS_STATUS_FORBIDDEN_MESSAGE } from "../../server/integrations/sms/sms-status-routes";
import {
  COUNTRY_NOT_ALLOWED,
  createTextOutboxWorker,
  enqueueTexts,
  type QueuedText,
  type TextOutboxOptions,
} from "../../server/integrations/sms/text-outbox";
import { createTwilioSms } from "../../server/integrations/sms/twilio-sms";
import { type FakeTwilio, INVALID_NUMBER, startFakeTwilio } from "../fakes/twilio/server";
import { SITE_ORIGIN, withTestApp } from "../helpers/test-app";

const silentLog = { warn() {}, error() {}, info() {} } as never;
const FROM = "+15017122661";
const TO = "+6797012345";
// 12:00 on 4 March 2026 in Fiji (UTC+12), and 22:00 the same day.
const NOON = new Date("2026-03-04T00:00:00Z");
const NIGHT = new Date("2026-03-04T10:00:00Z");
const NEXT_MORNING = new Date("2026-03-04T20:00:00Z"); // 08:00 on 5 March in Fiji
const HOUR = 3_600_000;

describe("text outbox", () => {
  const t = withTestApp();
  let fake: FakeTwilio;
  let twilio: SmsProvider;
  let clock: Date;
  const db = () => t.database.db;
  const worker = (options: Partial<TextOutboxOptions> = {}, provider: SmsProvider = twilio) =>
    createTextOutboxWorker(db(), provider, silentLog, {
      now: () => clock,
      allowedCountries: ["679", "1"],
      dailySegmentCap: 500,
      ...options,
    });
  const text = (n: number, extra: Partial<QueuedText> = {}): QueuedText => ({
    to: TO,
    kind: "offer",
    body: `Message ${n}`,
    ...extra,
  });
  const rows = () => db().select().from(textOutbox).orderBy(textOutbox.id);

  beforeAll(async () => {
    fake = await startFakeTwilio();
    twilio = createTwilioSms({
      accountSid: fake.accountSid,
      authToken: fake.authToken,
      from: FROM,
      apiBaseUrl: fake.url,
    });
  });
  afterAll(() => fake.close());
  beforeEach(async () => {
    clock = NOON;
    fake.messages.length = 0;
    fake.requests.length = 0;
    await db().delete(textOutbox);
  });

  it("is wired into the app: text files under DATA_DIR while Twilio is not configured", () => {
    expect(t.app.sms.kind).toBe("file");
    expect(typeof t.app.textOutbox.drain).toBe("function");
  });

  it("refuses every delivery report while Twilio is not configured", async () => {
    const answer = await t.app.inject({
      method: "POST",
      url: "/api/sms/status",
      headers: { "content-type": "application/x-www-form-urlencoded", "x-twilio-signature": "c2lnbmVk" },
      payload: "MessageSid=SM1&MessageStatus=delivered",
    });
    expect(answer.statusCode).toBe(403);
    expect(answer.json().error.message).toBe(SMS_STATUS_FORBIDDEN_MESSAGE);
  });

  it("sends nothing queued in a transaction that rolled back", async () => {
    await db()
      .transaction(async (tx) => {
        await enqueueTexts(tx, [text(1)], clock);
        tx.rollback();
      })
      .catch(() => undefined);
    expect(await worker().drain()).toBe(0);
    expect(fake.requests).toHaveLength(0);
    expect(await rows()).toHaveLength(0);
  });

  it("sends a committed text once through Twilio, from the configured number, and records it", async () => {
    await db().transaction((tx) => enqueueTexts(tx, [text(1, { body: "Your seat is held." })], clock));
    const w = worker({ statusCallback: "https://rpas.example.fj/api/sms/status" });
    expect(await w.drain()).toBe(1);
    expect(await w.drain()).toBe(0);
    expect(fake.messages).toHaveLength(1);
    expect(fake.messages[0]).toMatchObject({
      To: TO,
      From: FROM,
      Body: "Your seat is held.",
      StatusCallback: "https://rpas.example.fj/api/sms/status",
    });
    const [row] = await rows();
    expect(row).toMatchObject({ status: "sent", attempts: 1, segments: 1, deliveryStatus: "queued" });
    expect(row?.providerId).toMatch(/^SM[0-9a-f]{32}$/);
    expect(row?.sentAt?.getTime()).toBe(NOON.getTime());
  });

  it("refuses a body that is not GSM-7 or takes more than two parts", async () => {
    await expect(enqueueTexts(db(), [text(1, { body: "Bula Mākereta" })], clock)).rejects.toThrow(/GSM-7/);
    await expect(enqueueTexts(db(), [text(1, { body: "x".repeat(307) })], clock)).rejects.toThrow(
      /3 SMS parts/,
    );
    await enqueueTexts(db(), [text(1, { body: "x".repeat(306) })], clock);
    expect((await rows())[0]?.segments).toBe(2);
  });

  it("holds a text decided at night until 08:00 Fiji time", async () => {
    clock = NIGHT;
    await enqueueTexts(db(), [text(1)], clock);
    expect((await rows())[0]?.notBefore.getTime()).toBe(NEXT_MORNING.getTime());
    expect(await worker().drain()).toBe(0);
    clock = new Date(NEXT_MORNING.getTime() - 60_000);
    expect(await worker().drain()).toBe(0);
    clock = NEXT_MORNING;
    expect(await worker().drain()).toBe(1);
    expect(fake.messages).toHaveLength(1);
  });

  it("keeps a night text that would leave under 2 hours before its deadline as dropped, and an immediate one goes", async () => {
    clock = NIGHT;
    await enqueueTexts(
      db(),
      [
        text(1, { deadline: new Date(NEXT_MORNING.getTime() + HOUR) }),
        text(2, { immediate: true, deadline: new Date(NIGHT.getTime() + HOUR) }),
      ],
      clock,
    );
    const [dropped, immediate] = await rows();
    expect(dropped).toMatchObject({ status: "dropped", lastError: "too-close-to-deadline" });
    expect(immediate?.status).toBe("pending");
    expect(await worker().drain()).toBe(1);
    expect(fake.messages.map((m) => m.Body)).toEqual(["Message 2"]);
  });

  it("sends at most three texts to one number per Fiji day; the rest wait for the next morning", async () => {
    await enqueueTexts(
      db(),
      [1, 2, 3, 4, 5].map((n) => text(n)).concat(text(6, { to: "+6799012345" })),
      clock,
    );
    await worker().drain();
    expect(fake.messages.map((m) => m.Body)).toEqual(["Message 1", "Message 2", "Message 3", "Message 6"]);
    const waiting = (await rows()).filter((r) => r.status === "pending");
    expect(waiting.map((r) => r.nextAttemptAt.getTime())).toEqual([
      NEXT_MORNING.getTime(),
      NEXT_MORNING.getTime(),
    ]);
    clock = new Date(NEXT_MORNING.getTime() - 60_000);
    expect(await worker().drain()).toBe(0);
    clock = NEXT_MORNING;
    await worker().drain();
    expect(fake.messages.map((m) => m.Body).slice(4)).toEqual(["Message 4", "Message 5"]);
  });

  it("drops a text held back by a cap when its deadline would then be too near", async () => {
    await enqueueTexts(
      db(),
      [1, 2, 3].map((n) => text(n)).concat(text(4, { deadline: new Date(NEXT_MORNING.getTime() + HOUR) })),
      clock,
    );
    await worker().drain();
    expect(fake.messages).toHaveLength(3);
    expect((await rows())[3]).toMatchObject({ status: "dropped" });
  });

  it("stops at the daily segment cap across all numbers, warns once, and sends the rest the next day", async () => {
    const warnings: string[] = [];
    const log = { ...(silentLog as object), warn: (_: unknown, msg: string) => warnings.push(msg) } as never;
    const numbers = ["+6797012345", "+6797012346", "+6797012347", "+6797012348"];
    await enqueueTexts(
      db(),
      numbers.map((to, n) => text(n, { to, body: `${"y".repeat(200)} ${n}` })),
      clock,
    );
    const w = createTextOutboxWorker(db(), twilio, log, {
      now: () => clock,
      allowedCountries: ["679"],
      dailySegmentCap: 5,
    });
    await w.drain();
    expect(fake.messages).toHaveLength(2); // 2 + 2 parts; a third would make 6
    await enqueueTexts(db(), [text(9, { to: "+6797012349" })], clock);
    await w.drain();
    expect(fake.messages).toHaveLength(3); // one part still fits
    await enqueueTexts(db(), [text(10, { to: "+6797012340" })], clock);
    await w.drain();
    expect(fake.messages).toHaveLength(3);
    expect(warnings.filter((m) => m === "daily text segment cap reached")).toHaveLength(1);
    clock = NEXT_MORNING;
    await w.drain();
    expect(fake.messages).toHaveLength(6); // the three held back (2 + 2 + 1 parts) fit the new day's cap
  });

  it("fails a text to a country that is not allowed, without asking Twilio", async () => {
    await enqueueTexts(db(), [text(1, { to: "+61412345678" })], clock);
    await worker().drain();
    expect(fake.requests).toHaveLength(0);
    expect((await rows())[0]).toMatchObject({ status: "failed", lastError: COUNTRY_NOT_ALLOWED });
  });

  it("retries after Twilio's 500 with backoff, then sends", async () => {
    await enqueueTexts(db(), [text(1)], clock);
    fake.failNext(500);
    await worker().drain();
    const [waiting] = await rows();
    expect(waiting).toMatchObject({ status: "pending", attempts: 1 });
    expect(waiting?.nextAttemptAt.getTime()).toBe(NOON.getTime() + 30_000);
    expect(await worker().drain()).toBe(0);
    clock = new Date(NOON.getTime() + 30_000);
    await worker().drain();
    expect(fake.requests).toHaveLength(2);
    expect(fake.messages).toHaveLength(1);
    expect((await rows())[0]).toMatchObject({ status: "sent", attempts: 2 });
  });

  it("fails a text to an invalid number for good", async () => {
    await enqueueTexts(db(), [text(1, { to: INVALID_NUMBER })], clock);
    await worker().drain();
    expect((await rows())[0]).toMatchObject({ status: "failed", attempts: 1 });
    expect((await rows())[0]?.lastError).toContain("21211");
    clock = new Date(NOON.getTime() + HOUR);
    await worker().drain();
    expect(fake.requests).toHaveLength(1);
  });

  it("two workers draining together send each text once", async () => {
    const numbers = Array.from({ length: 30 }, (_, n) => `+67970${String(10000 + n)}`);
    await enqueueTexts(
      db(),
      numbers.map((to, n) => text(n, { to })),
      clock,
    );
    const sent: string[] = [];
    const counting: SmsProvider = {
      kind: "file",
      async send(message) {
        await new Promise((resolve) => setImmediate(resolve));
        sent.push(message.to);
        return { providerId: `file:${message.to}`, status: "written" };
      },
    };
    const [a, b] = await Promise.all([worker({}, counting).drain(), worker({}, counting).drain()]);
    expect(a + b).toBe(30);
    expect(sent).toHaveLength(30);
    expect(new Set(sent).size).toBe(30);
    const left = await db().select().from(textOutbox).where(eq(textOutbox.status, "pending"));
    expect(left).toHaveLength(0);
  });
});

describe("Twilio's delivery reports", () => {
  const SID = "AC0123456789abcdef0123456789abcdef";
  const TOKEN = "delivery-report-token";
  const SIGNED_URL = `${SITE_ORIGIN}/api/sms/status`;
  let fake: FakeTwilio;
  let origin: string;
  beforeAll(async () => {
    fake = await startFakeTwilio({ accountSid: SID, authToken: TOKEN });
  });
  const t = withTestApp(() => ({
    env: {
      TWILIO_ACCOUNT_SID: SID,
      TWILIO_AUTH_TOKEN: TOKEN,
      TWILIO_FROM: FROM,
      TWILIO_API_URL: fake.url,
    },
  }));
  afterAll(() => fake.close());

  describe("once a text was sent through Twilio", () => {
    let sid: string;
    const deliveryStatus = async () =>
      (await t.database.db.select().from(textOutbox).where(eq(textOutbox.providerId, sid)))[0]
        ?.deliveryStatus;
    const report = (status: string, options?: { signedUrl?: string; signature?: string }) =>
      fake.sendStatusCallback(
        `${origin}/api/sms/status`,
        { MessageSid: sid, MessageStatus: status },
        {
          signedUrl: SIGNED_URL,
          ...options,
        },
      );

    beforeAll(async () => {
      origin = await t.app.listen({ port: 0, host: "127.0.0.1" });
      await enqueueTexts(t.database.db, [{ to: TO, kind: "offer", body: "Bula!", immediate: true }]);
      expect(t.app.sms.kind).toBe("twilio");
      await t.app.textOutbox.drain();
      expect(fake.messages).toHaveLength(1);
      sid = (await t.database.db.select().from(textOutbox))[0]?.providerId as string;
    });

    it("asks Twilio to report to PUBLIC_URL's /api/sms/status", () => {
      expect(fake.messages[0]?.StatusCallback).toBe(SIGNED_URL);
      expect(sid).toMatch(/^SM/);
    });

    it("records a signed report on the text it is about", async () => {
      expect(await report("sent")).toEqual({ status: 204, body: "" });
      expect(await deliveryStatus()).toBe("sent");
      expect((await report("delivered")).status).toBe(204);
      expect(await deliveryStatus()).toBe("delivered");
      // Reports may come out of order: a late one of an earlier step does not undo the final one.
      expect((await report("sent")).status).toBe(204);
      expect(await deliveryStatus()).toBe("delivered");
    });

    it("answers 204 to a signed report of a message it does not know", async () => {
      const unknown = { MessageSid: "SM00000000000000000000000000000000", MessageStatus: "delivered" };
      const answer = await fake.sendStatusCallback(`${origin}/api/sms/status`, unknown, {
        signedUrl: SIGNED_URL,
      });
      expect(answer.status).toBe(204);
    });

    it("refuses a forged, an unsigned and a report signed for another host, and changes nothing", async () => {
      await report("delivered");
      expect((await report("failed", { signature: "bm90IGEgc2lnbmF0dXJl" })).status).toBe(403);
      expect((await report("failed", { signedUrl: `${origin}/api/sms/status` })).status).toBe(403);
      const unsigned = await fetch(`${origin}/api/sms/status`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ MessageSid: sid, MessageStatus: "failed" }).toString(),
      });
      expect(unsigned.status).toBe(403);
      // Signed over other parameters than those sent.
      const twilioSdk = (await import("twilio")).default;
      const otherParams = twilioSdk.getExpectedTwilioSignature(TOKEN, SIGNED_URL, {
        MessageSid: sid,
        MessageStatus: "delivered",
      });
      expect((await report("failed", { signature: otherParams })).status).toBe(403);
      expect(await deliveryStatus()).toBe("delivered");
    });
  });
});

// The staff side of texts (issue 34): the list of texts (newest first, numbers masked, a code's body blank, the
// applicant's name), the one-off text from the places list (staff only, consent's rule, checked wording, the stop
// line, the activity log), and the e-mail that tells staff once a Fiji day that the cap on SMS parts is reached.
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  auditLog,
  emailOutbox,
  type enrollments,
  seats,
  textCapNotices,
  textOptOuts,
  textOutbox,
} from "../../server/db/schema";
import { SMS_DIR } from "../../server/integrations/sms/file-sms";
import { createTextOutboxWorker, enqueueTexts } from "../../server/integrations/sms/text-outbox";
import { noteTextCapReached } from "../../server/sms/staff-texts";
import { textCapEmail } from "../../server/sms/text-cap-email";
import { fijiToday } from "../../shared/fiji-time";
import {
  ONE_OFF_EMPTY_MESSAGE,
  ONE_OFF_NOT_GSM_MESSAGE,
  ONE_OFF_TOO_LONG_MESSAGE,
} from "../../shared/one-off-text";
import { createStaffAndSignIn, insertEnrollment, insertIntake } from "../helpers/admin-session";
import { sameSite, withTestApp } from "../helpers/test-app";
import { insertPlace } from "../helpers/training-rows";

const NUMBER = "+6797012345";
const OTHER = "+6799912345";
const STAFF_EMAIL = "office@example.fj";
// 12:00 on 4 March 2026 in Fiji (UTC+12).
const NOON = new Date("2026-03-04T00:00:00Z");
const silentLog = { warn() {}, error() {}, info() {} } as never;

describe("texts for staff", () => {
  const t = withTestApp({ env: { STAFF_EMAIL, SMS_DAILY_SEGMENT_CAP: "3" } });
  const db = () => t.database.db;
  let cookie: string;
  let intakeId: number;
  const get = (url: string, headers: Record<string, string> = { cookie }) =>
    t.app.inject({ method: "GET", url, headers });
  const post = (url: string, payload: object, headers: Record<string, string> = { cookie }) =>
    t.app.inject({ method: "POST", url, payload, headers: { ...sameSite, ...headers } });

  /** An applicant with a place; by default one who asked for texts and confirmed the number. */
  async function applicant(firstName: string, texts: Partial<typeof enrollments.$inferInsert> = {}) {
    const email = `${firstName.toLowerCase()}@example.fj`;
    const enrollmentId = await insertEnrollment(db(), {
      firstName,
      lastName: "Tester",
      email,
      phone: "70 12345",
      phoneE164: NUMBER,
      textsWanted: true,
      phoneConfirmedAt: new Date(),
      ...texts,
    });
    const seatId = await insertPlace(db(), { intakeId, enrollmentId, email, state: "held" });
    return { enrollmentId, seatId };
  }

  beforeAll(async () => {
    cookie = await createStaffAndSignIn(t.app, db());
  });
  beforeEach(async () => {
    for (const table of [textOutbox, emailOutbox, textCapNotices, textOptOuts, seats, auditLog]) {
      await db().delete(table);
    }
    intakeId = await insertIntake(db(), 20, "Suva", 8);
  });

  describe("the list", () => {
    it("lists texts newest first with the number masked, the applicant's name and a code's body blank", async () => {
      const { enrollmentId } = await applicant("Mere");
      await enqueueTexts(
        db(),
        [
          {
            to: NUMBER,
            kind: "code",
            body: "Your code is 123456",
            sensitive: true,
            immediate: true,
            enrollmentId,
          },
        ],
        new Date(NOON.getTime() - 60_000),
      );
      await enqueueTexts(db(), [{ to: OTHER, kind: "offer", body: "Your offer is ready." }], NOON);
      const res = await get("/api/admin/texts");
      expect(res.statusCode).toBe(200);
      const { items, total } = res.json();
      expect(total).toBe(2);
      expect(items.map((text: { kind: string }) => text.kind)).toEqual(["offer", "code"]);
      expect(items[0]).toMatchObject({
        to: "+679 99•••45",
        name: null,
        status: "pending",
        body: "Your offer is ready.",
        channel: "sms",
        segments: 1,
        deliveryStatus: null,
        sentAt: null,
      });
      expect(items[1]).toMatchObject({ to: "+679 70•••45", name: "Mere Tester", body: "" });
      // Neither the whole number nor the code is anywhere in the answer.
      expect(res.body).not.toContain("7012345");
      expect(res.body).not.toContain("9912345");
      expect(res.body).not.toContain("123456");
      expect(new Date(items[0].notBefore).getTime()).toBe(NOON.getTime());
    });

    it("filters by status and answers only signed-in staff", async () => {
      await enqueueTexts(db(), [{ to: OTHER, kind: "offer", body: "Your offer is ready." }], NOON);
      await db().update(textOutbox).set({ status: "failed", lastError: "Twilio error 21211" });
      expect((await get("/api/admin/texts?status=sent")).json()).toEqual({ items: [], total: 0 });
      const failed = (await get("/api/admin/texts?status=failed")).json();
      expect(failed.items[0]).toMatchObject({ status: "failed", lastError: "Twilio error 21211" });
      expect((await get("/api/admin/texts", {})).statusCode).toBe(401);
      expect((await get("/api/admin/texts/cap", {})).statusCode).toBe(401);
    });
  });

  describe("the one-off text", () => {
    const textUrl = (seatId: number) => `/api/admin/places/${seatId}/text`;

    it("queues the staff's text by SMS with the stop line, at the next sending moment, and logs it without the number", async () => {
      const { seatId, enrollmentId } = await applicant("Mere", { textChannel: "whatsapp" });
      const before = Date.now();
      const res = await post(textUrl(seatId), {
        message: "Bula Mere, the class starts at 9 \u2014 bring your ID.",
      });
      expect(res.statusCode).toBe(200);
      const { sendsAt, waitsForMorning } = res.json();
      const [row] = await db().select().from(textOutbox);
      expect(row).toMatchObject({
        kind: "one-off",
        channel: "sms",
        enrollmentId,
        status: "pending",
        immediate: false,
      });
      expect(row?.notBefore.toISOString()).toBe(sendsAt);
      expect(waitsForMorning).toBe(new Date(sendsAt).getTime() > before + 5_000);

      // Sent when the hour allows, as the person reads it: the words, then the stop link on this site.
      const worker = createTextOutboxWorker(db(), t.app.sms, silentLog, {
        now: () => new Date(sendsAt),
        allowedCountries: ["679"],
        dailySegmentCap: 100,
      });
      expect(await worker.drain()).toBe(1);
      const dir = join(t.app.env.DATA_DIR, SMS_DIR);
      const files = await readdir(dir);
      const file = await readFile(join(dir, files.at(-1) as string), "utf8");
      expect(file).toMatch(
        new RegExp(
          `^To: \\+6797012345\\nChannel: sms\\n\\nBula Mere, the class starts at 9 - bring your ID\\.\\nStop texts: ${t.app.env.PUBLIC_URL}/t/[0-9A-Za-z]{10}\\n$`,
        ),
      );

      const [entry] = await db().select().from(auditLog).where(eq(auditLog.action, "text.one-off"));
      expect(entry).toMatchObject({
        actor: "staff",
        subject: `enrollment ${enrollmentId}`,
        details: { message: "Bula Mere, the class starts at 9 - bring your ID." },
      });
      expect(JSON.stringify(entry)).not.toContain("7012345");
    });

    it("refuses an empty text, one outside GSM-7 and one over two parts, with a clear message", async () => {
      const { seatId } = await applicant("Mere");
      const cases: [string, string][] = [
        ["   ", ONE_OFF_EMPTY_MESSAGE],
        ["Bula Mākereta", ONE_OFF_NOT_GSM_MESSAGE],
        ["Bula 🙂", ONE_OFF_NOT_GSM_MESSAGE],
        ["x".repeat(306 - 61 + 1), ONE_OFF_TOO_LONG_MESSAGE],
      ];
      for (const [message, error] of cases) {
        const res = await post(textUrl(seatId), { message });
        expect(res.statusCode, message).toBe(400);
        expect(res.json().error.message).toBe(`Invalid message: ${error}`);
      }
      // Right at the limit: two parts with the stop line's room.
      expect((await post(textUrl(seatId), { message: "x".repeat(306 - 61) })).statusCode).toBe(200);
      expect(await db().select().from(textOutbox)).toHaveLength(1);
    });

    it("refuses an application that cannot be texted, saying why, and answers only signed-in staff", async () => {
      const notAsked = await applicant("Ana", { textsWanted: false });
      const unconfirmed = await applicant("Bale", { phoneConfirmedAt: null });
      const stopped = await applicant("Cema", { phoneE164: OTHER });
      await db().insert(textOptOuts).values({ toE164: OTHER, via: "link" });
      const reasons = [
        [notAsked.seatId, "did not ask for texts"],
        [unconfirmed.seatId, "number not confirmed"],
        [stopped.seatId, "number asked to stop texts"],
      ] as const;
      for (const [seatId, reason] of reasons) {
        const res = await post(textUrl(seatId), { message: "Bula" });
        expect(res.statusCode).toBe(409);
        expect(res.json().error.message).toBe(`This applicant cannot be texted: ${reason}.`);
      }
      const places = (await get(`/api/admin/intakes/${intakeId}/places`)).json();
      expect(places.map((p: { notTextable: string | null }) => p.notTextable)).toEqual([
        "not-asked",
        "not-confirmed",
        "stopped",
      ]);
      const fine = await applicant("Dau");
      expect((await get(`/api/admin/intakes/${intakeId}/places`)).json().at(-1).notTextable).toBeNull();
      expect((await post(textUrl(fine.seatId), { message: "Bula" }, {})).statusCode).toBe(401);
      expect((await post(textUrl(999_999), { message: "Bula" })).statusCode).toBe(404);
      expect(await db().select().from(textOutbox)).toHaveLength(0);
      expect(await db().select().from(auditLog).where(eq(auditLog.action, "text.one-off"))).toHaveLength(0);
    });
  });

  describe("the daily cap", () => {
    it("tells staff once a Fiji day, by e-mail, when the cap holds texts back, and the dashboard says so", async () => {
      // The cap is 3 parts: the first text takes 2, the second 2, so the second and third wait.
      await enqueueTexts(
        db(),
        [1, 2, 3].map((n) => ({
          to: `+67970${n}2345`,
          kind: "offer",
          body: `${n}`.repeat(n === 3 ? 1 : 200),
        })),
        NOON,
      );
      const publicUrl = t.app.env.PUBLIC_URL;
      const options = { now: () => NOON, allowedCountries: ["679"], dailySegmentCap: 3 };
      const first = createTextOutboxWorker(db(), t.app.sms, silentLog, {
        ...options,
        onCapReached: async (at) => {
          await noteTextCapReached(db(), { cap: 3, publicUrl, staffEmail: async () => STAFF_EMAIL }, at);
        },
      });
      await first.drain();
      const rows = await db().select().from(textOutbox).orderBy(textOutbox.id);
      expect(rows.map((row) => row.status)).toEqual(["sent", "pending", "sent"]);
      expect(rows[1]?.lastError).toBe("daily segment cap");
      expect(await db().select().from(textCapNotices)).toEqual([{ day: "2026-03-04", at: NOON }]);

      const mails = await db().select().from(emailOutbox);
      expect(mails).toHaveLength(1);
      expect(mails[0]).toMatchObject({
        to: STAFF_EMAIL,
        subject: "Texts: today's limit of 3 SMS parts is reached",
      });
      expect(mails[0]?.text).toContain("1 text is\nwaiting; they go tomorrow from 08:00 Fiji time.");
      expect(mails[0]?.text).toContain("set SMS_DAILY_SEGMENT_CAP");

      // Another instance (or a restart) on the same day adds no second e-mail.
      await db().update(textOutbox).set({ nextAttemptAt: NOON });
      await createTextOutboxWorker(db(), t.app.sms, silentLog, {
        ...options,
        onCapReached: async (at) => {
          await noteTextCapReached(db(), { cap: 3, publicUrl, staffEmail: async () => STAFF_EMAIL }, at);
        },
      }).drain();
      expect(await db().select().from(emailOutbox)).toHaveLength(1);
    });

    it("the app's own worker queues the e-mail and the texts view shows the notice while today's cap is reached", async () => {
      expect((await get("/api/admin/texts/cap")).json()).toEqual({ reached: false, cap: 3, waiting: 0 });
      const now = new Date();
      await enqueueTexts(
        db(),
        [1, 2].map((n) => ({ to: `+67970${n}2345`, kind: "offer", body: "y".repeat(200), immediate: true })),
        now,
      );
      await t.app.textOutbox.drain();
      const cap = (await get("/api/admin/texts/cap")).json();
      expect(cap).toEqual({ reached: true, cap: 3, waiting: 1 });
      expect(await db().select({ day: textCapNotices.day }).from(textCapNotices)).toEqual([
        { day: fijiToday(now) },
      ]);
      const [mail] = await db().select().from(emailOutbox);
      expect(mail?.to).toBe(STAFF_EMAIL);
      expect(mail?.text).toBe(
        textCapEmail(STAFF_EMAIL, 3, 1, `${t.app.env.PUBLIC_URL}/admin/dashboard`).text,
      );
    });
  });
});

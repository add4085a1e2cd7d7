// Issue 34, "Done when": an applicant who ticks "Text me" on the form gets the code, confirms it, and gets the held
// (whose "confirm by phone" link keeps the hold), offer, confirmed and reminder texts of a whole booking, read as the text files a fresh install writes under DATA_DIR/sms, with links that lead through /t/ to the
// right pages; the stop link's page ends them (a text already queued is dropped, a later one is never queued) and
// can start them again. A number shared by two applications: the opt-out stops both, one's consent is not the
// other's. Then the short links, the opt-out API, the send-time drops and the signed STOP/HELP webhook.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { and, eq } from "drizzle-orm";
import twilio from "twilio";
import { beforeEach, describe, expect, it } from "vitest";
import {
  certificates,
  coursePayments,
  emailOutbox,
  enrollments,
  intakes,
  seats,
  textConsents,
  textLinks,
  textOptOuts,
  textOutbox,
} from "../../server/db/schema";
import { SMS_DIR } from "../../server/integrations/sms/file-sms";
import {
  BLANKED_TEXT_BODY,
  CONSENT_WITHDRAWN,
  createTextOutboxWorker,
  enqueueTexts,
  NUMBER_STOPPED,
} from "../../server/integrations/sms/text-outbox";
import { textableApplication } from "../../server/sms/applicant-texts";
import { courseStart } from "../../server/sms/booking-texts";
import { isGsm7, segments } from "../../server/sms/sms-text";
import { settleContextFor } from "../../server/training/fee-payments";
import { settleCoursePayment } from "../../server/training/fee-settle";
import { coursePaymentPath } from "../../server/training/fee-token";
import { sendTrainingNotices } from "../../server/training/reminders";
import { acceptPlace, declinePlace } from "../../server/training/seat-lifecycle";
import { addDays } from "../../shared/calendar-dates";
import { endOfFijiDay, fijiToday } from "../../shared/fiji-time";
import { DEFAULT_SETTINGS } from "../../shared/settings";
import { START_BUTTON, STOP_BUTTON, stoppedLine } from "../../shared/text-stop";
import { TEXT_CONSENT_VERSION } from "../../shared/texts";
import { applyFor } from "../helpers/applicant";
import { withCertificateClass } from "../helpers/certificate-class";
import { insertCourseIntake, STAFF_ACTION } from "../helpers/course-payment";
import { sampleEnrollment } from "../helpers/enrollment-samples";
import { postFromSite, SITE_ORIGIN, withTestApp } from "../helpers/test-app";

const silentLog = { warn() {}, error() {}, info() {} } as never;
const NUMBER = "+6797012345";
const MASKED = "+679 70•••45";
/** A moment of a Fiji day, "HH:MM" there. */
const fiji = (date: string, time: string) => courseStart(date, time);

describe("texts of a booking", () => {
  const t = withTestApp({ env: { RATE_LIMIT_PUBLIC_PER_MINUTE: "0" } });
  const db = () => t.database.db;
  let clock = new Date();
  const worker = () =>
    createTextOutboxWorker(db(), t.app.sms, silentLog, {
      now: () => clock,
      allowedCountries: ["679"],
      dailySegmentCap: 500,
    });
  /** Sends what is due at `at`, as the running worker would. */
  const drainAt = async (at: Date) => {
    clock = at;
    await worker().drain();
  };

  /** The text files, oldest first, as a person reads them: the number, then the body. */
  function textFiles(): { to: string; body: string }[] {
    const dir = join(t.app.env.DATA_DIR, SMS_DIR);
    let names: string[] = [];
    try {
      names = readdirSync(dir).sort();
    } catch {
      return [];
    }
    return names.map((name) => {
      const [head = "", body = ""] = readFileSync(join(dir, name), "utf8").split("\n\n");
      return { to: /^To: (.+)$/m.exec(head)?.[1] ?? "", body: body.replace(/\n$/, "") };
    });
  }
  const linksIn = (body: string) =>
    [...body.matchAll(/https:\/\/rpas\.example\.test\/t\/(\w{10})/g)].map((m) => m[1] as string);
  /** Where a short link leads: the Location of its 302. */
  async function follow(code: string): Promise<string> {
    const res = await t.app.inject({ method: "GET", url: `/t/${code}` });
    expect(res.statusCode).toBe(302);
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.headers["referrer-policy"]).toBe("no-referrer");
    return String(res.headers.location);
  }

  /** What the consent step (another part of issue 34) leaves behind: texts wanted, the number confirmed. */
  async function wantsTexts(enrollmentId: number, number = NUMBER) {
    await db()
      .update(enrollments)
      .set({ phoneE164: number, textsWanted: true, textChannel: "sms", phoneConfirmedAt: new Date() })
      .where(eq(enrollments.id, enrollmentId));
    await db()
      .insert(textConsents)
      .values({ enrollmentId, given: true, version: TEXT_CONSENT_VERSION, via: "form", ip: "127.0.0.1" });
  }

  async function seatOf(enrollmentId: number) {
    const [seat] = await db().select().from(seats).where(eq(seats.enrollmentId, enrollmentId));
    if (!seat) throw new Error("no seat");
    return seat;
  }

  /** The card provider's word that `amountCents` was paid towards the seat, as its webhook brings it. */
  async function pay(seatId: number, enrollmentId: number, intakeId: number, amountCents: number, at: Date) {
    const reference = `CFP-TEXT${seatId}${amountCents}`;
    await db().insert(coursePayments).values({
      reference,
      seatId,
      enrollmentId,
      intakeId,
      email: "payer@example.fj",
      kind: "full",
      method: "card",
      amountCents,
      status: "pending",
    });
    return settleCoursePayment(
      await settleContextFor(t.app),
      {
        provider: "stripe",
        eventId: `evt_${reference}`,
        eventType: "payment_intent.succeeded",
        reference,
        providerReference: `pi_${reference}`,
        method: "card",
        paid: true,
        amountCents,
        email: null,
      },
      at,
    );
  }

  beforeEach(async () => {
    await db().delete(textOutbox);
    await db().delete(textOptOuts);
    await db().delete(emailOutbox);
  });

  it("the code, then held, offer, confirmed and reminder texts arrive; the stop link ends them, queued and later alike", async () => {
    const intakeId = await insertCourseIntake(db(), { startsInDays: 30, feeCents: 150_000 });
    const laterIntakeId = await insertCourseIntake(db(), { startsInDays: 60, feeCents: 150_000 });
    const start = addDays(fijiToday(), 30);
    const today = fijiToday();

    // Today she applies on the form, ticking "Text me about my application"; the code comes at once, she types it on
    // the page, and the seat-held text follows (both answer her own action, so they go whatever the hour). Staff
    // accept at 10:00 Fiji tomorrow (a day's texts to one number are capped at 3).
    const form = await postFromSite(t.app, "/api/enrollment/basic", {
      ...sampleEnrollment("basic"),
      firstName: "Mākereta",
      email: "makereta.done@example.fj",
      phone: "701 2345",
      formElapsedMs: 60_000,
      intakeId,
      textMe: true,
    });
    expect(form.statusCode, form.body).toBe(201);
    const { id: enrollmentId, phoneCheck } = form.json() as { id: number; phoneCheck: { token: string } };
    expect(phoneCheck.token).toBeTruthy();
    const applied = { enrollmentId, email: "makereta.done@example.fj" };
    // The app's own worker sends it the moment the application is stored.
    await t.app.textOutbox.drain();
    const [codeText] = textFiles();
    expect(codeText?.to).toBe(NUMBER);
    const code = /^(\d{6}) is your /.exec(codeText?.body ?? "")?.[1];
    expect(code, codeText?.body).toBeTruthy();
    const confirmedNumber = await postFromSite(t.app, "/api/texts/confirm-number", {
      token: phoneCheck.token,
      code,
    });
    expect(confirmedNumber.statusCode, confirmedNumber.body).toBe(200);
    await t.app.textOutbox.drain();
    const [, held, ...none] = textFiles();
    expect(none).toEqual([]);
    expect(held?.body).toMatch(/^Bula, your seat on the Basic RPAS Pilot course starting .* is held\./);
    // Its "confirm by phone" link keeps the hold as the e-mail's link does, and is recorded as such.
    const confirmPath = new URL(await follow(linksIn(held?.body ?? "")[0] as string), SITE_ORIGIN);
    expect(confirmPath.pathname).toBe("/my-training/confirm");
    const kept = await postFromSite(t.app, "/api/training/confirm", {
      token: confirmPath.searchParams.get("token"),
      via: confirmPath.searchParams.get("via"),
    });
    expect(kept.statusCode, kept.body).toBe(200);
    const seat = await seatOf(applied.enrollmentId);
    expect(seat.addressConfirmedVia).toBe("text");
    const acceptedAt = fiji(addDays(today, 1), "10:00");
    expect((await acceptPlace(db(), seat.id, DEFAULT_SETTINGS, STAFF_ACTION, acceptedAt)).outcome).toBe(
      "done",
    );
    // The e-mail goes on exactly as before.
    const offerMail = await db().select().from(emailOutbox).where(eq(emailOutbox.to, applied.email));
    expect(offerMail.map((m) => m.subject).some((s) => /is offered: pay by/.test(s))).toBe(true);
    await drainAt(new Date(acceptedAt.getTime() + 60_000));

    // The fee is paid by card an hour later.
    const paidAt = new Date(acceptedAt.getTime() + 3_600_000);
    const settled = await pay(seat.id, applied.enrollmentId, intakeId, 150_000, paidAt);
    expect(settled.outcome).toBe("confirmed");
    expect(settled.emails[0]?.subject).toMatch(/receipt|Receipt|payment/i);
    await drainAt(new Date(paidAt.getTime() + 60_000));

    // The hourly job's first run on the day before: the reminder waits for 08:00, then goes.
    const dayBefore = addDays(start, -1);
    const context = { publicUrl: SITE_ORIGIN, staffEmail: null };
    expect(await sendTrainingNotices(db(), DEFAULT_SETTINGS, context, fiji(dayBefore, "00:30"))).toBe(1);
    await drainAt(fiji(dayBefore, "00:35"));
    expect(textFiles()).toHaveLength(4);
    await drainAt(fiji(dayBefore, "08:05"));

    const [, , offer, confirmed, reminder, ...more] = textFiles();
    expect(more).toEqual([]);
    for (const text of [offer, confirmed, reminder]) {
      expect(text?.to).toBe(NUMBER);
      expect(isGsm7(text?.body ?? "")).toBe(true);
      expect(segments(text?.body ?? "").segments).toBeLessThanOrEqual(2);
      // Mākereta is not GSM-7: the text greets nobody by name rather than switching to UCS-2.
      expect(text?.body.startsWith("Bula, ")).toBe(true);
      expect(text?.body).toMatch(/\nStop texts: https:\/\/rpas\.example\.test\/t\/\w{10}$/);
    }
    const [payBy] = (
      await db().select({ at: seats.offerExpiresAt }).from(seats).where(eq(seats.id, seat.id))
    ).map((row) => row.at);
    const deadline = new Intl.DateTimeFormat("en-GB", {
      weekday: "short",
      day: "numeric",
      month: "short",
      timeZone: "Pacific/Fiji",
    }).format(payBy ?? new Date());
    expect(offer?.body).toContain("your place on the Basic RPAS Pilot course");
    expect(offer?.body).toContain(`Pay FJD 1,500.00 by ${deadline} `);
    expect(offer?.body).toContain("Fiji time to keep it: https://rpas.example.test/t/");
    const [payCode, offerStopCode] = linksIn(offer?.body ?? "");
    expect(await follow(payCode as string)).toBe(coursePaymentPath(t.app.payLinkKey, seat.id));
    // The page that link opens shows the place's payment.
    const payPage = new URL(await follow(payCode as string), SITE_ORIGIN);
    const summary = await t.app.inject({
      method: "GET",
      url: `/api/training/places/${payPage.searchParams.get("place")}/payment?token=${payPage.searchParams.get("token")}`,
    });
    expect(summary.statusCode).toBe(200);
    expect(await follow(offerStopCode as string)).toBe(`/texts/stop?token=${offerStopCode}`);

    expect(confirmed?.body).toContain("we received FJD 1,500.00 for the Basic RPAS Pilot course");
    expect(confirmed?.body).toContain("Your place is confirmed.");
    expect(reminder?.body).toContain("your Basic RPAS Pilot course starts tomorrow");
    expect(reminder?.body).toContain("8:30 am to 4:30 pm");
    expect(reminder?.body).toContain("Venue: Suva");

    // Her second application (same number) is accepted that night: its offer text waits for the morning.
    const second = await applyFor(t, "makereta", laterIntakeId);
    await wantsTexts(second.enrollmentId);
    const secondSeat = await seatOf(second.enrollmentId);
    await acceptPlace(db(), secondSeat.id, DEFAULT_SETTINGS, STAFF_ACTION, fiji(dayBefore, "22:00"));
    const [waiting] = await db()
      .select()
      .from(textOutbox)
      .where(eq(textOutbox.enrollmentId, second.enrollmentId));
    expect(waiting?.status).toBe("pending");

    // She opens the stop link of the reminder: one page, one button, nothing changed by opening it.
    const stopCode = linksIn(reminder?.body ?? "").at(-1) as string;
    const pagePath = await follow(stopCode);
    const page = await t.app.inject({ method: "GET", url: pagePath });
    expect(page.statusCode).toBe(200);
    expect(page.headers["cache-control"]).toBe("no-store");
    expect(page.headers["x-robots-tag"]).toBe("noindex");
    expect(page.body).toContain(`Stop texts to ${MASKED}?`);
    expect(page.body).toContain(STOP_BUTTON);
    expect(page.body).toContain('<form method="post" action="/texts/stop">');
    expect(await db().select().from(textOptOuts)).toEqual([]);
    // The button is a native form post (no script needed).
    const stopped = await postFromSite(t.app, "/texts/stop", `token=${stopCode}`, {
      "content-type": "application/x-www-form-urlencoded",
    });
    expect(stopped.statusCode).toBe(303);
    expect(stopped.headers.location).toBe(pagePath);
    const after = await t.app.inject({ method: "GET", url: pagePath });
    expect(after.body).toContain(stoppedLine(MASKED));
    expect(after.body).toContain(START_BUTTON);
    expect(await db().select({ via: textOptOuts.via }).from(textOptOuts)).toEqual([{ via: "link" }]);
    // Each application that wanted texts records the withdrawal, and how.
    const withdrawn = await db()
      .select({ enrollmentId: textConsents.enrollmentId, via: textConsents.via })
      .from(textConsents)
      .where(eq(textConsents.given, false));
    expect(withdrawn.map((row) => row.enrollmentId).sort()).toEqual(
      [applied.enrollmentId, second.enrollmentId].sort(),
    );
    expect(new Set(withdrawn.map((row) => row.via))).toEqual(new Set(["opt-out"]));

    // In the morning the queued offer text is dropped, not sent.
    await drainAt(fiji(start, "08:05"));
    const [dropped] = await db()
      .select()
      .from(textOutbox)
      .where(eq(textOutbox.enrollmentId, second.enrollmentId));
    expect(dropped).toMatchObject({ status: "dropped", lastError: NUMBER_STOPPED });
    // A later text (the payment of that place) is not even queued; its e-mail goes as before.
    const laterPay = await pay(
      secondSeat.id,
      second.enrollmentId,
      laterIntakeId,
      150_000,
      fiji(start, "09:00"),
    );
    expect(laterPay.emails).toHaveLength(1);
    expect(await db().select().from(textOutbox).where(eq(textOutbox.kind, "confirmed"))).toHaveLength(1);
    await drainAt(fiji(start, "09:05"));
    expect(textFiles()).toHaveLength(5);

    // "Start them again" lifts the number's stop only: each application's consent history stays as it was.
    const consentsBefore = await db().select().from(textConsents);
    const started = await postFromSite(t.app, "/texts/start", `token=${stopCode}`, {
      "content-type": "application/x-www-form-urlencoded",
    });
    expect(started.statusCode).toBe(303);
    expect(await db().select().from(textOptOuts)).toEqual([]);
    expect(await db().select().from(textConsents)).toEqual(consentsBefore);
    expect((await t.app.inject({ method: "GET", url: pagePath })).body).toContain(STOP_BUTTON);
  });

  it("a number shared by two applications: the opt-out stops both; one's consent is not the other's", async () => {
    const intakeId = await insertCourseIntake(db(), { startsInDays: 20 });
    const shared = "+6797654321";
    const parent = await applyFor(t, "sina", intakeId);
    const child = await applyFor(t, "ana", intakeId);
    await wantsTexts(parent.enrollmentId, shared);
    // The other application gave the same number but did not tick "Text me".
    await db().update(enrollments).set({ phoneE164: shared }).where(eq(enrollments.id, child.enrollmentId));
    const at = fiji(fijiToday(), "11:00");
    await acceptPlace(db(), (await seatOf(parent.enrollmentId)).id, DEFAULT_SETTINGS, STAFF_ACTION, at);
    await acceptPlace(db(), (await seatOf(child.enrollmentId)).id, DEFAULT_SETTINGS, STAFF_ACTION, at);
    const queued = await db().select().from(textOutbox);
    expect(queued.map((row) => row.enrollmentId)).toEqual([parent.enrollmentId]);

    const [stopLink] = await db()
      .select({ code: textLinks.code })
      .from(textLinks)
      .where(and(eq(textLinks.kind, "stop"), eq(textLinks.toE164, shared)));
    const res = await postFromSite(t.app, "/api/texts/stop", { token: stopLink?.code });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ number: "+679 76•••21", stopped: true });
    expect(await textableApplication(db(), parent.enrollmentId)).toBeNull();
    // Only the application that wanted texts records a withdrawal.
    const withdrawals = await db()
      .select({ id: textConsents.enrollmentId })
      .from(textConsents)
      .where(and(eq(textConsents.given, false), eq(textConsents.enrollmentId, child.enrollmentId)));
    expect(withdrawals).toEqual([]);

    // The child's own consent, given later, is held back by the number's stop too.
    await wantsTexts(child.enrollmentId, shared);
    expect(await textableApplication(db(), child.enrollmentId)).toBeNull();
    await postFromSite(t.app, "/api/texts/start", { token: stopLink?.code });
    expect(await textableApplication(db(), parent.enrollmentId)).not.toBeNull();
    expect(await textableApplication(db(), child.enrollmentId)).not.toBeNull();
    // Withdrawn at /my-training: that application is no longer texted; the other still is.
    await db().update(enrollments).set({ textsWanted: false }).where(eq(enrollments.id, child.enrollmentId));
    expect(await textableApplication(db(), child.enrollmentId)).toBeNull();
    expect(await textableApplication(db(), parent.enrollmentId)).not.toBeNull();
  });

  it("drops at send time a text whose application no longer wants texts; blanks a sent code", async () => {
    const intakeId = await insertCourseIntake(db(), { startsInDays: 20 });
    const applied = await applyFor(t, "litia", intakeId);
    await wantsTexts(applied.enrollmentId, "+6797011111");
    const noon = fiji(fijiToday(), "12:00");
    await enqueueTexts(
      db(),
      [
        { to: "+6797011111", kind: "offer", body: "Your offer", enrollmentId: applied.enrollmentId },
        { to: "+6797011111", kind: "code", body: "Your code is 123456", immediate: true, sensitive: true },
      ],
      noon,
    );
    await db()
      .update(enrollments)
      .set({ textsWanted: false })
      .where(eq(enrollments.id, applied.enrollmentId));
    const before = textFiles().length;
    await drainAt(noon);
    const rows = await db().select().from(textOutbox).orderBy(textOutbox.id);
    expect(rows.map((row) => [row.kind, row.status, row.lastError])).toEqual([
      ["offer", "dropped", CONSENT_WITHDRAWN],
      ["code", "sent", null],
    ]);
    expect(rows[1]?.body).toBe(BLANKED_TEXT_BODY);
    expect(
      textFiles()
        .slice(before)
        .map((file) => file.body),
    ).toEqual(["Your code is 123456"]);
  });
});

describe("short links and the opt-out API", () => {
  const t = withTestApp();
  const db = () => t.database.db;
  const DAY = 86_400_000;

  async function link(code: string, target: string, expiresAt: Date, kind = "pay") {
    await db().insert(textLinks).values({ code, target, kind, toE164: NUMBER, expiresAt });
  }

  it("a live link leads to its path on this site; an expired one says so (410); an unknown one is 404", async () => {
    await link("LiveLink01", "/course-payment?place=1&token=abc", new Date(Date.now() + DAY));
    await link("OldLink001", "/course-payment?place=1&token=abc", new Date(Date.now() - 1000));
    await link("OtherHost1", "//evil.example/x", new Date(Date.now() + DAY));
    const live = await t.app.inject({ method: "GET", url: "/t/LiveLink01" });
    expect(live.statusCode).toBe(302);
    expect(live.headers.location).toBe("/course-payment?place=1&token=abc");
    const old = await t.app.inject({ method: "GET", url: "/t/OldLink001" });
    expect(old.statusCode).toBe(410);
    expect(old.headers["content-type"]).toMatch(/^text\/html/);
    expect(old.headers["cache-control"]).toBe("no-store");
    expect(old.headers["referrer-policy"]).toBe("no-referrer");
    expect(old.body).toContain("This link has expired");
    expect(old.body).toContain('href="/my-training"');
    for (const url of ["/t/NoSuchLink", "/t/OtherHost1", "/t/bad%2Fcode"]) {
      const res = await t.app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers.location).toBeUndefined();
      expect(res.body).toContain("This link does not work");
    }
  });

  it("the opt-out API: state, stop, start; unknown or expired links are a clear 4xx", async () => {
    await link("StopLink01", "/texts/stop?token=StopLink01", new Date(Date.now() + DAY), "stop");
    await link("StopOld001", "/texts/stop?token=StopOld001", new Date(Date.now() - 1000), "stop");
    const state = await t.app.inject({ method: "GET", url: "/api/texts/stop?token=StopLink01" });
    expect(state.json()).toEqual({ number: MASKED, stopped: false });
    expect((await postFromSite(t.app, "/api/texts/stop", { token: "StopLink01" })).json()).toEqual({
      number: MASKED,
      stopped: true,
    });
    expect(
      (await t.app.inject({ method: "GET", url: "/api/texts/stop?token=StopLink01" })).json().stopped,
    ).toBe(true);
    expect((await postFromSite(t.app, "/api/texts/start", { token: "StopLink01" })).json().stopped).toBe(
      false,
    );
    const unknown = await postFromSite(t.app, "/api/texts/stop", { token: "nope" });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toMatch(/not one of ours/);
    const expired = await t.app.inject({ method: "GET", url: "/api/texts/stop?token=StopOld001" });
    expect(expired.statusCode).toBe(410);
    expect((await t.app.inject({ method: "GET", url: "/api/texts/stop" })).statusCode).toBe(400);
    // A pay link's code is not a stop link.
    await link("PayLink001", "/course-payment?place=1&token=abc", new Date(Date.now() + DAY));
    expect((await postFromSite(t.app, "/api/texts/stop", { token: "PayLink001" })).statusCode).toBe(404);
    // The page answers an expired or unknown link with a page, not a stack trace.
    expect((await t.app.inject({ method: "GET", url: "/texts/stop?token=StopOld001" })).statusCode).toBe(410);
    expect((await t.app.inject({ method: "GET", url: "/texts/stop" })).body).toContain(
      "Use the link in your text",
    );
    expect((await t.app.inject({ method: "GET", url: "/texts/stop?token=nothing" })).statusCode).toBe(404);
    // A post from another site is refused like any other.
    const forged = await t.app.inject({
      method: "POST",
      url: "/texts/stop",
      payload: "token=StopLink01",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://evil.example" },
    });
    expect(forged.statusCode).toBe(403);
  });
});

describe("STOP and HELP replies (Twilio's inbound webhook)", () => {
  const AUTH_TOKEN = "inbound-test-token";
  const t = withTestApp({
    env: {
      TWILIO_ACCOUNT_SID: `AC${"0".repeat(32)}`,
      TWILIO_AUTH_TOKEN: AUTH_TOKEN,
      TWILIO_FROM: "+15017122661",
    },
  });
  const db = () => t.database.db;
  const PATH = "/api/sms/inbound";

  function reply(body: string, signature?: string) {
    const params = { From: NUMBER, To: "+15017122661", Body: body, MessageSid: "SM123" };
    return t.app.inject({
      method: "POST",
      url: PATH,
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        "x-twilio-signature":
          signature ?? twilio.getExpectedTwilioSignature(AUTH_TOKEN, `${SITE_ORIGIN}${PATH}`, params),
      },
      payload: new URLSearchParams(params).toString(),
    });
  }

  it("STOP stops the number, START lifts it, HELP answers who we are; forged or unsigned is 403", async () => {
    const stop = await reply("Stop");
    expect(stop.statusCode).toBe(200);
    expect(stop.headers["content-type"]).toMatch(/^text\/xml/);
    expect(stop.body).toContain("<Response></Response>");
    expect(await db().select({ to: textOptOuts.toE164, via: textOptOuts.via }).from(textOptOuts)).toEqual([
      { to: NUMBER, via: "keyword" },
    ]);
    expect((await reply("START")).statusCode).toBe(200);
    expect(await db().select().from(textOptOuts)).toEqual([]);
    const help = await reply("help");
    expect(help.body).toMatch(
      /<Message>Pacific Sky RPAS: texts about your training application\. Help: \+679 330 1234/,
    );
    expect(help.body).toContain("Reply STOP to end texts");
    expect((await reply("STOP", "Zm9yZ2Vk")).statusCode).toBe(403);
    const unsigned = await t.app.inject({
      method: "POST",
      url: PATH,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: `From=${encodeURIComponent(NUMBER)}&Body=STOP`,
    });
    expect(unsigned.statusCode).toBe(403);
    expect(await db().select().from(textOptOuts)).toEqual([]);
  });
});

describe("the waitlist offer, the balance reminder and the certificate", () => {
  const c = withCertificateClass();
  const db = () => c.t.database.db;

  async function wantsTexts(enrollmentId: number, number: string) {
    await db()
      .update(enrollments)
      .set({ phoneE164: number, textsWanted: true, textChannel: "sms", phoneConfirmedAt: new Date() })
      .where(eq(enrollments.id, enrollmentId));
  }
  const textsOf = (enrollmentId: number) =>
    db().select().from(textOutbox).where(eq(textOutbox.enrollmentId, enrollmentId)).orderBy(textOutbox.id);
  async function follow(body: string | null, index: number): Promise<string> {
    const code = [...(body ?? "").matchAll(/https:\/\/rpas\.example\.test\/t\/(\w{10})/g)][index]?.[1];
    const res = await c.t.app.inject({ method: "GET", url: `/t/${code}` });
    expect(res.statusCode).toBe(302);
    return String(res.headers.location);
  }

  it("a freed seat offered from the waitlist is texted with its pay link", async () => {
    const intakeId = await insertCourseIntake(db(), { startsInDays: 25 });
    const [first, next] = [
      await c.trainee({ intakeId, state: "held" }),
      await c.trainee({ intakeId, state: "waitlisted" }),
    ];
    await db().update(intakes).set({ seats: 1 }).where(eq(intakes.id, intakeId));
    await wantsTexts(next.enrollmentId, "+6797022222");
    const at = courseStart(fijiToday(), "11:00");
    expect((await declinePlace(db(), first.seatId, DEFAULT_SETTINGS, STAFF_ACTION, at)).outcome).toBe("done");
    const [text] = await textsOf(next.enrollmentId);
    expect(text?.kind).toBe("waitlist-offer");
    expect(text?.body).toMatch(
      /^Bula Mere\d+, a seat is free for you on the Basic RPAS Pilot course .+ Pay FJD 300\.00 by /,
    );
    expect(text?.deadline).not.toBeNull();
    expect(await follow(text?.body ?? null, 0)).toBe(coursePaymentPath(c.t.app.payLinkKey, next.seatId));
  });

  it("a deposit's balance reminder carries the amount, the due day and the pay link", async () => {
    const intakeId = await insertCourseIntake(db(), {
      startsInDays: 16,
      feeCents: 30_000,
      depositCents: 10_000,
    });
    const place = await c.trainee({ intakeId });
    await wantsTexts(place.enrollmentId, "+6797033333");
    await db()
      .insert(coursePayments)
      .values({
        reference: `CFP-BAL${place.seatId}`,
        seatId: place.seatId,
        enrollmentId: place.enrollmentId,
        intakeId,
        email: place.email,
        kind: "deposit",
        method: "cash",
        amountCents: 10_000,
        status: "paid",
      });
    const context = { publicUrl: SITE_ORIGIN, staffEmail: null };
    expect(await sendTrainingNotices(db(), DEFAULT_SETTINGS, context)).toBe(1);
    const [text] = await textsOf(place.enrollmentId);
    expect(text?.kind).toBe("balance-reminder");
    const due = addDays(fijiToday(), 2);
    expect(text?.body).toContain(`the balance of FJD 200.00 for your Basic RPAS Pilot course is due by `);
    expect(text?.deadline?.getTime()).toBe(endOfFijiDay(due)?.getTime());
    expect(await follow(text?.body ?? null, 0)).toBe(coursePaymentPath(c.t.app.payLinkKey, place.seatId));
  });

  it("the certificate is texted with its verification link; not after the number stopped", async () => {
    const intakeId = await c.pastIntake();
    const place = await c.trainee({ intakeId });
    await wantsTexts(place.enrollmentId, "+6797044444");
    await c.attendAll(place.seatId, intakeId);
    expect((await c.setResult(place.seatId, { result: "passed" })).statusCode).toBe(200);
    const [cert] = await db().select().from(certificates).where(eq(certificates.seatId, place.seatId));
    const [text] = await textsOf(place.enrollmentId);
    expect(text?.kind).toBe("certificate");
    expect(text?.body).toContain(
      `your certificate ${cert?.number} (CAAF Basic RPAS Pilot Certificate) is issued`,
    );
    expect(await follow(text?.body ?? null, 0)).toBe(`/verify/${cert?.code}`);
    const [verifyLink] = await db().select().from(textLinks).where(eq(textLinks.kind, "verify"));
    expect(verifyLink?.expiresAt.getTime()).toBeGreaterThan(Date.now() + 4 * 365 * 86_400_000);

    // Another trainee on a stopped number: the e-mail goes, the text does not.
    const other = await c.trainee({ intakeId });
    await wantsTexts(other.enrollmentId, "+6797055555");
    await db().insert(textOptOuts).values({ toE164: "+6797055555", via: "link" });
    await c.attendAll(other.seatId, intakeId);
    expect((await c.setResult(other.seatId, { result: "passed" })).statusCode).toBe(200);
    expect(await textsOf(other.enrollmentId)).toEqual([]);
    expect((await c.mailTo(other.email))?.subject).toMatch(/certificate/i);
  });
});

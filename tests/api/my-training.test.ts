// Applicant self-service: the application e-mail's confirm link (opening it changes nothing, its button confirms),
// the signed-in list of one's own applications, a place's calendar file, and cancelling a place, which frees the
// seat for the waitlist. Someone else's place is a 404, exactly like one that does not exist.
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { coursePayments, courseRefunds, emailOutbox, seats } from "../../server/db/schema";
import { confirmToken } from "../../server/training/applicant-token";
import { addDays } from "../../server/training/calendar";
import { CONFIRM_LINK_EXPIRED_MESSAGE, CONFIRM_LINK_INVALID_MESSAGE } from "../../shared/applicant";
import { fijiToday } from "../../shared/fiji-time";
import { insertIntake } from "../helpers/admin-session";
import { sampleEnrollment } from "../helpers/enrollment-samples";
import { latestMailTo } from "../helpers/outbox-mail";
import { signInSubscriber } from "../helpers/subscriber";
import { postFromSite, withTestApp } from "../helpers/test-app";

const DAY = 24 * 60 * 60 * 1000;

describe("my training", () => {
  let intakeId: number;
  let serial = 0;
  const t = withTestApp({ env: { RATE_LIMIT_PUBLIC_PER_MINUTE: "0" } });

  /** Applies for the intake through the real form endpoint; answers the e-mail, enrollment id and confirm token. */
  async function apply(name: string, intake = intakeId) {
    serial += 1;
    const email = `${name}${serial}@example.fj`;
    const res = await postFromSite(t.app, "/api/enrollment/basic", {
      ...sampleEnrollment("basic"),
      email,
      formElapsedMs: 60_000,
      intakeId: intake,
    });
    expect(res.statusCode).toBe(201);
    await t.app.outbox.drain();
    const mail = latestMailTo(t.app.env.DATA_DIR, email) ?? "";
    const token = /\/my-training\/confirm\?token=([\w.-]+)/.exec(mail)?.[1];
    if (!token) throw new Error(`no confirm link in:\n${mail}`);
    return { email, enrollmentId: res.json().id as number, token, mail };
  }

  const seatOf = async (email: string) =>
    (await t.database.db.select().from(seats).where(eq(seats.email, email)))[0];
  const get = (url: string, cookie?: string) =>
    t.app.inject({ method: "GET", url, headers: cookie ? { cookie } : {} });
  const post = (url: string, payload?: object, cookie?: string) =>
    postFromSite(t.app, url, payload ?? {}, cookie ? { cookie } : {});

  beforeEach(async () => {
    await t.database.db.delete(emailOutbox);
    intakeId = await insertIntake(t.database.db, 30, "Nadi", 1);
  });

  describe("the confirm link", () => {
    it("is in the application e-mail; opening it shows the application and changes nothing", async () => {
      const ana = await apply("ana");
      expect(ana.mail).toContain("Please confirm your e-mail address so that we keep your seat");
      expect(ana.mail).toContain("You can follow your application at https://rpas.example.test/my-training.");
      const shown = await get(`/api/training/confirm?token=${ana.token}`);
      expect(shown.statusCode).toBe(200);
      expect(shown.json()).toMatchObject({
        courseTitle: "Basic RPAS Pilot",
        status: "held",
        intake: { location: "Nadi", cancelled: false },
        addressConfirmed: false,
      });
      expect((await seatOf(ana.email))?.addressConfirmedAt).toBeNull();
    });

    it("its button's POST confirms the address, and a second press is harmless", async () => {
      const ben = await apply("ben");
      const res = await post("/api/training/confirm", { token: ben.token });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: "held", addressConfirmed: true });
      expect((await seatOf(ben.email))?.addressConfirmedAt).toBeInstanceOf(Date);
      expect((await post("/api/training/confirm", { token: ben.token })).statusCode).toBe(200);
    });

    it("the waitlisted applicant gets a link too", async () => {
      await apply("first");
      const second = await apply("second");
      expect(second.mail).toContain("so that we can offer you a place when one comes free");
      const res = await post("/api/training/confirm", { token: second.token });
      expect(res.json()).toMatchObject({ status: "waitlisted", addressConfirmed: true });
    });

    it("refuses a tampered, malformed or expired token with a clear 4xx message", async () => {
      const cat = await apply("cat");
      const [id, expires, signature] = cat.token.split(".") as [string, string, string];
      const otherId = `${Number(id) + 1}.${expires}.${signature}`;
      const longer = `${id}.${Number(expires) + 1000}.${signature}`;
      for (const token of [otherId, longer, `${id}.${expires}.${"A".repeat(32)}`, "nonsense", ""]) {
        const res = await post("/api/training/confirm", { token });
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toContain(CONFIRM_LINK_INVALID_MESSAGE);
      }
      const old = confirmToken(t.app.confirmLinkKey, cat.enrollmentId, new Date(Date.now() - 8 * DAY));
      for (const res of [
        await get(`/api/training/confirm?token=${old}`),
        await post("/api/training/confirm", { token: old }),
      ]) {
        expect(res.statusCode).toBe(410);
        expect(res.json().message).toBe(CONFIRM_LINK_EXPIRED_MESSAGE);
      }
      expect((await post("/api/training/confirm", {})).statusCode).toBe(400);
      expect((await seatOf(cat.email))?.addressConfirmedAt).toBeNull();
    });
  });

  describe("signed in", () => {
    it("asks to sign in first, and says whether OIDC is offered", async () => {
      const res = await get("/api/training/applications");
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe("Please sign in to see your applications.");
      expect((await get("/api/training/sign-in-options")).json()).toEqual({ oidc: false });
    });

    it("lists only the person's own applications, and signing in confirms their held seats", async () => {
      const dan = await apply("dan");
      await apply("eve");
      const later = await insertIntake(t.database.db, 60, "Suva", 8);
      const again = await postFromSite(t.app, "/api/enrollment/basic", {
        ...sampleEnrollment("basic"),
        email: dan.email,
        formElapsedMs: 60_000,
        intakeId: null,
      });
      expect(again.statusCode).toBe(201);
      const cookie = await signInSubscriber(t.app, dan.email);
      const res = await get("/api/training/applications", cookie);
      expect(res.statusCode).toBe(200);
      const { email, applications } = res.json();
      expect(email).toBe(dan.email);
      expect(applications).toHaveLength(2);
      expect(applications[0]).toMatchObject({ status: "applied", placeId: null, intake: null, cancel: null });
      expect(applications[1]).toMatchObject({
        enrollmentId: dan.enrollmentId,
        status: "held",
        courseTitle: "Basic RPAS Pilot",
        intake: { startDate: addDays(fijiToday(), 30), location: "Nadi" },
        feeCents: 30000,
        paidCents: 0,
        dueCents: null,
        payUrl: null,
        calendarUrl: `/api/training/places/${applications[1].placeId}/calendar.ics`,
        cancel: { paidCents: 0, refundCents: 0 },
        addressConfirmed: true,
      });
      expect((await seatOf(dan.email))?.addressConfirmedAt).toBeInstanceOf(Date);
      expect(later).toBeGreaterThan(0);
    });

    it("shows a waitlist position, and an offer's deadline with its pay link", async () => {
      const first = await apply("fay");
      const second = await apply("gus");
      const seat = await seatOf(first.email);
      const deadline = new Date(Date.now() + 7 * DAY);
      await t.database.db
        .update(seats)
        .set({ state: "offered", offerExpiresAt: deadline })
        .where(eq(seats.id, seat?.id ?? 0));
      const [mine] = (
        await get("/api/training/applications", await signInSubscriber(t.app, first.email))
      ).json().applications;
      expect(mine).toMatchObject({
        status: "offered",
        dueCents: 30000,
        payUrl: `/course-payment?place=${seat?.id}`,
      });
      expect(new Date(mine.offerExpiresAt).getTime()).toBe(deadline.getTime());
      const [theirs] = (
        await get("/api/training/applications", await signInSubscriber(t.app, second.email))
      ).json().applications;
      expect(theirs).toMatchObject({ status: "waitlisted", waitlistPosition: 1, calendarUrl: null });
    });
  });

  describe("a place's calendar file", () => {
    it("is one all-day event on the Fiji dates, with the place and a description", async () => {
      const hal = await apply("hal");
      const seat = await seatOf(hal.email);
      const res = await get(
        `/api/training/places/${seat?.id}/calendar.ics`,
        await signInSubscriber(t.app, hal.email),
      );
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe("text/calendar; charset=utf-8");
      expect(res.headers["content-disposition"]).toMatch(
        /^attachment; filename="course-\d{4}-\d{2}-\d{2}\.ics"$/,
      );
      const ics = res.body.replace(/\r\n /g, "");
      const compact = (date: string) => date.replaceAll("-", "");
      expect(ics).toContain(`DTSTART;VALUE=DATE:${compact(addDays(fijiToday(), 30))}`);
      // The end is exclusive: the day after the fifth and last day.
      expect(ics).toContain(`DTEND;VALUE=DATE:${compact(addDays(fijiToday(), 35))}`);
      expect(ics).toContain("X-WR-TIMEZONE:Pacific/Fiji");
      expect(ics).toContain("SUMMARY:Basic RPAS Pilot course");
      expect(ics).toContain("LOCATION:Nadi");
      expect(ics).toContain(`UID:place-${seat?.id}@rpas.example.test`);
      expect(ics).toMatch(/DESCRIPTION:Basic RPAS Pilot course with .*Nadi/);
    });

    it("is a 404 for someone else's place, a waitlist place and a bad id; a 401 signed out", async () => {
      const ida = await apply("ida");
      const jon = await apply("jon");
      const idaSeat = await seatOf(ida.email);
      const jonSeat = await seatOf(jon.email);
      const jonCookie = await signInSubscriber(t.app, jon.email);
      expect((await get(`/api/training/places/${idaSeat?.id}/calendar.ics`, jonCookie)).statusCode).toBe(404);
      expect((await get(`/api/training/places/${jonSeat?.id}/calendar.ics`, jonCookie)).statusCode).toBe(404);
      expect((await get("/api/training/places/abc/calendar.ics", jonCookie)).statusCode).toBe(404);
      expect((await get(`/api/training/places/${idaSeat?.id}/calendar.ics`)).statusCode).toBe(401);
    });
  });

  describe("cancelling a place", () => {
    it("frees the seat, offers it to the first on the waitlist and e-mails both", async () => {
      const kim = await apply("kim");
      const lee = await apply("lee");
      const kimSeat = await seatOf(kim.email);
      const cookie = await signInSubscriber(t.app, kim.email);
      await t.database.db.delete(emailOutbox);
      const res = await post(`/api/training/places/${kimSeat?.id}/cancel`, {}, cookie);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        status: "cancelled",
        refundCents: 0,
        message: "Your place is cancelled and freed.",
      });
      expect((await seatOf(kim.email))?.state).toBe("cancelled");
      expect((await seatOf(lee.email))?.state).toBe("offered");
      const mails = await t.database.db.select().from(emailOutbox);
      expect(mails.map((m) => [m.to, m.subject]).sort()).toEqual([
        [kim.email, "Your place on the Basic RPAS Pilot course is cancelled"],
        [lee.email, "A place is free for you on the Basic RPAS Pilot course"],
      ]);
      const again = await post(`/api/training/places/${kimSeat?.id}/cancel`, {}, cookie);
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe("This place is cancelled: it cannot be cancelled now.");
    });

    it("after paying, shows the refund the rules give first, and asks for it when cancelled", async () => {
      const soon = await insertIntake(t.database.db, 10, "Labasa", 8);
      const pam = await apply("pam", soon);
      const seat = await seatOf(pam.email);
      await t.database.db
        .update(seats)
        .set({ state: "confirmed" })
        .where(eq(seats.id, seat?.id ?? 0));
      await t.database.db.insert(coursePayments).values({
        reference: "CFP-MYTRAINING",
        seatId: seat?.id,
        enrollmentId: pam.enrollmentId,
        intakeId: soon,
        email: pam.email,
        kind: "full",
        method: "card",
        amountCents: 30000,
        status: "paid",
        paidAt: new Date(),
      });
      const cookie = await signInSubscriber(t.app, pam.email);
      const [listed] = (await get("/api/training/applications", cookie)).json().applications;
      // 10 days before the start: between the partial (7) and full (14) refund limits, so half comes back.
      expect(listed).toMatchObject({
        status: "confirmed",
        paidCents: 30000,
        dueCents: 0,
        payUrl: null,
        cancel: { paidCents: 30000, refundCents: 15000, percent: 50, rule: "partial" },
      });
      const res = await post(`/api/training/places/${seat?.id}/cancel`, {}, cookie);
      expect(res.json()).toEqual({
        status: "cancelled",
        refundCents: 15000,
        message: "Your place is cancelled and freed. A refund of FJD 150 has been requested.",
      });
      const refunds = await t.database.db.select().from(courseRefunds);
      expect(refunds.map((r) => [r.amountCents, r.status])).toEqual([[15000, "requested"]]);
    });

    it("cannot cancel someone else's place (404, nothing changes), nor without signing in", async () => {
      const mia = await apply("mia");
      const ned = await apply("ned");
      const miaSeat = await seatOf(mia.email);
      const nedCookie = await signInSubscriber(t.app, ned.email);
      const res = await post(`/api/training/places/${miaSeat?.id}/cancel`, {}, nedCookie);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe("Place not found.");
      expect((await post(`/api/training/places/${miaSeat?.id}/cancel`)).statusCode).toBe(401);
      expect((await seatOf(mia.email))?.state).toBe("held");
      for (const bad of ["0", "-1", "abc", "99999999999", "1.5"]) {
        expect((await post(`/api/training/places/${bad}/cancel`, {}, nedCookie)).statusCode).toBe(404);
      }
      expect((await post("/api/training/places/424242/cancel", {}, nedCookie)).statusCode).toBe(404);
    });

    it("is refused from another site (CSRF)", async () => {
      const oli = await apply("oli");
      const seat = await seatOf(oli.email);
      const cookie = await signInSubscriber(t.app, oli.email);
      const res = await t.app.inject({
        method: "POST",
        url: `/api/training/places/${seat?.id}/cancel`,
        headers: { cookie, origin: "https://evil.example" },
      });
      expect(res.statusCode).toBe(403);
      expect((await seatOf(oli.email))?.state).toBe("held");
    });
  });
});

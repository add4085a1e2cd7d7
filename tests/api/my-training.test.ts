// Applicant self-service: the application e-mail's confirm link (opening it changes nothing, its button confirms),
// the signed-in list of one's own applications and a place's calendar file (cancelling: my-training-cancel.test.ts).
// Someone else's place is a 404, exactly like one that does not exist.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { seats } from "../../server/db/schema";
import { confirmToken } from "../../server/training/applicant-token";
import { addDays } from "../../server/training/calendar";
import { CONFIRM_LINK_EXPIRED_MESSAGE, CONFIRM_LINK_INVALID_MESSAGE } from "../../shared/applicant";
import { fijiToday } from "../../shared/fiji-time";
import { insertIntake } from "../helpers/admin-session";
import { withApplicants } from "../helpers/applicant";
import { sampleEnrollment } from "../helpers/enrollment-samples";
import { parsedMailsTo } from "../helpers/outbox-mail";
import { signInSubscriber } from "../helpers/subscriber";
import { postFromSite } from "../helpers/test-app";

const DAY = 24 * 60 * 60 * 1000;

describe("my training", () => {
  const { t, apply, seatOf, get, post } = withApplicants();

  describe("the confirm link", () => {
    it("is in the application e-mail; opening it shows the application and changes nothing", async () => {
      const ana = await apply("ana");
      expect(ana.mail).toContain(
        "Confirm your e-mail address with the link below, so that we keep your seat",
      );
      expect(ana.mail).toContain(
        "Follow your application on the My training page:\nhttps://rpas.example.test/my-training\n",
      );
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

  describe("the sign-in code", () => {
    async function askCode(email: string, returnTo: string) {
      const res = await postFromSite(
        t.app,
        "/api/login/email",
        { email, returnTo },
        { origin: t.app.env.PUBLIC_URL },
      );
      await t.app.outbox.drain();
      return res;
    }

    it("asked for at /my-training names My training and greets the applicant by the first name they gave", async () => {
      const gil = await apply("gil");
      expect((await askCode(gil.email, "/my-training")).statusCode).toBe(202);
      const [mail] = (await parsedMailsTo(t.app.env.DATA_DIR, gil.email)).filter((m) =>
        m.subject?.includes("sign-in code"),
      );
      const firstName = sampleEnrollment("basic").firstName;
      expect(mail?.text).toMatch(new RegExp(`^Bula ${firstName},\n`));
      expect(mail?.text).toContain("Use this code to sign in to My training");
      expect(mail?.text).not.toContain("Document Portal");
    });

    it("asked for at the portal names the Document Portal, and says 'Bula,' to an address it knows no name for", async () => {
      const email = "stranger.portal@example.fj";
      expect((await askCode(email, "/portal")).statusCode).toBe(202);
      const [mail] = await parsedMailsTo(t.app.env.DATA_DIR, email);
      expect(mail?.text).toMatch(/^Bula,\n/);
      expect(mail?.text).toContain("Document Portal");
      expect(mail?.text).not.toContain("My training");
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
    it("is a timed event in Fiji time, repeated each course day, with the place and a description", async () => {
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
      // The first day from the start time to the end time (the defaults, 08:30 to 16:30), then daily for 5 days.
      const first = compact(addDays(fijiToday(), 30));
      expect(ics).toContain(`DTSTART;TZID=Pacific/Fiji:${first}T083000`);
      expect(ics).toContain(`DTEND;TZID=Pacific/Fiji:${first}T163000`);
      expect(ics).toMatch(/^RRULE:FREQ=DAILY;COUNT=5\r?$/m);
      expect(ics).not.toContain("VALUE=DATE");
      expect(ics).toMatch(/BEGIN:VTIMEZONE\r\nTZID:Pacific\/Fiji\r\nBEGIN:STANDARD/);
      expect(ics).toContain("TZOFFSETTO:+1200");
      expect(ics).toContain("X-WR-TIMEZONE:Pacific/Fiji");
      expect(ics).toContain("SUMMARY:Basic RPAS Pilot course");
      expect(ics).toContain("LOCATION:Nadi");
      expect(ics).toContain(`UID:place-${seat?.id}@rpas.example.test`);
      expect(ics).toMatch(/DESCRIPTION:Basic RPAS Pilot course with .*8:30 am to 4:30 pm each day .*Nadi/);
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
});

// Holds for real applicants, as time passes: a burst of places from one IP address is flagged to staff (one e-mail
// per address per hour), staff get one list a day of holds waiting more than 3 days (once across two workers,
// nothing when there are none), and an address-confirmed hold nobody decided on is announced 48 hours ahead and
// lapses after 7 days (a setting), its seat going to the waitlist's next. Time is driven as the reminder tests do:
// each job takes the moment it runs at.
import { TZDate } from "@date-fns/tz";
import { eq, inArray, sql } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type Database, type Db, openDatabase } from "../../server/db/client";
import { emailOutbox, jobLeases, noticesSent, seats } from "../../server/db/schema";
import { readSettings } from "../../server/settings/settings";
import { sendHoldLapseNotices, sendHoldsWaitingList } from "../../server/training/hold-reviews";
import { lapseOverduePlaces } from "../../server/training/seat-lifecycle";
import { addDays } from "../../shared/calendar-dates";
import { FIJI_TIME_ZONE, fijiToday } from "../../shared/fiji-time";
import { createStaffAndSignIn, insertEnrollment, insertIntake } from "../helpers/admin-session";
import { applyFor } from "../helpers/applicant";
import { sampleEnrollment } from "../helpers/enrollment-samples";
import { sameSite, withTestApp } from "../helpers/test-app";

const STAFF_EMAIL = "office@rpas.example.fj";
const CONTEXT = { publicUrl: "https://rpas.example.test", staffEmail: STAFF_EMAIL };
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

describe("holds for real applicants", () => {
  const t = withTestApp({ env: { RATE_LIMIT_PUBLIC_PER_MINUTE: "0", STAFF_EMAIL } });
  let cookie: string;
  const db = () => t.database.db;
  const outbox = () => db().select().from(emailOutbox).orderBy(emailOutbox.id);
  const mailsTo = async (to: string) => (await outbox()).filter((mail) => mail.to === to);
  const settings = () => readSettings(db());

  beforeAll(async () => {
    cookie = await createStaffAndSignIn(t.app, t.database.db);
  });
  beforeEach(async () => {
    await db().delete(emailOutbox);
    await db().delete(noticesSent);
    // Earlier tests' holds and offers would be on today's list, or lapse, too.
    await db()
      .update(seats)
      .set({ state: "declined" })
      .where(inArray(seats.state, ["held", "offered", "waitlisted"]));
  });

  function applyFrom(ip: string, email: string, intakeId: number) {
    return t.app.inject({
      method: "POST",
      url: "/api/enrollment/basic",
      payload: { ...sampleEnrollment("basic"), email, formElapsedMs: 60_000, intakeId },
      headers: sameSite,
      remoteAddress: ip,
    });
  }
  const placesList = async (intakeId: number) =>
    (
      await t.app.inject({ method: "GET", url: `/api/admin/intakes/${intakeId}/places`, headers: { cookie } })
    ).json() as { email: string; ipBurstAt: string | null; sourceIp: string | null }[];

  it("more than 3 places from one IP address in an hour are flagged, not refused; staff are e-mailed once", async () => {
    const intakeId = await insertIntake(db(), 30, "Suva", 8);
    const office = "203.0.113.45";
    for (const n of [1, 2, 3]) {
      expect((await applyFrom(office, `office${n}@example.fj`, intakeId)).json().place.outcome).toBe("held");
    }
    // Three are usual: nothing flagged, nobody told.
    expect((await placesList(intakeId)).every((place) => place.ipBurstAt === null)).toBe(true);
    expect(await mailsTo(STAFF_EMAIL)).toHaveLength(3); // the three applications' notifications
    const fourth = await applyFrom(office, "office4@example.fj", intakeId);
    expect(fourth.json().place.outcome).toBe("held");
    await applyFrom("198.51.100.7", "elsewhere@example.fj", intakeId);
    await applyFrom(office, "office5@example.fj", intakeId);
    const listed = await placesList(intakeId);
    expect(listed.map((place) => [place.email, place.ipBurstAt !== null])).toEqual([
      ["office1@example.fj", true],
      ["office2@example.fj", true],
      ["office3@example.fj", true],
      ["office4@example.fj", true],
      ["elsewhere@example.fj", false],
      ["office5@example.fj", true],
    ]);
    expect(listed[0]?.sourceIp).toBe(office);
    const notes = (await mailsTo(STAFF_EMAIL)).filter((mail) => mail.subject.includes("one IP address"));
    expect(notes.map((mail) => mail.subject)).toEqual(["4 places taken from one IP address within an hour"]);
    expect(notes[0]?.text).toMatch(/^Bula,/);
    expect(notes[0]?.text).toContain(office);
    expect(notes[0]?.text).toContain("office4@example.fj");
    // The enrollment card carries the flag too.
    const card = await t.app.inject({
      method: "GET",
      url: "/api/enrollments?q=office4",
      headers: { cookie },
    });
    expect(card.json()[0].training.flag).toMatch(/several places taken from one IP address/);
    // An hour later the same address bursting again is news again.
    await db()
      .update(seats)
      .set({ createdAt: new Date(Date.now() - 2 * HOUR) })
      .where(eq(seats.sourceIp, office));
    await db()
      .update(noticesSent)
      .set({ sentAt: new Date(Date.now() - HOUR - 1000) })
      .where(sql`${noticesSent.key} like 'ip-burst:%'`);
    for (const n of [6, 7, 8, 9]) await applyFrom(office, `office${n}@example.fj`, intakeId);
    const again = (await mailsTo(STAFF_EMAIL)).filter((mail) => mail.subject.includes("one IP address"));
    expect(again).toHaveLength(2);
  });

  /** 09:00 in Fiji on today's Fiji date: after the hour the daily list goes out. */
  const fijiMorning = (plusDays = 0) => {
    const [y, m, d] = addDays(fijiToday(), plusDays).split("-").map(Number);
    return new Date(new TZDate(y ?? 0, (m ?? 1) - 1, d ?? 1, 9, 0, 0, 0, FIJI_TIME_ZONE).getTime());
  };

  async function heldSince(intakeId: number, name: string, since: Date, state: "held" | "offered" = "held") {
    const email = `${name}@example.fj`;
    const enrollmentId = await insertEnrollment(db(), {
      email,
      firstName: name,
      lastName: "Tester",
      intakeId,
    });
    await db()
      .insert(seats)
      .values({ intakeId, enrollmentId, email, mailboxKey: email, state, createdAt: since });
    return email;
  }

  /** A second instance of the app's database: its own connection pool on PostgreSQL; PGlite has one connection. */
  async function secondWorker(): Promise<{ db: Db; close: () => Promise<void> }> {
    if (t.database.driver !== "postgres") return { db: db(), close: async () => {} };
    const result = await db().execute(sql`select current_schema() as schema`);
    const [row] = (result as unknown as { rows: { schema: string }[] }).rows;
    const other: Database = await openDatabase({
      url: process.env.TEST_DATABASE_URL ?? "",
      searchPath: row?.schema ?? "",
    });
    return { db: other.db, close: () => other.close() };
  }

  it("staff's daily list: only holds waiting more than 3 days, once a day across two workers", async () => {
    const morning = fijiMorning();
    const intakeId = await insertIntake(db(), 30, "Labasa", 8);
    const old = await heldSince(intakeId, "waitedfour", new Date(morning.getTime() - 4 * DAY));
    await heldSince(intakeId, "waitedtwo", new Date(morning.getTime() - 2 * DAY));
    await heldSince(intakeId, "offeredlong", new Date(morning.getTime() - 5 * DAY), "offered");
    const other = await secondWorker();
    try {
      const current = await settings();
      // Before 8 in the Fiji morning nothing goes out.
      const dawn = new Date(morning.getTime() - 3 * HOUR);
      expect(await sendHoldsWaitingList(db(), current, CONTEXT, dawn)).toBe(false);
      const sent = await Promise.all([
        sendHoldsWaitingList(db(), current, CONTEXT, morning),
        sendHoldsWaitingList(other.db, current, CONTEXT, morning),
      ]);
      // Each worker runs again in the hour; nothing more today.
      sent.push(await sendHoldsWaitingList(other.db, current, CONTEXT, new Date(morning.getTime() + HOUR)));
      sent.push(await sendHoldsWaitingList(db(), current, CONTEXT, new Date(morning.getTime() + 5 * HOUR)));
      expect(sent.filter(Boolean)).toHaveLength(1);
      const lists = (await mailsTo(STAFF_EMAIL)).filter((mail) => mail.subject.includes("waiting more than"));
      expect(lists.map((mail) => mail.subject)).toEqual([
        "1 held seat is waiting more than 3 days for your decision",
      ]);
      expect(lists[0]?.text).toMatch(/^Bula,/);
      expect(lists[0]?.text).toContain(old);
      expect(lists[0]?.text).not.toContain("waitedtwo");
      expect(lists[0]?.text).not.toContain("offeredlong");
      // The next morning it is sent again while the hold still waits.
      expect(await sendHoldsWaitingList(other.db, current, CONTEXT, fijiMorning(1))).toBe(true);
      expect(await db().select().from(jobLeases)).toEqual([]);
    } finally {
      await other.close();
    }
  });

  it("staff's daily list: nothing is sent when no hold waits that long", async () => {
    const morning = fijiMorning();
    const intakeId = await insertIntake(db(), 30, "Savusavu", 8);
    await heldSince(intakeId, "fresh", new Date(morning.getTime() - 2 * DAY));
    expect(await sendHoldsWaitingList(db(), await settings(), CONTEXT, morning)).toBe(false);
    expect(await outbox()).toEqual([]);
  });

  it("a confirmed hold nobody decides on: told 48 hours ahead, lapses after 7 days, the seat goes to the waitlist", async () => {
    const intakeId = await insertIntake(db(), 40, "Nadi", 1);
    const first = await applyFor(t, "keen", intakeId);
    const next = await applyFor(t, "patient", intakeId);
    const confirm = await t.app.inject({
      method: "POST",
      url: "/api/training/confirm",
      payload: { token: first.token },
      headers: sameSite,
    });
    expect(confirm.statusCode, confirm.body).toBe(200);
    const [seat] = await db().select().from(seats).where(eq(seats.email, first.email));
    const confirmedAt = seat?.addressConfirmedAt?.getTime() ?? 0;
    expect(confirmedAt).toBeGreaterThan(0);
    await db().delete(emailOutbox);
    const current = await settings();
    const at = (days: number) => new Date(confirmedAt + days * DAY);

    // Four days on: no notice yet, nothing lapses (its 24-hour hold ended long ago, but the address is confirmed).
    expect(await sendHoldLapseNotices(db(), current, CONTEXT, at(4))).toBe(0);
    expect(await lapseOverduePlaces(db(), current, at(4))).toBe(0);
    // Five days and an hour on: the applicant and staff are told, once however often the job runs.
    expect(await sendHoldLapseNotices(db(), current, CONTEXT, at(5.05))).toBe(1);
    expect(await sendHoldLapseNotices(db(), current, CONTEXT, at(5.5))).toBe(0);
    const [toApplicant, ...others] = await mailsTo(first.email);
    expect(others).toEqual([]);
    expect(toApplicant?.subject).toMatch(/^Your seat on the Basic RPAS Pilot course is held until /);
    expect(toApplicant?.text).toMatch(/^Bula [^,\n]+,\n/);
    const staffNotes = (await mailsTo(STAFF_EMAIL)).filter((mail) => mail.subject.startsWith("Decide by"));
    expect(staffNotes).toHaveLength(1);
    expect(staffNotes[0]?.text).toContain(first.email);

    // A day before the seventh day ends: still held. After it: lapsed, told why, and the waitlist's next is offered.
    expect(await lapseOverduePlaces(db(), current, at(6.9))).toBe(0);
    expect(await lapseOverduePlaces(db(), current, at(7.1))).toBe(1);
    const states = await db()
      .select({ email: seats.email, state: seats.state })
      .from(seats)
      .where(eq(seats.intakeId, intakeId))
      .orderBy(seats.id);
    expect(states).toEqual([
      { email: first.email, state: "lapsed" },
      { email: next.email, state: "offered" },
    ]);
    const released = (await mailsTo(first.email)).at(-1);
    expect(released?.subject).toBe("Your place on the Basic RPAS Pilot course has been released");
    expect(released?.text).toContain("that time ran out before we could offer it to you");
    expect((await mailsTo(next.email)).at(-1)?.subject).toBe(
      "A place is free for you on the Basic RPAS Pilot course",
    );
  });

  it("a hold that waited long before this rule is told first and lapses no sooner than 48 hours later", async () => {
    const intakeId = await insertIntake(db(), 40, "Rakiraki", 2);
    const email = await heldSince(intakeId, "longago", new Date(Date.now() - 20 * DAY));
    await db()
      .update(seats)
      .set({ addressConfirmedAt: new Date(Date.now() - 19 * DAY) })
      .where(eq(seats.email, email));
    const current = await settings();
    const now = new Date();
    expect(await lapseOverduePlaces(db(), current, now)).toBe(0);
    expect(await sendHoldLapseNotices(db(), current, CONTEXT, now)).toBe(1);
    expect(await lapseOverduePlaces(db(), current, new Date(now.getTime() + 47 * HOUR))).toBe(0);
    expect(await lapseOverduePlaces(db(), current, new Date(now.getTime() + 49 * HOUR))).toBe(1);
  });

  it("staff's decision ends the wait: an accepted hold gets no notice and does not lapse", async () => {
    const intakeId = await insertIntake(db(), 40, "Levuka", 2);
    const email = await heldSince(intakeId, "accepted", new Date(Date.now() - 8 * DAY));
    await db()
      .update(seats)
      .set({ addressConfirmedAt: new Date(Date.now() - 8 * DAY) })
      .where(eq(seats.email, email));
    const [seat] = await db().select().from(seats).where(eq(seats.email, email));
    const accept = await t.app.inject({
      method: "POST",
      url: `/api/admin/places/${seat?.id}/accept`,
      headers: { ...sameSite, cookie },
    });
    expect(accept.statusCode).toBe(200);
    const current = await settings();
    expect(await sendHoldLapseNotices(db(), current, CONTEXT)).toBe(0);
    expect(await lapseOverduePlaces(db(), current, new Date(Date.now() + 3 * DAY))).toBe(0);
  });

  it("the lapse days are a setting: at 10 days the notice waits until day 8", async () => {
    const put = await t.app.inject({
      method: "PUT",
      url: "/api/admin/settings",
      payload: { unreviewedHoldDays: 10 },
      headers: { ...sameSite, cookie },
    });
    expect(put.statusCode).toBe(200);
    try {
      const intakeId = await insertIntake(db(), 40, "Sigatoka", 2);
      const email = await heldSince(intakeId, "tenday", new Date());
      const confirmedAt = Date.now();
      await db()
        .update(seats)
        .set({ addressConfirmedAt: new Date(confirmedAt) })
        .where(eq(seats.email, email));
      const current = await settings();
      expect(current.unreviewedHoldDays).toBe(10);
      expect(await sendHoldLapseNotices(db(), current, CONTEXT, new Date(confirmedAt + 7 * DAY))).toBe(0);
      expect(await sendHoldLapseNotices(db(), current, CONTEXT, new Date(confirmedAt + 8.1 * DAY))).toBe(1);
      expect(await lapseOverduePlaces(db(), current, new Date(confirmedAt + 9.9 * DAY))).toBe(0);
      expect(await lapseOverduePlaces(db(), current, new Date(confirmedAt + 10.2 * DAY))).toBe(1);
      expect(
        await t.app.inject({
          method: "PUT",
          url: "/api/admin/settings",
          payload: { unreviewedHoldDays: 2 },
          headers: { ...sameSite, cookie },
        }),
      ).toMatchObject({ statusCode: 400 });
    } finally {
      await t.app.inject({
        method: "PUT",
        url: "/api/admin/settings",
        payload: { unreviewedHoldDays: 7 },
        headers: { ...sameSite, cookie },
      });
    }
  });
});

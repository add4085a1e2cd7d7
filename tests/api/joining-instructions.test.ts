// Joining instructions: an intake's hours, venue, map link and what to bring. The owner's "what to bring" per course
// (Settings) starts each new intake's; bad times and links are refused with a clear 400. The person whose place is
// confirmed reads them in the e-mail (its text and its HTML, as a mail program shows them), in the reminders, at My
// training and in the calendar file: a timed event in Fiji time whose UID stays the place's, and whose SEQUENCE goes
// up when the hours or the venue change, as with a change of dates.
import { eq } from "drizzle-orm";
import type { ParsedMail } from "mailparser";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { auditLog, emailOutbox, seats } from "../../server/db/schema";
import { sendTrainingNotices } from "../../server/training/reminders";
import { addDays } from "../../shared/calendar-dates";
import { fijiToday } from "../../shared/fiji-time";
import { DEFAULT_SETTINGS } from "../../shared/settings";
import { createStaffAndSignIn } from "../helpers/admin-session";
import { applyFor } from "../helpers/applicant";
import { textOf } from "../helpers/html-text";
import { parsedMailsTo } from "../helpers/outbox-mail";
import { signInSubscriber } from "../helpers/subscriber";
import { sameSite, withTestApp } from "../helpers/test-app";

const VENUE = "Namaka Aviation Centre\nQueens Road\nNadi";
const MAP = "https://maps.app.goo.gl/Namaka8Xq2";
const OWN_LIST = "Photo ID\nYour own lunch\n- A rain jacket";

describe("joining instructions", () => {
  const t = withTestApp({ env: { RATE_LIMIT_PUBLIC_PER_MINUTE: "0" } });
  let cookie: string;
  const send = (method: "POST" | "PATCH" | "PUT", url: string, payload: object = {}) =>
    t.app.inject({ method, url, payload, headers: { ...sameSite, cookie } });
  const create = (payload: object) => send("POST", "/api/admin/intakes", payload);
  const startsIn = (days: number) => addDays(fijiToday(), days);
  const compact = (date: string) => date.replaceAll("-", "");
  /** A calendar file's text with its folded lines joined again. */
  const icsOf = (mail: ParsedMail | undefined) =>
    (
      mail?.attachments.find((file) => file.contentType === "text/calendar")?.content.toString("utf8") ?? ""
    ).replace(/\r\n[ \t]/g, "");
  const field = (ics: string, name: string) => new RegExp(`^${name}:(.*)\r?$`, "m").exec(ics)?.[1];

  beforeAll(async () => {
    cookie = await createStaffAndSignIn(t.app, t.database.db);
  });
  beforeEach(async () => {
    await t.database.db.delete(emailOutbox);
  });

  it("starts a new intake's 'what to bring' from the course's default in Settings, audited when changed", async () => {
    const seeded = (
      await create({ courseType: "advanced", startDate: startsIn(20), location: "Suva" })
    ).json();
    expect(seeded).toMatchObject({
      dailyStart: "08:30",
      dailyEnd: "16:30",
      venueAddress: "",
      mapUrl: "",
      whatToBring: DEFAULT_SETTINGS.whatToBring.advanced,
    });
    expect(seeded.whatToBring).toContain("Your Basic RPAS Pilot certificate");

    const whatToBring = { ...DEFAULT_SETTINGS.whatToBring, advanced: OWN_LIST };
    const saved = await send("PUT", "/api/admin/settings", { whatToBring });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().whatToBring).toEqual(whatToBring);
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "settings.changed"));
    expect(entry?.details).toEqual({ whatToBring: { from: DEFAULT_SETTINGS.whatToBring, to: whatToBring } });

    const next = await create({ courseType: "advanced", startDate: startsIn(40), location: "Suva" });
    expect(next.json().whatToBring).toBe(OWN_LIST);
    // Staff's own list for one intake wins, and another course keeps its default.
    const own = await create({
      courseType: "advanced",
      startDate: startsIn(50),
      location: "Suva",
      whatToBring: "Only a pen",
    });
    expect(own.json().whatToBring).toBe("Only a pen");
    const basic = await create({ courseType: "basic", startDate: startsIn(50), location: "Suva" });
    expect(basic.json().whatToBring).toBe(DEFAULT_SETTINGS.whatToBring.basic);
    await send("PUT", "/api/admin/settings", { whatToBring: DEFAULT_SETTINGS.whatToBring });
  });

  it.each([
    [{ dailyStart: "8:30" }, "Start time must be a time of day, e.g. 08:30"],
    [{ dailyEnd: "25:00" }, "End time must be a time of day, e.g. 08:30"],
    [{ dailyStart: "16:30", dailyEnd: "08:30" }, "The end time must be after the start time."],
    [{ dailyStart: "09:00", dailyEnd: "09:00" }, "The end time must be after the start time."],
    [{ mapUrl: "http://maps.example.com/namaka" }, "Map link must be a web address starting with https://"],
    [{ mapUrl: "javascript:alert(1)" }, "Map link must be a web address starting with https://"],
    [{ mapUrl: "Namaka, by the airport" }, "Map link must be a web address starting with https://"],
  ])("refuses %o with a clear 400", async (change, message) => {
    const res = await create({ courseType: "basic", startDate: startsIn(20), location: "Nadi", ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
  });

  it("refuses a change that puts the end time before the intake's start time", async () => {
    const { id } = (
      await create({ courseType: "basic", startDate: startsIn(20), location: "Nadi", dailyStart: "10:00" })
    ).json();
    const res = await send("PATCH", `/api/admin/intakes/${id}`, { dailyEnd: "09:30" });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("The end time must be after the start time.");
  });

  it("the confirmed person reads them in the e-mail, the reminder, My training and the calendar file", async () => {
    const intake = await create({
      courseType: "basic",
      startDate: startsIn(6),
      location: "Nadi",
      dailyStart: "09:00",
      dailyEnd: "15:30",
      venueAddress: VENUE,
      mapUrl: MAP,
      whatToBring: OWN_LIST,
    });
    expect(intake.statusCode, intake.body).toBe(201);
    const { id } = intake.json();
    const { email } = await applyFor(t, "vika", id);
    const [seat] = await t.database.db.select().from(seats).where(eq(seats.email, email));
    const confirmed = await send("POST", `/api/admin/places/${seat?.id}/confirm`, { reason: "Scholarship" });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    await t.app.outbox.drain();

    const mailsTo = async (subject: RegExp) =>
      (await parsedMailsTo(t.app.env.DATA_DIR, email)).filter((mail) => subject.test(mail.subject ?? ""));
    const [mail] = await mailsTo(/^Your place is confirmed/);
    expect(mail?.text).toContain("Hours: 9:00 am to 3:30 pm each day (Fiji time)");
    expect(mail?.text).toContain("Venue: Namaka Aviation Centre, Queens Road, Nadi");
    expect(mail?.text).toContain(`Map: ${MAP}`);
    expect(mail?.text).toContain("What to bring:\n- Photo ID\n- Your own lunch\n- A rain jacket");
    // The HTML part says the same, the map a link.
    const html = textOf(String(mail?.html));
    expect(html).toContain("9:00 am to 3:30 pm each day (Fiji time)");
    expect(html).toContain("Namaka Aviation Centre, Queens Road, Nadi");
    expect(html).toContain("Your own lunch");
    expect(String(mail?.html)).toContain(`href="${MAP}"`);

    // The calendar file: a timed event in Fiji time on the first day, repeated each of the 5 days.
    const ics = icsOf(mail);
    const uid = `place-${seat?.id}@${new URL(t.app.env.PUBLIC_URL).host}`;
    expect(field(ics, "UID")).toBe(uid);
    expect(field(ics, "SEQUENCE")).toBe("0");
    expect(field(ics, "DTSTART;TZID=Pacific/Fiji")).toBe(`${compact(startsIn(6))}T090000`);
    expect(field(ics, "DTEND;TZID=Pacific/Fiji")).toBe(`${compact(startsIn(6))}T153000`);
    expect(field(ics, "RRULE")).toBe("FREQ=DAILY;COUNT=5");
    expect(ics).toMatch(/BEGIN:VTIMEZONE\r\nTZID:Pacific\/Fiji\r\n/);
    expect(field(ics, "LOCATION")).toBe("Nadi\\, Namaka Aviation Centre\\, Queens Road\\, Nadi");
    const description = field(ics, "DESCRIPTION") ?? "";
    expect(description).toContain("9:00 am to 3:30 pm each day (Fiji time)");
    expect(description).toContain(`Map: ${MAP}`);
    expect(description).toContain("What to bring:\\n- Photo ID\\n- Your own lunch\\n- A rain jacket");

    // The week-before reminder says them again.
    await sendTrainingNotices(t.database.db, DEFAULT_SETTINGS, {
      publicUrl: t.app.env.PUBLIC_URL,
      staffEmail: null,
    });
    await t.app.outbox.drain();
    const [reminder] = await mailsTo(/^Reminder: /);
    expect(reminder?.text).toContain("Hours: 9:00 am to 3:30 pm each day (Fiji time)");
    expect(reminder?.text).toContain("Venue: Namaka Aviation Centre, Queens Road, Nadi");
    expect(reminder?.text).toContain(`Map: ${MAP}`);
    expect(reminder?.text).toContain("- Your own lunch");
    expect(field(icsOf(reminder), "UID")).toBe(uid);

    // My training shows them.
    const mine = await t.app.inject({
      method: "GET",
      url: "/api/training/applications",
      headers: { cookie: await signInSubscriber(t.app, email) },
    });
    expect(mine.json().applications[0].intake).toMatchObject({
      dailyStart: "09:00",
      dailyEnd: "15:30",
      venueAddress: VENUE,
      mapUrl: MAP,
      whatToBring: OWN_LIST,
    });

    // New hours move the event like new dates: the same UID, the next SEQUENCE, and an e-mail saying so.
    const moved = await send("PATCH", `/api/admin/intakes/${id}`, { dailyStart: "08:00" });
    expect(moved.statusCode, moved.body).toBe(200);
    await t.app.outbox.drain();
    const [changed] = await mailsTo(/has new dates, hours or a new place$/);
    expect(changed?.text).toContain("Before: ");
    expect(changed?.text).toMatch(/Now: .*, 8:00 am to 3:30 pm, Nadi/);
    const changedIcs = icsOf(changed);
    expect(field(changedIcs, "UID")).toBe(uid);
    expect(field(changedIcs, "SEQUENCE")).toBe("1");
    expect(field(changedIcs, "DTSTART;TZID=Pacific/Fiji")).toBe(`${compact(startsIn(6))}T080000`);

    // A new venue does too; a new list of what to bring alone sends nothing.
    await send("PATCH", `/api/admin/intakes/${id}`, { venueAddress: "Nadi Airport, Hangar 3" });
    await send("PATCH", `/api/admin/intakes/${id}`, { whatToBring: "Photo ID" });
    await t.app.outbox.drain();
    const changes = await mailsTo(/has new dates, hours or a new place$/);
    expect(changes).toHaveLength(2);
    expect(changes[1]?.text).toContain("Venue: Nadi Airport, Hangar 3");
    expect(field(icsOf(changes[1]), "SEQUENCE")).toBe("2");
    const [after] = await t.database.db.select().from(seats).where(eq(seats.email, email));
    expect(after?.calendarSequence).toBe(2);
  });

  it("leaves out a venue and map link not given yet, rather than showing blanks", async () => {
    const { id } = (
      await create({ courseType: "basic", startDate: startsIn(30), location: "Labasa" })
    ).json();
    const { email } = await applyFor(t, "sam", id);
    const [seat] = await t.database.db.select().from(seats).where(eq(seats.email, email));
    await send("POST", `/api/admin/places/${seat?.id}/confirm`, { reason: "Employer invoice" });
    await t.app.outbox.drain();
    const [mail] = (await parsedMailsTo(t.app.env.DATA_DIR, email)).filter((m) =>
      m.subject?.startsWith("Your place is confirmed"),
    );
    expect(mail?.text).toContain("Hours: 8:30 am to 4:30 pm each day (Fiji time)");
    expect(mail?.text).not.toContain("Venue:");
    expect(mail?.text).not.toContain("Map:");
    expect(mail?.text).toContain("- Your signed medical fitness declaration");
    expect(field(icsOf(mail), "LOCATION")).toBe("Labasa");
  });
});

// Staff manage course intakes (create, change, close, reopen, cancel) and visitors read the schedule; bad dates,
// seats and fees are refused with a clear 400, and people holding a place are told when their intake moves.
import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { auditLog, emailOutbox, intakes, seats } from "../../server/db/schema";
import { addDays } from "../../server/training/calendar";
import { takePlace } from "../../server/training/seats";
import { fijiToday } from "../../shared/fiji-time";
import { createStaffAndSignIn, insertEnrollment } from "../helpers/admin-session";
import { sameSite, withTestApp } from "../helpers/test-app";

describe("course intakes", () => {
  let cookie: string;
  const today = fijiToday();
  const inDays = (days: number) => addDays(today, days);
  const send = (method: "POST" | "PATCH" | "PUT", url: string, payload: object = {}) =>
    t.app.inject({ method, url, payload, headers: { ...sameSite, cookie } });
  const create = (payload: object) => send("POST", "/api/admin/intakes", payload);

  async function fill(intakeId: number, people: number) {
    for (let i = 0; i < people; i += 1) {
      const email = `holder${intakeId}-${i}@example.fj`;
      const enrollmentId = await insertEnrollment(t.database.db, { email });
      await t.database.db.transaction((tx) =>
        takePlace(tx, { intakeId, enrollmentId, email, holdHours: 24, today }),
      );
    }
  }

  const t = withTestApp({ env: { STAFF_EMAIL: "staff@example.fj" } });
  beforeAll(async () => {
    cookie = await createStaffAndSignIn(t.app, t.database.db);
  });
  beforeEach(async () => {
    await t.database.db.delete(seats);
    await t.database.db.delete(intakes);
    await t.database.db.delete(emailOutbox);
  });

  it("lists for staff by default the intakes yet to end or ended in the last 30 days, not older or cancelled ones", async () => {
    const at = (startsIn: number, endsIn: number, location: string, status: "open" | "cancelled" = "open") =>
      t.database.db
        .insert(intakes)
        .values({
          courseType: "basic",
          startDate: inDays(startsIn),
          endDate: inDays(endsIn),
          location,
          seats: 8,
          feeCents: 30_000,
          status,
        })
        .returning({ id: intakes.id });
    await at(-2, 2, "Running");
    await at(-35, -30, "Ended 30 days ago");
    await at(-40, -31, "Ended 31 days ago");
    await at(10, 14, "Upcoming");
    await at(20, 24, "Cancelled", "cancelled");
    const listed = async (query: string) =>
      (
        (
          await t.app.inject({ method: "GET", url: `/api/admin/intakes${query}`, headers: { cookie } })
        ).json() as {
          location: string;
        }[]
      ).map((row) => row.location);
    expect((await listed("")).sort()).toEqual(["Ended 30 days ago", "Running", "Upcoming"]);
    expect(await listed("?all=true")).toHaveLength(5);
    // The public schedule shows only what has not started.
    const schedule = (await t.app.inject({ method: "GET", url: "/api/intakes" })).json() as {
      location: string;
    }[];
    expect(schedule.map((row) => row.location)).toEqual(["Upcoming"]);
  });

  it("creates an intake whose end, seats and fee default from the course, and audits it", async () => {
    const res = await create({ courseType: "basic", startDate: inDays(30), location: "Suva" });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      courseType: "basic",
      startDate: inDays(30),
      endDate: inDays(34),
      location: "Suva",
      seats: 8,
      feeCents: 30000,
      depositCents: null,
      status: "open",
      held: 0,
      waitlisted: 0,
    });
    const [entry] = await t.database.db.select().from(auditLog).where(eq(auditLog.action, "intake.created"));
    expect(entry?.subject).toBe(`intake ${res.json().id}`);
  });

  it.each([
    [{ startDate: addDays(fijiToday(), -1) }, "Start date cannot be in the past."],
    [
      { startDate: addDays(fijiToday(), 10), endDate: addDays(fijiToday(), 9) },
      "End date cannot be before the start date.",
    ],
    [{ startDate: "2027-02-30" }, "Start date must be a real date"],
    [{ seats: 9 }, "Seats must be at most 8, the class maximum"],
    [{ seats: 0 }, "Seats must be at least 1"],
    [{ feeCents: 50000, depositCents: 50000 }, "The deposit must be less than the fee."],
    [{ location: "  " }, "Location is required"],
  ])("refuses %o with a clear message", async (change, message) => {
    const res = await create({ courseType: "advanced", startDate: inDays(20), location: "Nadi", ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
  });

  it("refuses fewer seats than the places already taken, and allows exactly that many", async () => {
    const { id } = (await create({ courseType: "basic", startDate: inDays(15), location: "Suva" })).json();
    await fill(id, 3);
    const tooFew = await send("PATCH", `/api/admin/intakes/${id}`, { seats: 2 });
    expect(tooFew.statusCode).toBe(400);
    expect(tooFew.json().message).toBe(
      "Seats cannot be fewer than the 3 places already held, offered or confirmed.",
    );
    const exact = await send("PATCH", `/api/admin/intakes/${id}`, { seats: 3 });
    expect(exact.statusCode).toBe(200);
    expect(exact.json()).toMatchObject({ seats: 3, held: 3 });
  });

  it("tells everyone holding a place when the dates or the place change, and nobody when only the fee does", async () => {
    const { id } = (await create({ courseType: "basic", startDate: inDays(40), location: "Suva" })).json();
    await fill(id, 2);
    expect((await send("PATCH", `/api/admin/intakes/${id}`, { feeCents: 28000 })).statusCode).toBe(200);
    expect(await t.database.db.select().from(emailOutbox)).toHaveLength(0);
    const moved = await send("PATCH", `/api/admin/intakes/${id}`, {
      startDate: inDays(41),
      endDate: inDays(45),
    });
    expect(moved.statusCode).toBe(200);
    const mails = await t.database.db.select().from(emailOutbox);
    expect(mails.map((mail) => mail.to).sort()).toEqual([
      `holder${id}-0@example.fj`,
      `holder${id}-1@example.fj`,
    ]);
    expect(mails[0]?.subject).toBe("Your Basic RPAS Pilot course has new dates, hours or a new place");
    expect(mails[0]?.text).toContain("Your place is kept, with anything you paid.");
    // Each held seat's calendar event moves: the file again, with the next SEQUENCE.
    const ics = Buffer.from(mails[0]?.attachments?.[0]?.contentBase64 ?? "", "base64").toString("utf8");
    expect(ics).toMatch(/^SEQUENCE:1\r?$/m);
  });

  it("cancelling ends every place and offers each person the other intakes of the course", async () => {
    const { id } = (await create({ courseType: "advanced", startDate: inDays(25), location: "Suva" })).json();
    await create({ courseType: "advanced", startDate: inDays(60), location: "Nadi" });
    await fill(id, 2);
    const res = await send("POST", `/api/admin/intakes/${id}/cancel`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: "cancelled", held: 0 });
    const states = await t.database.db
      .select({ state: seats.state })
      .from(seats)
      .where(eq(seats.intakeId, id));
    expect(states.map((s) => s.state)).toEqual(["cancelled", "cancelled"]);
    const mails = await t.database.db.select().from(emailOutbox);
    expect(mails).toHaveLength(2);
    expect(mails[0]?.text).toContain("has been cancelled");
    expect(mails[0]?.text).toContain("Nadi (FJD 1,500.00)");
    expect((await send("PATCH", `/api/admin/intakes/${id}`, { seats: 5 })).statusCode).toBe(409);
  });

  it("shows visitors each upcoming intake with seats left, waitlist or full, and never a cancelled one", async () => {
    const small = (
      await create({ courseType: "basic", startDate: inDays(10), location: "Suva", seats: 2 })
    ).json();
    const roomy = (await create({ courseType: "basic", startDate: inDays(20), location: "Labasa" })).json();
    const closed = (await create({ courseType: "basic", startDate: inDays(30), location: "Nadi" })).json();
    const gone = (await create({ courseType: "instructor", startDate: inDays(5), location: "Suva" })).json();
    await fill(small.id, 2);
    await fill(roomy.id, 7);
    await send("POST", `/api/admin/intakes/${closed.id}/close`);
    await send("POST", `/api/admin/intakes/${gone.id}/cancel`);
    const res = await t.app.inject({ method: "GET", url: "/api/intakes?course=basic" });
    expect(res.statusCode).toBe(200);
    expect(res.json().map((i: { location: string; label: string }) => [i.location, i.label])).toEqual([
      ["Suva", "Waitlist open"],
      ["Labasa", "1 seat left"],
      ["Nadi", "Full"],
    ]);
    const all = await t.app.inject({ method: "GET", url: "/api/intakes" });
    expect(all.json().map((i: { id: number }) => i.id)).not.toContain(gone.id);
    expect(all.json()[0]).not.toHaveProperty("seats");
    const bad = await t.app.inject({ method: "GET", url: "/api/intakes?course=expert" });
    expect(bad.statusCode).toBe(400);
  });

  it("a closed intake takes no new places, and reopening takes them again", async () => {
    const { id } = (await create({ courseType: "basic", startDate: inDays(12), location: "Suva" })).json();
    await send("POST", `/api/admin/intakes/${id}/close`);
    const enrollmentId = await insertEnrollment(t.database.db, { email: "late@example.fj" });
    const place = { intakeId: id, enrollmentId, email: "late@example.fj", holdHours: 24, today };
    expect(await t.database.db.transaction((tx) => takePlace(tx, place))).toEqual({ outcome: "not-open" });
    await send("POST", `/api/admin/intakes/${id}/reopen`);
    expect(await t.database.db.transaction((tx) => takePlace(tx, place))).toMatchObject({ outcome: "held" });
  });

  it("answers 404 for an intake that does not exist", async () => {
    expect((await send("PATCH", "/api/admin/intakes/999999", { seats: 4 })).statusCode).toBe(404);
    expect((await send("POST", "/api/admin/intakes/999999/close")).statusCode).toBe(404);
  });
});

// What happens to a place after it is taken: staff accept (an offer with a deadline) or decline it; holds nobody
// confirmed and offers nobody paid lapse; each freed seat goes to the first person on the waitlist as an offer.
import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { emailOutbox, seats } from "../../server/db/schema";
import { confirmAddress, lapseOverduePlaces } from "../../server/training/seat-lifecycle";
import { takePlace } from "../../server/training/seats";
import { fijiToday } from "../../shared/fiji-time";
import { DEFAULT_SETTINGS } from "../../shared/settings";
import { createStaffAndSignIn, insertEnrollment, insertIntake } from "../helpers/admin-session";
import { sameSite, withTestApp } from "../helpers/test-app";

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

describe("places in an intake", () => {
  let cookie: string;
  let intakeId: number;
  const today = fijiToday();
  const post = (url: string) => t.app.inject({ method: "POST", url, headers: { ...sameSite, cookie } });
  const stateOf = async (id: number) =>
    (await t.database.db.select({ state: seats.state }).from(seats).where(eq(seats.id, id)))[0]?.state;

  async function apply(name: string, now = new Date()) {
    const email = `${name}@example.fj`;
    const enrollmentId = await insertEnrollment(t.database.db, { email, firstName: name });
    const outcome = await t.database.db.transaction((tx) =>
      takePlace(tx, { intakeId, enrollmentId, email, holdHours: 24, today }, now),
    );
    if (outcome.outcome !== "held" && outcome.outcome !== "waitlisted") throw new Error(outcome.outcome);
    return { seatId: outcome.seatId, enrollmentId, email };
  }

  const t = withTestApp();
  beforeAll(async () => {
    cookie = await createStaffAndSignIn(t.app, t.database.db);
  });
  beforeEach(async () => {
    await t.database.db.delete(emailOutbox);
    await t.database.db.delete(seats);
    intakeId = await insertIntake(t.database.db, 20, "Suva", 2);
  });

  it("staff accept a held place: it becomes an offer that waits 7 days, and a second accept is refused", async () => {
    const ana = await apply("ana");
    const res = await post(`/api/admin/places/${ana.seatId}/accept`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ state: "offered", name: "ana Tester", email: "ana@example.fj" });
    const deadline = new Date(res.json().offerExpiresAt).getTime();
    expect(Math.abs(deadline - (Date.now() + 7 * DAY))).toBeLessThan(60_000);
    const again = await post(`/api/admin/places/${ana.seatId}/accept`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("This place is offered: it cannot be accepted now.");
  });

  it("declining a seat offers it to the first on the waitlist, who is e-mailed", async () => {
    const [a, b, c, d] = [await apply("a1"), await apply("b2"), await apply("c3"), await apply("d4")];
    expect([await stateOf(a.seatId), await stateOf(c.seatId)]).toEqual(["held", "waitlisted"]);
    expect((await post(`/api/admin/places/${a.seatId}/decline`)).statusCode).toBe(200);
    expect([
      await stateOf(a.seatId),
      await stateOf(b.seatId),
      await stateOf(c.seatId),
      await stateOf(d.seatId),
    ]).toEqual(["declined", "held", "offered", "waitlisted"]);
    const mails = await t.database.db.select().from(emailOutbox);
    expect(mails.map((m) => [m.to, m.subject])).toEqual([
      ["c3@example.fj", "A place is free for you on the Basic RPAS Pilot course"],
    ]);
  });

  it("lists an intake's places in the order they were taken", async () => {
    await apply("first");
    await apply("second");
    await apply("third");
    const res = await t.app.inject({
      method: "GET",
      url: `/api/admin/intakes/${intakeId}/places`,
      headers: { cookie },
    });
    expect(res.json().map((p: { name: string; state: string }) => [p.name, p.state])).toEqual([
      ["first Tester", "held"],
      ["second Tester", "held"],
      ["third Tester", "waitlisted"],
    ]);
  });

  it("a hold lapses after 24 hours unless the address was confirmed, and the freed seat goes to the waitlist", async () => {
    const then = new Date(Date.now() - 25 * HOUR);
    const quiet = await apply("quiet", then);
    const keen = await apply("keen", then);
    const next = await apply("next");
    await confirmAddress(t.database.db, keen.enrollmentId);
    expect(await lapseOverduePlaces(t.database.db, DEFAULT_SETTINGS)).toBe(1);
    expect([await stateOf(quiet.seatId), await stateOf(keen.seatId), await stateOf(next.seatId)]).toEqual([
      "lapsed",
      "held",
      "offered",
    ]);
    const subjects = (await t.database.db.select().from(emailOutbox)).map((m) => [m.to, m.subject]);
    expect(subjects).toContainEqual([
      "quiet@example.fj",
      "Your place on the Basic RPAS Pilot course has been released",
    ]);
    expect(subjects).toContainEqual([
      "next@example.fj",
      "A place is free for you on the Basic RPAS Pilot course",
    ]);
  });

  it("an offer that runs out unpaid lapses; a hold still within its 24 hours stays", async () => {
    const offered = await apply("late-payer");
    expect((await post(`/api/admin/places/${offered.seatId}/accept`)).statusCode).toBe(200);
    const weekLater = new Date(Date.now() + 7 * DAY + HOUR);
    const fresh = await apply("fresh", new Date(weekLater.getTime() - HOUR));
    expect(await lapseOverduePlaces(t.database.db, DEFAULT_SETTINGS, weekLater)).toBe(1);
    expect([await stateOf(offered.seatId), await stateOf(fresh.seatId)]).toEqual(["lapsed", "held"]);
  });

  it("answers 404 for an unknown place", async () => {
    expect((await post("/api/admin/places/999999/accept")).statusCode).toBe(404);
  });
});

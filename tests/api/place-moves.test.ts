// Staff put an application in an intake by hand: a place moves with its state and its payments, the seat it left
// goes to the old intake's waitlist, an "Any upcoming date" application takes a place, and every refusal is a clear
// 4xx. The waitlist promoting while staff move someone never sells a seat twice.
import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  auditLog,
  certificates,
  coursePayments,
  emailOutbox,
  enrollments,
  intakes,
  seats,
  traineeResults,
} from "../../server/db/schema";
import { placeByStaff } from "../../server/training/place-moves";
import { declinePlace } from "../../server/training/seat-lifecycle";
import { placesOf, takePlace } from "../../server/training/seats";
import { addDays } from "../../shared/calendar-dates";
import { fijiToday } from "../../shared/fiji-time";
import { DEFAULT_SETTINGS } from "../../shared/settings";
import { createStaffAndSignIn, insertEnrollment, insertIntake } from "../helpers/admin-session";
import { sameSite, withTestApp } from "../helpers/test-app";

const BY = { actor: "staff", ip: "127.0.0.1" };

describe("staff move a place to another intake", () => {
  let cookie: string;
  let suva: number;
  let nadi: number;
  const t = withTestApp();
  const db = () => t.database.db;
  const move = (enrollmentId: number, intakeId: unknown) =>
    t.app.inject({
      method: "POST",
      url: `/api/admin/enrollments/${enrollmentId}/intake`,
      headers: { ...sameSite, cookie },
      payload: { intakeId },
    });
  const seatOf = async (id: number) => (await db().select().from(seats).where(eq(seats.id, id)))[0];

  async function apply(name: string, intakeId: number | null) {
    const email = `${name}@example.fj`;
    const enrollmentId = await insertEnrollment(db(), { email, firstName: name, intakeId });
    if (intakeId === null) return { enrollmentId, seatId: 0 };
    const taken = await db().transaction((tx) =>
      takePlace(tx, { intakeId, enrollmentId, email, holdHours: 24, today: fijiToday() }),
    );
    if (taken.outcome !== "held" && taken.outcome !== "waitlisted") throw new Error(taken.outcome);
    return { enrollmentId, seatId: taken.seatId };
  }

  beforeAll(async () => {
    cookie = await createStaffAndSignIn(t.app, db());
  });
  beforeEach(async () => {
    await db().delete(emailOutbox);
    await db().delete(coursePayments);
    await db().delete(seats);
    suva = await insertIntake(db(), 20, "Suva", 1);
    nadi = await insertIntake(db(), 40, "Nadi", 2);
  });

  it("a confirmed place moves with its state and payment; its old seat goes to the waitlist; all audited and e-mailed", async () => {
    const ana = await apply("ana", suva);
    const ben = await apply("ben", suva);
    await db().update(seats).set({ state: "confirmed" }).where(eq(seats.id, ana.seatId));
    await db()
      .insert(coursePayments)
      .values({
        reference: `CFP-MOVE${ana.seatId}`,
        seatId: ana.seatId,
        enrollmentId: ana.enrollmentId,
        intakeId: suva,
        email: "ana@example.fj",
        kind: "full",
        method: "cash",
        amountCents: 30_000,
        status: "paid",
      });

    const res = await move(ana.enrollmentId, nadi);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: ana.seatId, state: "confirmed", email: "ana@example.fj" });
    expect(await seatOf(ana.seatId)).toMatchObject({ intakeId: nadi, state: "confirmed" });
    // Staff's list of the new intake's places shows what she paid and what is still due.
    const listed = await t.app.inject({
      method: "GET",
      url: `/api/admin/intakes/${nadi}/places`,
      headers: { cookie },
    });
    const [feeRow] = await db().select({ fee: intakes.feeCents }).from(intakes).where(eq(intakes.id, nadi));
    expect(listed.json()).toEqual([
      expect.objectContaining({
        id: ana.seatId,
        paidCents: 30_000,
        dueCents: Math.max((feeRow?.fee ?? 0) - 30_000, 0),
      }),
    ]);
    const [payment] = await db().select().from(coursePayments);
    expect(payment?.intakeId).toBe(nadi);
    const [enrollment] = await db().select().from(enrollments).where(eq(enrollments.id, ana.enrollmentId));
    expect(enrollment?.intakeId).toBe(nadi);
    // Ben was waitlisted in Suva and is now offered the seat Ana left.
    expect((await seatOf(ben.seatId))?.state).toBe("offered");
    const mails = await db().select().from(emailOutbox);
    expect(mails.map((mail) => mail.to).sort()).toEqual(["ana@example.fj", "ben@example.fj"]);
    expect(mails.find((mail) => mail.to === "ana@example.fj")?.text).toContain("Nadi");
    const [entry] = await db().select().from(auditLog).where(eq(auditLog.action, "place.moved"));
    expect(entry?.details).toMatchObject({ fromIntakeId: suva, toIntakeId: nadi, state: "confirmed" });
  });

  it("each change of dates sends the place's calendar file again: the same UID, SEQUENCE one more each time", async () => {
    const ana = await apply("ana", suva);
    const calendarsTo = async (to: string) => {
      const rows = await db().select().from(emailOutbox).where(eq(emailOutbox.to, to));
      return rows
        .sort((a, b) => a.id - b.id)
        .flatMap((row) => row.attachments ?? [])
        .filter((file) => file.contentType.startsWith("text/calendar"))
        .map((file) => Buffer.from(file.contentBase64, "base64").toString("utf8"));
    };
    const field = (ics: string | undefined, name: string) =>
      new RegExp(`^${name}:(.*)\r?$`, "m").exec(ics ?? "")?.[1];

    // Staff confirm the place: its first calendar file, SEQUENCE 0.
    const confirmed = await t.app.inject({
      method: "POST",
      url: `/api/admin/places/${ana.seatId}/confirm`,
      headers: { ...sameSite, cookie },
      payload: { reason: "Scholarship" },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const [first] = await calendarsTo("ana@example.fj");
    const uid = field(first, "UID");
    expect(uid).toBe(`place-${ana.seatId}@${new URL(t.app.env.PUBLIC_URL).host}`);
    expect(field(first, "SEQUENCE")).toBe("0");

    // Moved to Nadi: the e-mail carries the file again, same UID, SEQUENCE 1, Nadi's dates.
    expect((await move(ana.enrollmentId, nadi)).statusCode).toBe(200);
    const movedMail = (await db().select().from(emailOutbox).where(eq(emailOutbox.to, "ana@example.fj"))).at(
      -1,
    );
    expect(movedMail?.text).toMatch(/^Bula ana,\n/);
    expect(movedMail?.text).toContain("The calendar file attached");
    const [, second] = await calendarsTo("ana@example.fj");
    expect(field(second, "UID")).toBe(uid);
    expect(field(second, "SEQUENCE")).toBe("1");
    const [nadiRow] = await db().select().from(intakes).where(eq(intakes.id, nadi));
    expect(field(second, "DTSTART;TZID=Pacific/Fiji")).toBe(
      `${nadiRow?.startDate.replaceAll("-", "")}T083000`,
    );
    expect((await seatOf(ana.seatId))?.calendarSequence).toBe(1);

    // And back: SEQUENCE 2, so a calendar holding either earlier file takes this one.
    expect((await move(ana.enrollmentId, suva)).statusCode).toBe(200);
    const [, , third] = await calendarsTo("ana@example.fj");
    expect([field(third, "UID"), field(third, "SEQUENCE")]).toEqual([uid, "2"]);

    // The intake's own dates change: the next SEQUENCE again; then it is cancelled: a file that cancels the event.
    const later = addDays(fijiToday(), 60);
    const changed = await t.app.inject({
      method: "PATCH",
      url: `/api/admin/intakes/${suva}`,
      headers: { ...sameSite, cookie },
      payload: { startDate: later, endDate: addDays(later, 4) },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const [, , , fourth] = await calendarsTo("ana@example.fj");
    expect([field(fourth, "UID"), field(fourth, "SEQUENCE")]).toEqual([uid, "3"]);
    expect(field(fourth, "DTSTART;TZID=Pacific/Fiji")).toBe(`${later.replaceAll("-", "")}T083000`);
    const cancelled = await t.app.inject({
      method: "POST",
      url: `/api/admin/intakes/${suva}/cancel`,
      headers: { ...sameSite, cookie },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const [, , , , fifth] = await calendarsTo("ana@example.fj");
    expect([field(fifth, "UID"), field(fifth, "SEQUENCE")]).toEqual([uid, "4"]);
    expect(field(fifth, "METHOD")).toBe("CANCEL");
    expect(field(fifth, "STATUS")).toBe("CANCELLED");
  });

  it("a waitlisted place, which has no calendar event, is moved without a calendar file", async () => {
    const a = await apply("full1", null);
    await move(a.enrollmentId, suva); // Suva's one seat
    const b = await apply("full2", null);
    expect((await move(b.enrollmentId, suva)).json().state).toBe("waitlisted");
    const [mail] = await db().select().from(emailOutbox).where(eq(emailOutbox.to, "full2@example.fj"));
    expect(mail?.text).toContain("waitlist");
    expect(mail?.attachments ?? []).toEqual([]);
  });

  it("an 'Any upcoming date' application takes a place: a hold while seats are free, then the waitlist", async () => {
    const a = await apply("anydate1", null);
    const b = await apply("anydate2", null);
    const c = await apply("anydate3", null);
    expect((await move(a.enrollmentId, nadi)).json().state).toBe("held");
    expect((await move(b.enrollmentId, nadi)).json().state).toBe("held");
    expect((await move(c.enrollmentId, nadi)).json().state).toBe("waitlisted");
    const [entry] = await db().select().from(auditLog).where(eq(auditLog.action, "place.assigned")).limit(1);
    expect(entry?.subject).toMatch(/^enrollment \d+$/);
  });

  it("the dashboard's enrollment list says which applications have no place, and their place once given one", async () => {
    const a = await apply("cardless", null);
    const listed = async () => {
      const res = await t.app.inject({
        method: "GET",
        url: "/api/enrollments?q=cardless",
        headers: { cookie },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json()[0].training;
    };
    expect(await listed()).toEqual({
      intake: "Any upcoming date",
      place: null,
      placed: false,
      flag: null,
      status: null,
      placeLink: null,
    });
    expect((await move(a.enrollmentId, nadi)).statusCode).toBe(200);
    expect(await listed()).toEqual({
      intake: expect.stringMatching(/, Nadi$/),
      place: "Held",
      placed: true,
      flag: null,
      status: "Place: Held",
      placeLink: { intakeId: nadi, placeId: expect.any(Number) },
    });
    // A declined place no longer holds anything: staff may give the application another intake.
    const [seat] = await db().select().from(seats).where(eq(seats.enrollmentId, a.enrollmentId));
    await db()
      .update(seats)
      .set({ state: "declined" })
      .where(eq(seats.id, seat?.id ?? 0));
    expect(await listed()).toMatchObject({ place: "Declined", placed: false, status: "Place: Declined" });
    expect((await listed()).placeLink).toEqual({ intakeId: nadi, placeId: seat?.id });
    // How the course ended, then its certificate, say more than the place's state.
    await db()
      .update(seats)
      .set({ state: "confirmed" })
      .where(eq(seats.id, seat?.id ?? 0));
    await db()
      .insert(traineeResults)
      .values({ seatId: seat?.id ?? 0, result: "passed", decidedBy: "tester" });
    expect(await listed()).toMatchObject({ place: "Confirmed", status: "Passed" });
    await db()
      .insert(certificates)
      .values({
        number: "PSR-B-2027-0777",
        code: "place-moves-certificate-code",
        seatId: seat?.id ?? 0,
        enrollmentId: a.enrollmentId,
        intakeId: nadi,
        email: "cardless@example.com",
        courseType: "basic",
        title: "Basic RPAS Pilot Certificate",
        givenNames: "Card",
        surname: "Less",
        startDate: "2027-01-12",
        endDate: "2027-01-16",
        location: "Nadi",
        issuedOn: "2027-01-16",
        reviewToken: "place-moves-review-token",
      });
    expect(await listed()).toMatchObject({ place: "Confirmed", status: "Certified" });
    // The other tests clear the seats, which these rows would keep.
    await db().delete(certificates);
    await db().delete(traineeResults);
  });

  it("refuses a full intake, the same intake, another course, a cancelled or started intake, and bad input", async () => {
    const ana = await apply("ana2", nadi);
    await apply("ben2", suva);
    const full = await move(ana.enrollmentId, suva);
    expect(full.statusCode).toBe(409);
    expect(full.json().message).toBe(
      "That intake has no free seat: choose another, or add seats to it first.",
    );
    expect((await move(ana.enrollmentId, nadi)).json().message).toBe(
      "The application is already in that intake.",
    );
    const [advanced] = await db()
      .insert(intakes)
      .values({
        courseType: "advanced",
        startDate: "2099-01-05",
        endDate: "2099-01-14",
        location: "Lautoka",
        seats: 8,
        feeCents: 120_000,
      })
      .returning({ id: intakes.id });
    expect((await move(ana.enrollmentId, advanced?.id)).json().message).toBe(
      "That intake is of another course.",
    );
    const started = await insertIntake(db(), -1, "Levuka", 8);
    expect((await move(ana.enrollmentId, started)).statusCode).toBe(409);
    await db().update(intakes).set({ status: "cancelled" }).where(eq(intakes.id, started));
    expect((await move(ana.enrollmentId, started)).json().message).toBe(
      "That intake is cancelled or has already started.",
    );
    expect((await move(ana.enrollmentId, 999_999)).statusCode).toBe(404);
    expect((await move(999_999, nadi)).statusCode).toBe(404);
    for (const bad of ["2", -1, 1.5, null]) {
      const res = await move(ana.enrollmentId, bad);
      expect(res.statusCode, String(bad)).toBe(400);
      expect(res.json().message).toMatch(/Intake must be/);
    }
    // Nothing moved.
    expect((await seatOf(ana.seatId))?.intakeId).toBe(nadi);
  });

  it("a move and a waitlist promotion racing for the same seat never oversell it", async () => {
    // Suva (1 seat): Ana holds it, Ben waits. Nadi (2 seats): Cara and Dan hold them, Eli waits.
    const ana = await apply("ana3", suva);
    const ben = await apply("ben3", suva);
    const cara = await apply("cara3", nadi);
    await apply("dan3", nadi);
    await apply("eli3", nadi);
    // At once: Ana is declined (Ben is promoted into Suva's seat) while staff move Cara into Suva, and staff
    // decline Cara's Nadi seat (Eli is promoted) while she moves.
    const outcomes = await Promise.allSettled([
      declinePlace(db(), ana.seatId, DEFAULT_SETTINGS, BY),
      placeByStaff(db(), cara.enrollmentId, suva, DEFAULT_SETTINGS, BY, "https://rpas.example.test"),
      declinePlace(db(), cara.seatId, DEFAULT_SETTINGS, BY),
    ]);
    expect(outcomes[0].status).toBe("fulfilled");
    for (const intake of [suva, nadi]) {
      const [row] = await db().select().from(intakes).where(eq(intakes.id, intake));
      const places = await placesOf(db(), intake);
      const taking = places.filter((place) => ["held", "offered", "confirmed"].includes(place.state));
      expect(taking.length, `intake ${intake}`).toBeLessThanOrEqual(row?.seats ?? 0);
    }
    // Suva's one seat went to exactly one person: Ben (promoted) or Cara (moved), never both.
    const suvaTaking = (await placesOf(db(), suva)).filter((place) =>
      ["held", "offered", "confirmed"].includes(place.state),
    );
    expect(suvaTaking).toHaveLength(1);
    expect([ben.seatId, cara.seatId]).toContain(suvaTaking[0]?.id);
  });
});

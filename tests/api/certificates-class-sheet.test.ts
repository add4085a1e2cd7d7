// The class sheet of an intake (issue 15, attendance and results): only confirmed trainees, every day of the
// intake, attendance marked per day (a day of the intake, not in the future), results other than a pass. Every bad
// input is a 4xx with a message, never a 500.
import { describe, expect, it } from "vitest";
import { addDays } from "../../server/training/calendar";
import { fijiToday } from "../../shared/fiji-time";
import { insertIntake } from "../helpers/admin-session";
import { withCertificateClass } from "../helpers/certificate-class";

describe("the class sheet", () => {
  const c = withCertificateClass();
  const { staff } = c;

  it("lists only the intake's confirmed trainees, with every day of the intake", async () => {
    const intakeId = await c.pastIntake("Lautoka");
    const ana = await c.trainee({ intakeId, firstName: "Ana", lastName: "Vosa" });
    for (const state of ["held", "offered", "waitlisted", "cancelled", "declined", "lapsed"] as const) {
      await c.trainee({ intakeId, state });
    }
    const res = await staff.get(`/api/admin/intakes/${intakeId}/class`);
    expect(res.statusCode).toBe(200);
    const sheet = res.json();
    expect(sheet).toMatchObject({ intakeId, courseType: "basic", location: "Lautoka" });
    expect(sheet.days).toEqual([0, 1, 2, 3, 4].map((n) => addDays(sheet.startDate, n)));
    expect(sheet.trainees).toEqual([
      {
        seatId: ana.seatId,
        enrollmentId: ana.enrollmentId,
        givenNames: "Ana",
        surname: "Vosa",
        email: ana.email,
        attendance: [],
        result: null,
        certificate: null,
      },
    ]);
  });

  it("answers 404 for an unknown or malformed intake", async () => {
    for (const id of ["999999", "abc", "0", "-1", "99999999999"]) {
      const res = await staff.get(`/api/admin/intakes/${id}/class`);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBeTruthy();
    }
  });
});

describe("attendance", () => {
  const c = withCertificateClass();

  it("marks a day present or absent, and marking it again changes it", async () => {
    const { seatId, intakeId } = await c.trainee();
    const day = addDays(fijiToday(), -9);
    expect((await c.mark(seatId, day, false)).json().attendance).toEqual([{ day, present: false }]);
    const res = await c.mark(seatId, day, true);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ seatId, attendance: [{ day, present: true }] });
    const sheet = (await c.staff.get(`/api/admin/intakes/${intakeId}/class`)).json();
    expect(sheet.trainees[0].attendance).toEqual([{ day, present: true }]);
    expect((await c.audited("attendance"))?.details).toEqual({ day, present: true });
  });

  it("refuses a day outside the intake, a day to come, a date that does not exist and a bad body with a 400", async () => {
    const { seatId } = await c.trainee();
    const running = await insertIntake(c.t.database.db, -1, "Nadi", 8);
    const today = await c.trainee({ intakeId: running });
    const cases: [number, unknown, RegExp][] = [
      [seatId, { day: addDays(fijiToday(), -11), present: true }, /is not a day of this intake/],
      [seatId, { day: addDays(fijiToday(), -5), present: true }, /is not a day of this intake/],
      [today.seatId, { day: addDays(fijiToday(), 1), present: true }, /has not come yet/],
      [seatId, { day: "2026-02-30", present: true }, /calendar date/],
      [seatId, { day: "yesterday", present: true }, /calendar date/],
      [seatId, { day: addDays(fijiToday(), -9) }, /present/],
      [seatId, { day: addDays(fijiToday(), -9), present: "yes" }, /present/],
      [seatId, { present: true }, /day/],
      [seatId, "not json at all", /./],
    ];
    for (const [id, body, message] of cases) {
      const res = await c.staff.put(`/api/admin/places/${id}/attendance`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    // Today, the intake's second day, can be marked.
    expect((await c.mark(today.seatId, fijiToday())).statusCode).toBe(200);
  });

  it("answers 404 for an unknown place and 409 for a place that is not confirmed", async () => {
    const day = addDays(fijiToday(), -9);
    expect((await c.mark(999_999, day)).statusCode).toBe(404);
    expect((await c.staff.put("/api/admin/places/x/attendance", { day, present: true })).statusCode).toBe(
      404,
    );
    const held = await c.trainee({ state: "held" });
    const res = await c.mark(held.seatId, day);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe("Only confirmed trainees are on the class sheet; this place is held.");
  });
});

describe("results other than a pass", () => {
  const c = withCertificateClass();

  it("records not yet competent or withdrew with a note, audited, and may be changed", async () => {
    const { seatId } = await c.trainee();
    const res = await c.setResult(seatId, {
      result: "not_yet_competent",
      note: "  Needs more hover practice ",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toMatchObject({
      result: "not_yet_competent",
      note: "Needs more hover practice",
      decidedBy: "staff",
    });
    expect(res.json().certificate).toBeNull();
    expect((await c.audited("trainee-result"))?.details).toEqual({
      result: "not_yet_competent",
      note: "Needs more hover practice",
    });
    const changed = await c.setResult(seatId, { result: "withdrew", note: null });
    expect(changed.json().result).toMatchObject({ result: "withdrew", note: null });
  });

  it("refuses a bad result, a long note, an unknown place and a place not confirmed", async () => {
    const { seatId } = await c.trainee();
    for (const body of [
      {},
      { result: "failed" },
      { result: "withdrew", note: "x".repeat(501) },
      { result: 1 },
    ]) {
      const res = await c.setResult(seatId, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
    expect((await c.setResult(999_999, { result: "withdrew" })).statusCode).toBe(404);
    const offered = await c.trainee({ state: "offered" });
    expect((await c.setResult(offered.seatId, { result: "withdrew" })).statusCode).toBe(409);
  });
});

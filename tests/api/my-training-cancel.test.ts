// Cancelling one's own place at /my-training: the seat is freed for the waitlist in the same transaction, the refund
// the rules give is shown first and asked for, and someone else's place is a 404 like one that does not exist.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  certificates,
  coursePayments,
  courseRefunds,
  emailOutbox,
  seats,
  traineeResults,
} from "../../server/db/schema";
import { COURSE_RESULT_MESSAGE } from "../../shared/applicant";
import { insertIntake } from "../helpers/admin-session";
import { withApplicants } from "../helpers/applicant";
import { signInSubscriber } from "../helpers/subscriber";

describe("cancelling a place", () => {
  const { t, apply, seatOf, get, post } = withApplicants();

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
      message: "Your place is cancelled and freed. A refund of FJD 150.00 has been requested.",
    });
    const refunds = await t.database.db.select().from(courseRefunds);
    expect(refunds.map((r) => [r.amountCents, r.status])).toEqual([[15000, "requested"]]);
  });

  it("is not offered, and is refused, once the place has a result or a certificate", async () => {
    const results = { rua: "withdrew", sam: "not_yet_competent", tui: "passed" } as const;
    for (const [name, result] of Object.entries(results)) {
      const person = await apply(name);
      const seat = await seatOf(person.email);
      const seatId = seat?.id ?? 0;
      await t.database.db.update(seats).set({ state: "confirmed" }).where(eq(seats.id, seatId));
      const cookie = await signInSubscriber(t.app, person.email);
      const before = (await get("/api/training/applications", cookie)).json().applications[0];
      expect(before.cancel, name).not.toBeNull();

      await t.database.db.insert(traineeResults).values({ seatId, result, decidedBy: "tester" });
      if (result === "passed") {
        const intake = seat?.intakeId ?? 0;
        await t.database.db.insert(certificates).values({
          number: "PSR-B-2027-0001",
          code: "cancel-test-code-0001",
          seatId,
          enrollmentId: person.enrollmentId,
          intakeId: intake,
          email: person.email,
          courseType: "basic",
          title: "Basic RPAS Pilot Certificate",
          givenNames: "Tui",
          surname: "Tester",
          startDate: "2027-01-12",
          endDate: "2027-01-16",
          location: "Suva",
          issuedOn: "2027-01-16",
          reviewToken: "cancel-test-review-token-0001",
        });
        // The result alone is not what counts: a certificate, even revoked, keeps the place too.
        await t.database.db.delete(traineeResults).where(eq(traineeResults.seatId, seatId));
        await t.database.db.update(certificates).set({ revokedAt: new Date(), revokedBy: "tester" });
      }
      const after = (await get("/api/training/applications", cookie)).json().applications[0];
      expect(after.cancel, name).toBeNull();
      await t.database.db.delete(emailOutbox);
      const res = await post(`/api/training/places/${seatId}/cancel`, {}, cookie);
      expect(res.statusCode, name).toBe(409);
      expect(res.json().message).toBe(COURSE_RESULT_MESSAGE);
      expect((await seatOf(person.email))?.state).toBe("confirmed");
      expect(await t.database.db.select().from(emailOutbox)).toEqual([]);
    }
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

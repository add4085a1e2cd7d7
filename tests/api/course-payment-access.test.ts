// Who opens a place's payment, and the offers that link to it: the signed-in applicant whose e-mail the place is needs
// no token (anyone else signed in gets nothing), a waitlist offer carries its own pay link, and money paid for an
// intake that was cancelled meanwhile buys no seat and is refunded.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { emailOutbox, intakes, seats } from "../../server/db/schema";
import { declinePlace } from "../../server/training/seat-lifecycle";
import { takePlace } from "../../server/training/seats";
import { fijiToday } from "../../shared/fiji-time";
import { DEFAULT_SETTINGS } from "../../shared/settings";
import { insertEnrollment } from "../helpers/admin-session";
import {
  coursePaymentCalls,
  insertCourseIntake,
  offeredPlace,
  STAFF_ACTION,
} from "../helpers/course-payment";
import { withFakeStripe } from "../helpers/stripe";
import { signInSubscriber } from "../helpers/subscriber";

describe("opening and offering course payments", () => {
  const s = withFakeStripe();
  const calls = coursePaymentCalls(() => ({ app: s.t.app, db: s.t.database.db }));

  it("the signed-in applicant opens and pays their place without a token; another person cannot", async () => {
    const intakeId = await insertCourseIntake(s.t.database.db);
    const place = await offeredPlace(s.t.app, s.t.database.db, intakeId);
    const cookie = await signInSubscriber(s.t.app, place.email);
    const url = `/api/training/places/${place.seatId}/payment`;
    const own = await s.t.app.inject({ method: "GET", url, headers: { cookie } });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ placeId: place.seatId, dueCents: 30000 });
    const started = await s.t.app.inject({
      method: "POST",
      url,
      payload: { kind: "full", method: "card" },
      headers: { cookie, origin: s.t.app.env.PUBLIC_URL },
    });
    expect(started.statusCode, started.body).toBe(200);

    const stranger = await signInSubscriber(s.t.app, "someone-else@example.fj");
    expect((await s.t.app.inject({ method: "GET", url, headers: { cookie: stranger } })).statusCode).toBe(
      404,
    );
  });

  it("a seat freed to the waitlist is offered with its own pay link", async () => {
    const intakeId = await insertCourseIntake(s.t.database.db);
    await s.t.database.db.update(intakes).set({ seats: 1 }).where(eq(intakes.id, intakeId));
    const first = await offeredPlace(s.t.app, s.t.database.db, intakeId);
    const email = "next-in-line@example.fj";
    const enrollmentId = await insertEnrollment(s.t.database.db, { email });
    const waiting = await s.t.database.db.transaction((tx) =>
      takePlace(tx, { intakeId, enrollmentId, email, holdHours: 24, today: fijiToday() }),
    );
    expect(waiting.outcome).toBe("waitlisted");
    await declinePlace(s.t.database.db, first.seatId, DEFAULT_SETTINGS, STAFF_ACTION);
    const [offer] = await s.t.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, email));
    expect(offer?.subject).toBe("A place is free for you on the Basic RPAS Pilot course");
    const seatId = "seatId" in waiting ? waiting.seatId : 0;
    const token = /\/course-payment\?place=(\d+)&token=([\w-]+)/.exec(offer?.text ?? "");
    expect(Number(token?.[1])).toBe(seatId);
    expect((await calls.summary(seatId, token?.[2])).json()).toMatchObject({
      state: "offered",
      dueCents: 30000,
    });
  });

  it("money paid for an intake cancelled meanwhile buys no seat and is refunded", async () => {
    const intakeId = await insertCourseIntake(s.t.database.db);
    const place = await offeredPlace(s.t.app, s.t.database.db, intakeId);
    const res = await calls.start(place.seatId, { token: place.token, kind: "full", method: "card" });
    expect(res.statusCode).toBe(200);
    await s.t.database.db.update(intakes).set({ status: "cancelled" }).where(eq(intakes.id, intakeId));
    await s.t.database.db.update(seats).set({ state: "cancelled" }).where(eq(seats.id, place.seatId));
    const intent = [...s.stripe.paymentIntents.values()].at(-1);
    const settled = s.stripe.settlePaymentIntent(intent?.id as string);
    expect((await s.deliver(s.stripe.event("payment_intent.succeeded", settled))).statusCode).toBe(200);
    expect((await calls.seat(place.seatId))?.state).toBe("cancelled");
    const [payment] = await calls.payments(place.seatId);
    expect(await calls.refundsOf(payment?.id ?? 0)).toMatchObject([
      { amountCents: 30000, status: "requested", reason: "Paid for a cancelled intake" },
    ]);
  });
});

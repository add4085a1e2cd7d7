// Course fees by card, through the real Stripe client against the local fake: the offer's pay link opens what is
// owed, the card payment is a one-off payment intent, and only Stripe's signed webhook (after re-reading the intent)
// confirms the place, once. Deposits leave a balance; an expired offer is refused before anything is charged.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { coursePayments, seats } from "../../server/db/schema";
import { addDays } from "../../server/training/calendar";
import { OFFER_EXPIRED_MESSAGE, PAY_LINK_INVALID_MESSAGE } from "../../shared/course-payment";
import { fijiToday } from "../../shared/fiji-time";
import { formatCalendarDate } from "../../shared/training";
import type { Json } from "../fakes/stripe/wire";
import { coursePaymentCalls, insertCourseIntake, offeredPlace } from "../helpers/course-payment";
import { withFakeStripe } from "../helpers/stripe";

describe("course fees by card", () => {
  const s = withFakeStripe();
  const calls = coursePaymentCalls(() => ({ app: s.t.app, db: s.t.database.db }));
  let intakeId: number;
  let depositIntakeId: number;

  beforeAll(async () => {
    intakeId = await insertCourseIntake(s.t.database.db);
    depositIntakeId = await insertCourseIntake(s.t.database.db, { depositCents: 10000 });
  });

  /** The payer confirms with their card at Stripe, and Stripe delivers its signed webhook. */
  async function cardPays(reference: string, paid = true) {
    const intent = [...s.stripe.paymentIntents.values()].find(
      (pi) => (pi.metadata as { reference?: string }).reference === reference,
    );
    if (!intent) throw new Error(`no intent for ${reference}`);
    const settled = s.stripe.settlePaymentIntent(intent.id as string, paid);
    const event = s.stripe.event(
      paid ? "payment_intent.succeeded" : "payment_intent.payment_failed",
      settled,
    );
    const res = await s.deliver(event);
    expect(res.statusCode, res.body).toBe(200);
    return { event, intentId: intent.id as string };
  }

  async function startCard(seatId: number, token: string, kind = "full") {
    const res = await calls.start(seatId, { token, kind, method: "card" });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { reference: string; clientSecret: string; amountCents: number };
  }

  it("the offer e-mail links to the place's payment page, which the token (and only it) opens", async () => {
    const place = await offeredPlace(s.t.app, s.t.database.db, intakeId);
    const [offer] = await calls.mailsTo(place.email);
    expect(offer?.subject).toMatch(/^Your place on the Basic RPAS Pilot course is offered/);
    expect(offer?.text).toContain(`/course-payment?place=${place.seatId}&token=${place.token}`);

    const res = await calls.summary(place.seatId, place.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      state: "offered",
      courseTitle: "Basic RPAS Pilot",
      location: "Suva",
      feeCents: 30000,
      depositCents: null,
      vatPercent: 0,
      paidCents: 0,
      dueCents: 30000,
      offerExpired: false,
      options: [{ kind: "full", amountCents: 30000, vatCents: 0 }],
      card: true,
    });
    for (const token of [undefined, "x".repeat(32), place.token.slice(1)]) {
      const refused = await calls.summary(place.seatId, token);
      expect(refused.statusCode).toBe(404);
      expect(refused.json().message).toBe(PAY_LINK_INVALID_MESSAGE);
    }
    // Another place's token does not open this one.
    const other = await offeredPlace(s.t.app, s.t.database.db, intakeId);
    expect((await calls.summary(place.seatId, other.token)).statusCode).toBe(404);
  });

  it("a card payment confirms the place through the webhook, once, with a receipt showing VAT and nothing due", async () => {
    const place = await offeredPlace(s.t.app, s.t.database.db, intakeId);
    const started = await startCard(place.seatId, place.token);
    expect(started.amountCents).toBe(30000);
    expect(started.clientSecret).toMatch(/_secret_/);
    // Nothing is confirmed by starting: only Stripe's word does that.
    expect((await calls.seat(place.seatId))?.state).toBe("offered");
    const intent = [...s.stripe.paymentIntents.values()].at(-1);
    expect(intent).toMatchObject({ amount: 30000, currency: "fjd", metadata: { purpose: "course-fee" } });
    const create = s.stripe.requests.find((r) => r.path === "/v1/payment_intents" && r.method === "POST");
    expect(create?.idempotencyKey).toMatch(/^rpas-course-payment-/);

    const { event } = await cardPays(started.reference);
    expect((await calls.seat(place.seatId))?.state).toBe("confirmed");
    const [payment] = await calls.payments(place.seatId);
    expect(payment).toMatchObject({
      status: "paid",
      amountCents: 30000,
      vatCents: 0,
      method: "card",
      kind: "full",
    });
    const receipts = (await calls.mailsTo(place.email)).filter((m) => m.subject.startsWith("Receipt"));
    expect(receipts).toHaveLength(1);
    expect(receipts[0]?.subject).toBe("Receipt: Basic RPAS Pilot course, FJD 300.00");
    expect(receipts[0]?.text).toContain("Amount paid: FJD 300.00 (card)");
    expect(receipts[0]?.text).toContain("VAT (0%, included): FJD 0.00");
    expect(receipts[0]?.text).toContain("Balance due: FJD 0.00");

    // The same event again, and another event about the same payment: nothing changes, no second receipt.
    expect((await s.deliver(event)).statusCode).toBe(200);
    const again = s.stripe.event("payment_intent.succeeded", (event.data as { object: Json }).object);
    expect((await s.deliver(again)).statusCode).toBe(200);
    expect((await calls.mailsTo(place.email)).filter((m) => m.subject.startsWith("Receipt"))).toHaveLength(1);
    expect(await calls.payments(place.seatId)).toHaveLength(1);
    const summary = (await calls.summary(place.seatId, place.token)).json();
    expect(summary).toMatchObject({ state: "confirmed", paidCents: 30000, dueCents: 0, options: [] });
  });

  it("a declined card leaves the offer open and the payment failed", async () => {
    const place = await offeredPlace(s.t.app, s.t.database.db, intakeId);
    const started = await startCard(place.seatId, place.token);
    await cardPays(started.reference, false);
    expect((await calls.seat(place.seatId))?.state).toBe("offered");
    expect((await calls.payments(place.seatId))[0]).toMatchObject({ status: "failed" });
  });

  it("a deposit confirms the place and leaves the balance due by its date; paying the balance clears it", async () => {
    const place = await offeredPlace(s.t.app, s.t.database.db, depositIntakeId);
    const before = (await calls.summary(place.seatId, place.token)).json();
    expect(before.options).toEqual([
      { kind: "full", amountCents: 30000, vatCents: 0 },
      { kind: "deposit", amountCents: 10000, vatCents: 0 },
    ]);
    const due = addDays(addDays(fijiToday(), 30), -14);
    expect(before.balanceDueDate).toBe(due);

    const deposit = await startCard(place.seatId, place.token, "deposit");
    expect(deposit.amountCents).toBe(10000);
    await cardPays(deposit.reference);
    expect((await calls.seat(place.seatId))?.state).toBe("confirmed");
    const [receipt] = (await calls.mailsTo(place.email)).filter((m) => m.subject.startsWith("Receipt"));
    expect(receipt?.text).toContain("Amount paid: FJD 100.00 (card)");
    expect(receipt?.text).toContain(`Balance due: FJD 200.00 by ${formatCalendarDate(due)}`);
    expect(receipt?.text).toContain(`/course-payment?place=${place.seatId}&token=${place.token}`);

    const after = (await calls.summary(place.seatId, place.token)).json();
    expect(after).toMatchObject({ paidCents: 10000, dueCents: 20000 });
    expect(after.options).toEqual([{ kind: "balance", amountCents: 20000, vatCents: 0 }]);
    // The deposit cannot be paid again, and the full fee is no longer offered.
    expect(
      (await calls.start(place.seatId, { token: place.token, kind: "deposit", method: "card" })).statusCode,
    ).toBe(409);

    const balance = await startCard(place.seatId, place.token, "balance");
    expect(balance.amountCents).toBe(20000);
    await cardPays(balance.reference);
    expect((await calls.summary(place.seatId, place.token)).json()).toMatchObject({
      paidCents: 30000,
      dueCents: 0,
    });
  });

  it("paying an expired offer is refused with a clear message, and nothing is charged or recorded", async () => {
    const place = await offeredPlace(s.t.app, s.t.database.db, intakeId);
    await s.t.database.db
      .update(seats)
      .set({ offerExpiresAt: new Date(Date.now() - 60_000) })
      .where(eq(seats.id, place.seatId));
    const intentsBefore = s.stripe.paymentIntents.size;
    const res = await calls.start(place.seatId, { token: place.token, kind: "full", method: "card" });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(OFFER_EXPIRED_MESSAGE);
    expect(s.stripe.paymentIntents.size).toBe(intentsBefore);
    expect(await calls.payments(place.seatId)).toEqual([]);
    const summary = (await calls.summary(place.seatId, place.token)).json();
    expect(summary).toMatchObject({ offerExpired: true, options: [], message: OFFER_EXPIRED_MESSAGE });
    // Once lapsed, the same.
    await s.t.database.db.update(seats).set({ state: "lapsed" }).where(eq(seats.id, place.seatId));
    const lapsed = await calls.start(place.seatId, { token: place.token, kind: "full", method: "card" });
    expect(lapsed.json().message).toBe(OFFER_EXPIRED_MESSAGE);
    expect(s.stripe.paymentIntents.size).toBe(intentsBefore);
  });

  it("paying twice (two tabs) confirms once and asks for a refund of the second payment", async () => {
    const place = await offeredPlace(s.t.app, s.t.database.db, intakeId);
    const first = await startCard(place.seatId, place.token);
    const second = await startCard(place.seatId, place.token);
    await cardPays(first.reference);
    await cardPays(second.reference);
    expect((await calls.seat(place.seatId))?.state).toBe("confirmed");
    const payments = await calls.payments(place.seatId);
    expect(payments.map((p) => p.status)).toEqual(["paid", "paid"]);
    const secondRow = payments.find((p) => p.reference === second.reference);
    const refunds = await calls.refundsOf(secondRow?.id ?? 0);
    expect(refunds).toMatchObject([{ amountCents: 30000, status: "requested" }]);
    expect(await calls.refundsOf(payments.find((p) => p.reference === first.reference)?.id ?? 0)).toEqual([]);
    const mails = (await calls.mailsTo(place.email)).map((m) => m.subject);
    expect(mails.filter((m) => m.startsWith("Receipt"))).toHaveLength(1);
    expect(mails).toContain("Your payment of FJD 300.00 will be refunded");
    // Once confirmed, there is nothing left to start.
    expect(
      (await calls.start(place.seatId, { token: place.token, kind: "full", method: "card" })).statusCode,
    ).toBe(409);
  });

  it("a webhook for no known application is acknowledged, recorded, grants nothing and asks for a refund", async () => {
    const stripe = s.t.app.stripe;
    if (!stripe) throw new Error("stripe not configured");
    const stray = await stripe.client.paymentIntents.create({
      amount: 30000,
      currency: "fjd",
      metadata: { purpose: "course-fee", reference: "CFP-AAAAAAAAAA" },
      receipt_email: "stranger@example.fj",
    });
    const settled = s.stripe.settlePaymentIntent(stray.id);
    const res = await s.deliver(s.stripe.event("payment_intent.succeeded", settled));
    expect(res.statusCode).toBe(200);
    const [row] = await s.t.database.db
      .select()
      .from(coursePayments)
      .where(eq(coursePayments.providerReference, stray.id));
    expect(row).toMatchObject({ seatId: null, status: "paid", amountCents: 30000 });
    expect(await calls.refundsOf(row?.id ?? 0)).toMatchObject([{ amountCents: 30000, status: "requested" }]);
    // A card payment that is not a course fee (a subscription's own) is left alone.
    const other = await stripe.client.paymentIntents.create({ amount: 5000, currency: "fjd" });
    expect(
      (await s.deliver(s.stripe.event("payment_intent.succeeded", s.stripe.settlePaymentIntent(other.id))))
        .statusCode,
    ).toBe(200);
    expect(
      await s.t.database.db
        .select()
        .from(coursePayments)
        .where(eq(coursePayments.providerReference, other.id)),
    ).toEqual([]);
  });

  it("money for a place cancelled before the webhook arrives never brings the seat back and is refunded", async () => {
    const place = await offeredPlace(s.t.app, s.t.database.db, intakeId);
    const started = await startCard(place.seatId, place.token);
    await s.t.database.db.update(seats).set({ state: "cancelled" }).where(eq(seats.id, place.seatId));
    await cardPays(started.reference);
    expect((await calls.seat(place.seatId))?.state).toBe("cancelled");
    const [payment] = await calls.payments(place.seatId);
    expect(payment?.status).toBe("paid");
    expect(await calls.refundsOf(payment?.id ?? 0)).toMatchObject([
      { amountCents: 30000, status: "requested", reason: "Paid after the place was cancelled" },
    ]);
    expect((await calls.mailsTo(place.email)).map((m) => m.subject)).toContain(
      "Your payment of FJD 300.00 will be refunded",
    );
  });
});

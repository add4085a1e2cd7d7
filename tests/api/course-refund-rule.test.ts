// The refund rule is stated before paying (the pay page's summary carries it as the intake's dates) and again in
// the receipt, worked out by the same function (shared/refund-rule.ts) that decides the refund when a place is
// cancelled: a late payer reads that cancelling now refunds only part, and that is what cancelling gives.
import { beforeAll, describe, expect, it } from "vitest";
import { addDays } from "../../server/training/calendar";
import { refundFor } from "../../server/training/fee-refunds";
import { fijiToday } from "../../shared/fiji-time";
import { refundRuleText } from "../../shared/refund-rule";
import { DEFAULT_SETTINGS } from "../../shared/settings";
import { coursePaymentCalls, insertCourseIntake, offeredPlace } from "../helpers/course-payment";
import { withFakeStripe } from "../helpers/stripe";

describe("the refund rule before and after paying", () => {
  const s = withFakeStripe();
  const calls = coursePaymentCalls(() => ({ app: s.t.app, db: s.t.database.db }));
  let early: number;
  let late: number;

  beforeAll(async () => {
    early = await insertCourseIntake(s.t.database.db, { startsInDays: 40 });
    late = await insertCourseIntake(s.t.database.db, { startsInDays: 10 });
  });

  it("an intake weeks away: the pay page's summary gives its full- and part-refund dates", async () => {
    const place = await offeredPlace(s.t.app, s.t.database.db, early);
    const start = addDays(fijiToday(), 40);
    const summary = (await calls.summary(place.seatId, place.token)).json();
    expect(summary.refundRule).toEqual({
      fullUntil: addDays(start, -14),
      partialUntil: addDays(start, -7),
      partialPercent: 50,
    });
    expect(refundRuleText(summary.refundRule, fijiToday())).toMatch(
      /^Cancel by \d+ \w+ \d{4} for a full refund, or by \d+ \w+ \d{4} for a 50% refund; no refund after that\./,
    );
  });

  it("a late payer is told before paying that cancelling now refunds 50%, and the receipt says it again", async () => {
    const place = await offeredPlace(s.t.app, s.t.database.db, late);
    const start = addDays(fijiToday(), 10);
    const summary = (await calls.summary(place.seatId, place.token)).json();
    const stated = refundRuleText(summary.refundRule, fijiToday());
    expect(stated).toContain("The last day for a full refund was");
    expect(stated).toContain("refunds 50% of what you paid");
    // What cancelling right after paying would give is what was stated.
    expect(refundFor(start, 30000, DEFAULT_SETTINGS)).toMatchObject({ rule: "partial", refundCents: 15000 });

    const started = await calls.start(place.seatId, { token: place.token, kind: "full", method: "card" });
    expect(started.statusCode, started.body).toBe(200);
    const { reference } = started.json() as { reference: string };
    const intent = [...s.stripe.paymentIntents.values()].find(
      (pi) => (pi.metadata as { reference?: string }).reference === reference,
    );
    const settled = s.stripe.settlePaymentIntent(intent?.id as string, true);
    expect((await s.deliver(s.stripe.event("payment_intent.succeeded", settled))).statusCode).toBe(200);

    const [receipt] = (await calls.mailsTo(place.email)).filter((m) => m.subject.startsWith("Receipt"));
    expect(receipt?.text).toContain(`If you cancel: ${stated}`);
  });
});

// Staff's course-fee overrides and refunds: a bank transfer or cash payment recorded with its receipt number,
// confirming without payment (audited, reason required), cancelling after paying under the refund rules, approving a
// card refund (it reaches Stripe) or a wallet one (the reversal's receipt), rejecting, and the revenue per intake.
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog, coursePayments, courseRefunds } from "../../server/db/schema";
import { RECEIPT_NEEDED_MESSAGE } from "../../server/training/fee-refund-decisions";
import { cancelPlaceWithRefund, refundPreview } from "../../server/training/fee-refunds";
import { DEFAULT_SETTINGS } from "../../shared/settings";
import { createStaffAndSignIn } from "../helpers/admin-session";
import {
  coursePaymentCalls,
  insertCourseIntake,
  offeredPlace,
  STAFF_ACTION,
} from "../helpers/course-payment";
import { withFakeStripe } from "../helpers/stripe";
import { sameSite } from "../helpers/test-app";

describe("staff and refunds of course fees", () => {
  const s = withFakeStripe();
  const calls = coursePaymentCalls(() => ({ app: s.t.app, db: s.t.database.db }));
  let cookie: string;
  const staffPost = (url: string, payload: object) =>
    s.t.app.inject({ method: "POST", url, payload, headers: { ...sameSite, cookie } });
  const staffGet = (url: string) => s.t.app.inject({ method: "GET", url, headers: { cookie } });
  const audits = (action: string) =>
    s.t.database.db.select().from(auditLog).where(eq(auditLog.action, action));

  beforeAll(async () => {
    cookie = await createStaffAndSignIn(s.t.app, s.t.database.db);
  });

  async function place(startsInDays = 30, depositCents: number | null = null) {
    const intakeId = await insertCourseIntake(s.t.database.db, { startsInDays, depositCents });
    return { intakeId, ...(await offeredPlace(s.t.app, s.t.database.db, intakeId)) };
  }

  async function payByCard(seatId: number, token: string) {
    const res = await calls.start(seatId, { token, kind: "full", method: "card" });
    expect(res.statusCode, res.body).toBe(200);
    const intent = [...s.stripe.paymentIntents.values()].at(-1);
    const settled = s.stripe.settlePaymentIntent(intent?.id as string);
    expect((await s.deliver(s.stripe.event("payment_intent.succeeded", settled))).statusCode).toBe(200);
    return intent?.id as string;
  }

  it("records a bank transfer with its receipt number: the place is confirmed, audited and receipted", async () => {
    const p = await place();
    const missing = await staffPost(`/api/admin/places/${p.seatId}/payments`, {
      method: "bank",
      amountCents: 30000,
    });
    expect(missing.statusCode).toBe(400);
    const res = await staffPost(`/api/admin/places/${p.seatId}/payments`, {
      method: "bank",
      amountCents: 30000,
      receiptNumber: "BSP-778812",
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      paidCents: 30000,
      dueCents: 0,
      payments: [
        { kind: "bank", method: "bank", receiptNumber: "BSP-778812", recordedBy: "staff", status: "paid" },
      ],
    });
    expect((await calls.seat(p.seatId))?.state).toBe("confirmed");
    expect((await audits("course-payment.recorded")).map((a) => a.subject)).toContain(`seat ${p.seatId}`);
    const receipt = (await calls.mailsTo(p.email)).find((m) => m.subject.startsWith("Receipt"));
    expect(receipt?.text).toContain("Receipt: BSP-778812");
    expect(receipt?.text).toContain("Amount paid: FJD 300.00 (bank transfer)");
    // The receipt that confirms the place carries the course's calendar file.
    const ics = Buffer.from(receipt?.attachments?.[0]?.contentBase64 ?? "", "base64").toString();
    expect(receipt?.attachments?.[0]?.filename).toBe("course.ics");
    expect(ics).toContain("BEGIN:VEVENT");
  });

  it("records part of the fee in cash: the place is confirmed and the rest stays due", async () => {
    const p = await place(30, 10000);
    const res = await staffPost(`/api/admin/places/${p.seatId}/payments`, {
      method: "cash",
      amountCents: 10000,
      receiptNumber: "CASH-0042",
    });
    expect(res.json()).toMatchObject({ paidCents: 10000, dueCents: 20000 });
    expect((await calls.summary(p.seatId, p.token)).json().options).toEqual([
      { kind: "balance", amountCents: 20000, vatCents: 0 },
    ]);
  });

  it("confirms without payment only with a reason, audited, and the place then owes nothing", async () => {
    const p = await place();
    expect((await staffPost(`/api/admin/places/${p.seatId}/confirm`, {})).statusCode).toBe(400);
    expect((await staffPost(`/api/admin/places/${p.seatId}/confirm`, { reason: "  " })).statusCode).toBe(400);
    const res = await staffPost(`/api/admin/places/${p.seatId}/confirm`, {
      reason: "Scholarship from the ministry",
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      paidCents: 0,
      dueCents: 0,
      payments: [{ kind: "waived", method: "none" }],
    });
    expect((await calls.seat(p.seatId))?.state).toBe("confirmed");
    const [entry] = (await audits("place.confirmed-without-payment")).filter(
      (a) => a.subject === `seat ${p.seatId}`,
    );
    expect(entry?.details).toEqual({ reason: "Scholarship from the ministry" });
    // The trainee is told, with the calendar file, and no money is mentioned.
    const told = (await calls.mailsTo(p.email)).find((m) => m.subject.startsWith("Your place is confirmed"));
    expect(told?.text).toContain("confirmed, with nothing to pay");
    expect(told?.text).not.toContain("FJD");
    expect(told?.attachments?.[0]?.contentType).toBe("text/calendar; charset=utf-8");
    // A declined place cannot be confirmed by hand (its seat may be someone else's now).
    const gone = await place();
    await staffPost(`/api/admin/places/${gone.seatId}/decline`, {});
    expect((await staffPost(`/api/admin/places/${gone.seatId}/confirm`, { reason: "x" })).statusCode).toBe(
      409,
    );
  });

  it("cancelling after paying asks for the refund the rules give: full, half, or nothing by the days left", async () => {
    const cases = [
      { days: 30, refund: 30000, rule: "full" },
      { days: 14, refund: 30000, rule: "full" },
      { days: 10, refund: 15000, rule: "partial" },
      { days: 3, refund: 0, rule: "none" },
    ];
    for (const c of cases) {
      const p = await place(c.days);
      await payByCard(p.seatId, p.token);
      expect(await refundPreview(s.t.database.db, p.seatId, DEFAULT_SETTINGS)).toMatchObject({
        paidCents: 30000,
        refundCents: c.refund,
        rule: c.rule,
      });
      const done = await cancelPlaceWithRefund(s.t.database.db, p.seatId, DEFAULT_SETTINGS, STAFF_ACTION);
      expect(done).toMatchObject({
        outcome: "cancelled",
        paidCents: 30000,
        refundCents: c.refund,
        rule: c.rule,
      });
      expect((await calls.seat(p.seatId))?.state).toBe("cancelled");
      const [payment] = await calls.payments(p.seatId);
      const refunds = await calls.refundsOf(payment?.id ?? 0);
      expect(refunds.map((r) => r.amountCents)).toEqual(c.refund ? [c.refund] : []);
    }
    // Nothing paid, nothing to refund; a place already cancelled cannot be cancelled again.
    const unpaid = await place();
    expect(
      await cancelPlaceWithRefund(s.t.database.db, unpaid.seatId, DEFAULT_SETTINGS, STAFF_ACTION),
    ).toMatchObject({
      refundCents: 0,
      refundIds: [],
    });
    expect(
      await cancelPlaceWithRefund(s.t.database.db, unpaid.seatId, DEFAULT_SETTINGS, STAFF_ACTION),
    ).toEqual({
      outcome: "not-now",
      state: "cancelled",
    });
  });

  it("approving a card refund refunds it at Stripe once; the intake's revenue follows", async () => {
    const p = await place();
    const intentId = await payByCard(p.seatId, p.token);
    const other = await offeredPlace(s.t.app, s.t.database.db, p.intakeId);
    const revenue = async () =>
      (await staffGet("/api/admin/intakes?all=true")).json().find((i: { id: number }) => i.id === p.intakeId);
    expect(await revenue()).toMatchObject({ paidCents: 30000, dueCents: 30000, confirmed: 1, offered: 1 });

    await cancelPlaceWithRefund(s.t.database.db, p.seatId, DEFAULT_SETTINGS, STAFF_ACTION);
    const listed = await staffGet("/api/admin/course-refunds?status=requested");
    const request = listed.json().find((r: { seatId: number }) => r.seatId === p.seatId);
    expect(request).toMatchObject({ amountCents: 30000, method: "card", status: "requested" });

    const res = await staffPost(`/api/admin/course-refunds/${request.id}/approve`, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: "refunded", decidedBy: "staff" });
    const refunds = [...s.stripe.refunds.values()].filter((r) => r.payment_intent === intentId);
    expect(refunds).toMatchObject([{ amount: 30000 }]);
    expect((await calls.payments(p.seatId))[0]?.status).toBe("refunded");
    expect((await staffPost(`/api/admin/course-refunds/${request.id}/approve`, {})).statusCode).toBe(409);
    expect([...s.stripe.refunds.values()].filter((r) => r.payment_intent === intentId)).toHaveLength(1);
    // The cancelled place's seat went back: the other offer still owes its fee, the refunded money is not counted.
    expect(await revenue()).toMatchObject({ paidCents: 0, dueCents: 30000 });
    expect(other.seatId).toBeGreaterThan(0);
    expect((await audits("course-refund.refunded")).map((a) => a.subject)).toContain(
      `course refund ${request.id}`,
    );
  });

  it("a wallet refund needs the reversal's receipt number; a refund can be rejected with a reason", async () => {
    const [payment] = await s.t.database.db
      .insert(coursePayments)
      .values({
        reference: "CFP-BBBBBBBBBB",
        kind: "full",
        method: "mpaisa",
        amountCents: 30000,
        status: "paid",
      })
      .returning();
    const [first, second] = await s.t.database.db
      .insert(courseRefunds)
      .values([{ paymentId: payment?.id ?? 0, amountCents: 30000, reason: "Paid for no known application" }])
      .returning();
    expect(second).toBeUndefined();
    const without = await staffPost(`/api/admin/course-refunds/${first?.id}/approve`, {});
    expect(without.statusCode).toBe(400);
    expect(without.json().message).toBe(RECEIPT_NEEDED_MESSAGE);
    const res = await staffPost(`/api/admin/course-refunds/${first?.id}/approve`, {
      receiptNumber: "MP-REV-5531",
    });
    expect(res.json()).toMatchObject({ status: "refunded", refundReference: "MP-REV-5531" });

    const p = await place();
    await payByCard(p.seatId, p.token);
    await cancelPlaceWithRefund(s.t.database.db, p.seatId, DEFAULT_SETTINGS, STAFF_ACTION);
    const [paid] = await calls.payments(p.seatId);
    const [request] = await calls.refundsOf(paid?.id ?? 0);
    expect((await staffPost(`/api/admin/course-refunds/${request?.id}/reject`, {})).statusCode).toBe(400);
    const rejected = await staffPost(`/api/admin/course-refunds/${request?.id}/reject`, {
      reason: "Paid in error by staff",
    });
    expect(rejected.json()).toMatchObject({ status: "rejected" });
    const [entry] = await s.t.database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, "course-refund.rejected"),
          eq(auditLog.subject, `course refund ${request?.id}`),
        ),
      );
    expect(entry?.details).toEqual({ reason: "Paid in error by staff" });
  });
});

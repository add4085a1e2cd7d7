// Refunds and disputes of card-paid course fees (docs/product.md, Course fees; ADR 054), through the real Stripe SDK
// against the local fake and Stripe's signed webhooks: a refund in full made in Stripe's dashboard cancels the place
// (its seat goes to the waitlist) and tells the payer and staff; a partial one is recorded and what is due worked out
// again; a dispute flags the payment and tells staff, lost it counts as a full refund, won the flag is cleared.
// Refunds the site made itself are never recorded twice, replayed events change nothing, a cancelled place stays so.
import { and, asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog, courseRefunds, emailOutbox, intakes } from "../../server/db/schema";
import { cancelPlaceWithRefund } from "../../server/training/fee-refunds";
import { takePlace } from "../../server/training/seats";
import { fijiToday } from "../../shared/fiji-time";
import { DEFAULT_SETTINGS } from "../../shared/settings";
import { createStaffAndSignIn, insertEnrollment } from "../helpers/admin-session";
import {
  coursePaymentCalls,
  insertCourseIntake,
  offeredPlace,
  STAFF_ACTION,
} from "../helpers/course-payment";
import { withFakeStripe } from "../helpers/stripe";
import { sameSite } from "../helpers/test-app";

type Json = Record<string, unknown>;
const STAFF = "office@rpas.example.test";

describe("refunds and disputes of card-paid course fees", () => {
  const s = withFakeStripe({ STAFF_EMAIL: STAFF });
  const calls = coursePaymentCalls(() => ({ app: s.t.app, db: s.t.database.db }));
  let cookie: string;
  beforeAll(async () => {
    cookie = await createStaffAndSignIn(s.t.app, s.t.database.db);
  });

  const deliver = async (event: unknown) => {
    const res = await s.deliver(event);
    expect(res.statusCode, res.body).toBe(200);
    return res;
  };
  const staffGet = (url: string) => s.t.app.inject({ method: "GET", url, headers: { cookie } });
  const staffPost = (url: string, payload: object) =>
    s.t.app.inject({ method: "POST", url, payload, headers: { ...sameSite, cookie } });

  /** A one-seat intake whose place is paid in full by card, and one person on its waitlist. */
  async function paidPlace(options: { waitlist?: boolean } = {}) {
    const intakeId = await insertCourseIntake(s.t.database.db);
    await s.t.database.db.update(intakes).set({ seats: 1 }).where(eq(intakes.id, intakeId));
    const place = await offeredPlace(s.t.app, s.t.database.db, intakeId);
    const res = await calls.start(place.seatId, { token: place.token, kind: "full", method: "card" });
    expect(res.statusCode, res.body).toBe(200);
    const intent = [...s.stripe.paymentIntents.values()].at(-1) as Json;
    await deliver(
      s.stripe.event("payment_intent.succeeded", s.stripe.settlePaymentIntent(intent.id as string)),
    );
    expect((await calls.seat(place.seatId))?.state).toBe("confirmed");
    const charge = [...s.stripe.charges.values()].find((c) => c.payment_intent === intent.id) as Json;
    let waitlisted: number | null = null;
    if (options.waitlist) {
      const email = `waiting-${place.seatId}@example.fj`;
      const enrollmentId = await insertEnrollment(s.t.database.db, { email, firstName: "Waiting" });
      const taken = await s.t.database.db.transaction((tx) =>
        takePlace(tx, { intakeId, enrollmentId, email, holdHours: 24, today: fijiToday() }),
      );
      expect(taken.outcome).toBe("waitlisted");
      waitlisted = "seatId" in taken ? taken.seatId : null;
    }
    const [payment] = await calls.payments(place.seatId);
    if (!payment) throw new Error("no payment");
    return { ...place, intakeId, chargeId: charge.id as string, payment, waitlisted };
  }

  async function mailsTo(to: string) {
    return s.t.database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.to, to))
      .orderBy(asc(emailOutbox.id));
  }
  const staffMails = async (payer: string) =>
    (await mailsTo(STAFF)).filter((m) => m.subject.includes(payer) && m.subject.startsWith("Course fee"));
  const placePayments = async (seatId: number) => {
    const res = await staffGet(`/api/admin/places/${seatId}/payments`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { paidCents: number; dueCents: number; payments: Json[]; refunds: Json[] };
  };

  it("a full refund in Stripe's dashboard cancels the place, gives its seat to the waitlist, tells payer and staff", async () => {
    const p = await paidPlace({ waitlist: true });
    const event = s.stripe.event("charge.refunded", s.stripe.refund(p.chargeId));
    await deliver(event);

    expect((await calls.seat(p.seatId))?.state).toBe("cancelled");
    expect((await calls.seat(p.waitlisted ?? 0))?.state).toBe("offered");
    const refunds = await calls.refundsOf(p.payment.id);
    expect(refunds).toMatchObject([
      { amountCents: 30000, status: "refunded", origin: "provider", decidedBy: "stripe" },
    ]);
    expect(refunds[0]?.refundReference).toMatch(/^re_/);
    const paid = await placePayments(p.seatId);
    expect(paid).toMatchObject({ paidCents: 0, payments: [{ status: "refunded" }] });

    const payerMail = (await mailsTo(p.email)).find((m) => m.subject.includes("is cancelled"));
    expect(payerMail?.subject).toBe("Your place on the Basic RPAS Pilot course is cancelled");
    expect(payerMail?.text).toMatch(/^Bula Payer\d+,\n/);
    expect(payerMail?.text).toContain("has been refunded to your card in full");
    const [note, ...more] = await staffMails(p.email);
    expect(more).toEqual([]);
    expect(note?.subject).toBe(`Course fee refunded at Stripe: ${p.email}, FJD 300.00`);
    expect(note?.text).toMatch(/^Bula,\n/);
    expect(note?.text).toContain(`Place: ${p.seatId}, now cancelled; its seat went to the waitlist`);
    const audits = await s.t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actor, "stripe"), eq(auditLog.subject, `seat ${p.seatId}`)));
    expect(audits.map((a) => a.action)).toEqual(["course-payment.refunded"]);

    // Stripe delivers the same event again, and another event about the same refund: nothing is applied twice.
    await deliver(event);
    await deliver(s.stripe.event("charge.refunded", s.stripe.charges.get(p.chargeId) as Json));
    expect(await calls.refundsOf(p.payment.id)).toHaveLength(1);
    expect(await staffMails(p.email)).toHaveLength(1);
    expect((await mailsTo(p.email)).filter((m) => m.subject.includes("is cancelled"))).toHaveLength(1);
  });

  it("a partial refund is recorded against the payment, what is due is worked out again, and staff are told", async () => {
    const p = await paidPlace();
    await deliver(s.stripe.event("charge.refunded", s.stripe.refund(p.chargeId, 10000)));

    expect((await calls.seat(p.seatId))?.state).toBe("confirmed");
    expect(await calls.refundsOf(p.payment.id)).toMatchObject([
      { amountCents: 10000, status: "refunded", origin: "provider" },
    ]);
    expect(await placePayments(p.seatId)).toMatchObject({
      paidCents: 20000,
      dueCents: 10000,
      payments: [{ status: "paid" }],
    });
    const [note] = await staffMails(p.email);
    expect(note?.subject).toBe(`Course fee partly refunded at Stripe: ${p.email}, FJD 300.00`);
    expect(note?.text).toContain("Refunded so far: FJD 100.00");
    expect(note?.text).toContain(`Place: ${p.seatId}, still held; it owes FJD 100.00 now`);
    expect((await mailsTo(p.email)).filter((m) => m.subject.includes("is cancelled"))).toEqual([]);
  });

  it("a dispute flags the payment and tells staff; lost, it is a full refund: the place is cancelled", async () => {
    const p = await paidPlace({ waitlist: true });
    const dispute = s.stripe.dispute(p.chargeId);
    await deliver(s.stripe.event("charge.dispute.created", dispute));

    expect((await calls.seat(p.seatId))?.state).toBe("confirmed");
    expect((await placePayments(p.seatId)).payments).toMatchObject([
      { disputeStatus: "needs_response", status: "paid" },
    ]);
    const [flagged] = await staffMails(p.email);
    expect(flagged?.subject).toBe(`Course fee disputed: ${p.email}, FJD 300.00`);
    expect(flagged?.text).toContain(`Dispute: ${dispute.id}`);
    // Stripe's update of the same dispute (evidence added) changes nothing for staff.
    await deliver(
      s.stripe.event("charge.dispute.updated", s.stripe.setDispute(dispute.id as string, "under_review")),
    );
    expect(await staffMails(p.email)).toHaveLength(1);

    const lost = s.stripe.setDispute(dispute.id as string, "lost");
    const closed = s.stripe.event("charge.dispute.closed", lost);
    await deliver(closed);
    expect((await calls.seat(p.seatId))?.state).toBe("cancelled");
    expect((await calls.seat(p.waitlisted ?? 0))?.state).toBe("offered");
    expect(await calls.refundsOf(p.payment.id)).toMatchObject([
      { amountCents: 30000, status: "refunded", origin: "provider", refundReference: dispute.id },
    ]);
    const payerMail = (await mailsTo(p.email)).find((m) => m.subject.includes("is cancelled"));
    expect(payerMail?.text).toContain("Your bank has taken back your card payment of FJD 300.00");
    const notes = await staffMails(p.email);
    expect(notes.map((m) => m.subject)).toContain(`Course fee dispute lost: ${p.email}, FJD 300.00`);

    await deliver(closed);
    expect(await calls.refundsOf(p.payment.id)).toHaveLength(1);
    expect(await staffMails(p.email)).toHaveLength(notes.length);
  });

  it("a dispute won clears the flag and tells staff; the place stays", async () => {
    const p = await paidPlace();
    const dispute = s.stripe.dispute(p.chargeId);
    await deliver(s.stripe.event("charge.dispute.created", dispute));
    await deliver(s.stripe.event("charge.dispute.closed", s.stripe.setDispute(dispute.id as string, "won")));

    expect((await calls.seat(p.seatId))?.state).toBe("confirmed");
    expect(await placePayments(p.seatId)).toMatchObject({
      paidCents: 30000,
      dueCents: 0,
      payments: [{ disputeStatus: "won", status: "paid" }],
    });
    expect(await calls.refundsOf(p.payment.id)).toEqual([]);
    expect((await staffMails(p.email)).map((m) => m.subject)).toEqual([
      `Course fee disputed: ${p.email}, FJD 300.00`,
      `Course fee dispute won: ${p.email}, FJD 300.00`,
    ]);
  });

  it("a refund the site made itself (staff approved it) is matched by its refund id and not applied twice", async () => {
    const p = await paidPlace();
    await cancelPlaceWithRefund(s.t.database.db, p.seatId, DEFAULT_SETTINGS, STAFF_ACTION);
    const [request] = await calls.refundsOf(p.payment.id);
    const approved = await staffPost(`/api/admin/course-refunds/${request?.id}/approve`, {});
    expect(approved.statusCode, approved.body).toBe(200);
    const [made] = await calls.refundsOf(p.payment.id);
    expect(made).toMatchObject({ status: "refunded", origin: "site" });
    // Matched by Stripe's refund id alone (a refund made before the request key went into its metadata).
    const atStripe = s.stripe.refunds.get(made?.refundReference ?? "");
    expect(atStripe?.metadata).toEqual({ refund: `course-refund-${request?.id}` });
    if (atStripe) atStripe.metadata = {};

    await deliver(s.stripe.event("charge.refunded", s.stripe.charges.get(p.chargeId) as Json));
    expect(await calls.refundsOf(p.payment.id)).toHaveLength(1);
    expect(await staffMails(p.email)).toEqual([]);
    expect(await placePayments(p.seatId)).toMatchObject({ paidCents: 0 });
  });

  it("a refund the site is still recording (its event came first) is recognised by the request in its metadata", async () => {
    const p = await paidPlace();
    await cancelPlaceWithRefund(s.t.database.db, p.seatId, DEFAULT_SETTINGS, STAFF_ACTION);
    const [request] = await calls.refundsOf(p.payment.id);
    // The approval reached Stripe; the webhook arrives before the refund id is written back.
    await s.t.database.db
      .update(courseRefunds)
      .set({ status: "approved" })
      .where(eq(courseRefunds.id, request?.id ?? 0));
    const client = s.t.app.stripe?.client;
    await client?.refunds.create({
      payment_intent: p.payment.providerReference ?? "",
      amount: 30000,
      metadata: { refund: `course-refund-${request?.id}` },
    });
    await deliver(s.stripe.event("charge.refunded", s.stripe.charges.get(p.chargeId) as Json));
    expect(await calls.refundsOf(p.payment.id)).toMatchObject([{ origin: "site", status: "approved" }]);
    expect(await staffMails(p.email)).toEqual([]);
  });

  it("a place already cancelled is left as it is; the refund is recorded and staff told", async () => {
    const p = await paidPlace({ waitlist: true });
    // Cancelled late (nothing to refund under the rules): the waitlist already got the seat.
    await s.t.database.db.update(intakes).set({ startDate: fijiToday() }).where(eq(intakes.id, p.intakeId));
    await cancelPlaceWithRefund(s.t.database.db, p.seatId, DEFAULT_SETTINGS, STAFF_ACTION);
    expect(await calls.refundsOf(p.payment.id)).toEqual([]);
    const waitingBefore = (await calls.seat(p.waitlisted ?? 0))?.state;

    await deliver(s.stripe.event("charge.refunded", s.stripe.refund(p.chargeId)));
    expect((await calls.seat(p.seatId))?.state).toBe("cancelled");
    expect((await calls.seat(p.waitlisted ?? 0))?.state).toBe(waitingBefore);
    expect(await calls.refundsOf(p.payment.id)).toMatchObject([{ amountCents: 30000, origin: "provider" }]);
    const [note] = await staffMails(p.email);
    expect(note?.text).toContain(`Place: ${p.seatId}, already cancelled, left as it was`);
    expect((await mailsTo(p.email)).filter((m) => m.subject.includes("is cancelled"))).toEqual([]);
  });
});

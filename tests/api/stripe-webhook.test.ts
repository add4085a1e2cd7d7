// POST /api/stripe/webhook with events signed by the SDK's own test helper: the signature guards the raw body, each
// event applies once, the subscription's state is re-read from (the fake) Stripe so late events cannot undo newer
// ones, and payment failures and cancellations change what the subscriber can download.
import { and, eq, like } from "drizzle-orm";
import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { emailOutbox, paymentEvents, subscriptions } from "../../server/db/schema";
import { BAD_SIGNATURE_MESSAGE } from "../../server/payments/stripe-events";
import { grantAccess } from "../../server/payments/subscriptions";
import { FAKE_WEBHOOK_SECRET, signedWebhook } from "../fakes/stripe";
import { latestMailTo } from "../helpers/outbox-mail";
import { withFakeStripe } from "../helpers/stripe";

type Json = Record<string, unknown>;
const DAY = 24 * 60 * 60 * 1000;

describe("Stripe webhooks", () => {
  const card = withFakeStripe();

  const { deliver, subscriber } = card;

  /** Pays the first invoice and delivers invoice.paid: an active subscriber. */
  async function activeSubscriber(email: string): Promise<string> {
    const subscription = await subscriber(email);
    const paid = await deliver(
      card.stripe.event("invoice.paid", card.stripe.payLatestInvoice(subscription.id as string)),
    );
    expect(paid.statusCode).toBe(200);
    return subscription.id as string;
  }

  async function row(email: string) {
    const [found] = await card.t.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.email, email));
    return found;
  }

  async function access(email: string): Promise<boolean | undefined> {
    const found = await row(email);
    if (!found) return undefined;
    return (
      (found.status === "active" || found.status === "canceled") && (found.currentPeriodEnd ?? 0) > new Date()
    );
  }

  const subscriptionEvent = (type: string, id: string) =>
    card.stripe.event(type, card.stripe.subscriptions.get(id) as Json);

  async function outboxCount(to: string, subject: string): Promise<number> {
    const rows = await card.t.database.db
      .select({ id: emailOutbox.id })
      .from(emailOutbox)
      .where(and(eq(emailOutbox.to, to), like(emailOutbox.subject, `${subject}%`)));
    return rows.length;
  }

  it("refuses a bad signature with 400 and a message, and stores nothing", async () => {
    const subscription = await subscriber("forged@example.fj");
    const event = card.stripe.event("invoice.paid", card.stripe.payLatestInvoice(subscription.id as string));
    const good = signedWebhook(event);
    const tampered = good.payload.replace('"amount_paid":5000', '"amount_paid":1');
    expect(tampered).not.toBe(good.payload);
    const attempts = [
      signedWebhook(event, "whsec_someone_else"),
      { payload: tampered, headers: good.headers },
      { payload: good.payload, headers: { "content-type": "application/json" } },
      { payload: good.payload, headers: { ...good.headers, "stripe-signature": "t=1,v1=deadbeef" } },
    ];
    for (const attempt of attempts) {
      const res = await card.t.app.inject({ method: "POST", url: "/api/stripe/webhook", ...attempt });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(BAD_SIGNATURE_MESSAGE);
    }
    // An old, replayed delivery is refused too (Stripe's default tolerance is 5 minutes).
    const stale = Stripe.webhooks.generateTestHeaderString({
      payload: good.payload,
      secret: FAKE_WEBHOOK_SECRET,
      timestamp: Math.floor(Date.now() / 1000) - 600,
    });
    const replay = await card.t.app.inject({
      method: "POST",
      url: "/api/stripe/webhook",
      payload: good.payload,
      headers: { "content-type": "application/json", "stripe-signature": stale },
    });
    expect(replay.statusCode).toBe(400);
    expect(await row("forged@example.fj")).toBeUndefined();
    expect(await card.t.database.db.select().from(paymentEvents)).toEqual([]);
  });

  it("applies an event delivered twice only once: one row, one receipt", async () => {
    const subscription = await subscriber("twice@example.fj");
    const event = card.stripe.event("invoice.paid", card.stripe.payLatestInvoice(subscription.id as string));
    const first = await deliver(event);
    const second = await deliver(event);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(second.json()).toEqual({ received: true });
    expect(await row("twice@example.fj")).toMatchObject({ provider: "stripe", status: "active" });
    const stored = await card.t.database.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.eventId, event.id as string));
    expect(stored).toMatchObject([{ provider: "stripe", type: "invoice.paid" }]);
    expect(await outboxCount("twice@example.fj", "Receipt:")).toBe(1);
    const reads = card.stripe.requests.filter((r) => r.path === `/v1/subscriptions/${subscription.id}`);
    expect(reads).toHaveLength(1);
  });

  it("ends in Stripe's current state whatever order the events arrive in", async () => {
    const id = await activeSubscriber("order@example.fj");
    const created = subscriptionEvent("customer.subscription.created", id);
    // Snapshot from when it was still incomplete, delivered last.
    (created.data as { object: Json }).object.status = "incomplete";
    const renewalFailed = card.stripe.event("invoice.payment_failed", card.stripe.renew(id, false));
    const pastDue = subscriptionEvent("customer.subscription.updated", id);
    const renewalPaid = card.stripe.event("invoice.paid", card.stripe.payLatestInvoice(id));
    const active = subscriptionEvent("customer.subscription.updated", id);
    const item = (card.stripe.subscriptions.get(id)?.items as { data: Json[] } | undefined)?.data[0];
    const periodEnd = new Date((item?.current_period_end as number) * 1000);

    for (const event of [active, renewalPaid, pastDue, renewalFailed, created]) {
      expect((await deliver(event)).statusCode).toBe(200);
    }
    expect(await row("order@example.fj")).toMatchObject({ status: "active", currentPeriodEnd: periodEnd });
    expect(await access("order@example.fj")).toBe(true);
    // The late failure found the subscription paid: no alarm e-mail.
    expect(await outboxCount("order@example.fj", "Payment failed")).toBe(0);
  });

  it("a late invoice.paid after the deletion still grants what was paid, and no more", async () => {
    const subscription = await subscriber("late-paid@example.fj");
    const id = subscription.id as string;
    const paid = card.stripe.event("invoice.paid", card.stripe.payLatestInvoice(id));
    card.stripe.setSubscription(id, { status: "canceled" });
    expect((await deliver(subscriptionEvent("customer.subscription.deleted", id))).statusCode).toBe(200);
    expect(await access("late-paid@example.fj")).toBe(false);
    expect((await deliver(paid)).statusCode).toBe(200);
    expect(await row("late-paid@example.fj")).toMatchObject({ status: "canceled" });
    expect(await access("late-paid@example.fj")).toBe(true);
  });

  it("a failed renewal marks the subscription past due, stops downloads and e-mails the subscriber", async () => {
    const id = await activeSubscriber("declined@example.fj");
    expect(await access("declined@example.fj")).toBe(true);
    const failed = await deliver(card.stripe.event("invoice.payment_failed", card.stripe.renew(id, false)));
    expect(failed.statusCode).toBe(200);
    expect(await row("declined@example.fj")).toMatchObject({ status: "past_due" });
    expect(await access("declined@example.fj")).toBe(false);
    await card.t.app.outbox.drain();
    const mail = latestMailTo(card.t.app.env.DATA_DIR, "declined@example.fj");
    expect(mail).toContain("Subject: Payment failed: Document Portal Access");
    expect(mail).toContain("https://rpas.example.test/portal");

    // The subscriber updates the card; Stripe's retry succeeds and access returns for the new period.
    expect(
      (await deliver(card.stripe.event("invoice.paid", card.stripe.payLatestInvoice(id)))).statusCode,
    ).toBe(200);
    expect(await row("declined@example.fj")).toMatchObject({ status: "active" });
    expect(await access("declined@example.fj")).toBe(true);
  });

  it("a cancellation keeps access to the end of the paid period, then ends it", async () => {
    const id = await activeSubscriber("leaving@example.fj");
    const paidThrough = (await row("leaving@example.fj"))?.currentPeriodEnd;
    // Cancelled in the customer portal: at the period's end.
    card.stripe.setSubscription(id, { cancelAtPeriodEnd: true });
    expect((await deliver(subscriptionEvent("customer.subscription.updated", id))).statusCode).toBe(200);
    expect(await row("leaving@example.fj")).toMatchObject({
      status: "active",
      currentPeriodEnd: paidThrough,
    });

    // Deleted early (by staff in Stripe's dashboard): access still runs to what was paid.
    card.stripe.setSubscription(id, { status: "canceled" });
    expect((await deliver(subscriptionEvent("customer.subscription.deleted", id))).statusCode).toBe(200);
    expect(await row("leaving@example.fj")).toMatchObject({
      status: "canceled",
      currentPeriodEnd: paidThrough,
    });
    expect(await access("leaving@example.fj")).toBe(true);

    // Deleted at the period's end: access ends with it.
    const ended = new Date(Date.now() - 1000);
    card.stripe.setSubscription(id, { currentPeriodEnd: ended });
    expect((await deliver(subscriptionEvent("customer.subscription.deleted", id))).statusCode).toBe(200);
    expect(await row("leaving@example.fj")).toMatchObject({ status: "canceled" });
    expect(await access("leaving@example.fj")).toBe(false);
  });

  it("an abandoned checkout expiring does not take away access paid another way", async () => {
    await grantAccess(card.t.database.db, "wallet@example.fj", new Date(Date.now() + 10 * DAY));
    const subscription = await subscriber("wallet@example.fj");
    const id = subscription.id as string;
    expect((await deliver(subscriptionEvent("customer.subscription.created", id))).statusCode).toBe(200);
    card.stripe.setSubscription(id, { status: "incomplete_expired" });
    expect((await deliver(subscriptionEvent("customer.subscription.updated", id))).statusCode).toBe(200);
    expect(await row("wallet@example.fj")).toMatchObject({ provider: "manual", status: "active" });
    expect(await access("wallet@example.fj")).toBe(true);
  });

  it("answers 200 to events it does not handle, without storing them", async () => {
    const res = await deliver(card.stripe.event("customer.created", { id: "cus_x", object: "customer" }));
    expect(res.statusCode).toBe(200);
    const stored = await card.t.database.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.type, "customer.created"));
    expect(stored).toEqual([]);
  });

  it("answers 500 when Stripe cannot be read, so Stripe delivers the event again", async () => {
    const id = await activeSubscriber("retry@example.fj");
    const event = subscriptionEvent("customer.subscription.updated", id);
    // Last test: Stripe goes away for good.
    await card.stripe.close();
    const res = await deliver(event);
    expect(res.statusCode).toBe(500);
    const stored = await card.t.database.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.eventId, event.id as string));
    expect(stored).toEqual([]);
  });
});

// Refunds, disputes and cancelling from the portal, through the real Stripe SDK against the local fake: a refund in
// full ends the access that payment bought, a dispute suspends it until it is decided, staff are told by e-mail and
// in the activity log, and a subscriber can stop renewals from our own portal and sees when access ends.
import { and, desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, subscriptions } from "../../server/db/schema";
import { carveWithheld } from "../../server/payments/entitlements";
import type { CurrentUser } from "../../shared/portal";
import { signedWebhook } from "../fakes/stripe";
import { latestMailTo } from "../helpers/outbox-mail";
import { withFakeStripe } from "../helpers/stripe";
import { signInSubscriber } from "../helpers/subscriber";
import { sameSite } from "../helpers/test-app";

type Json = Record<string, unknown>;
const STAFF = "office@rpas.example.test";
const DAY = 24 * 60 * 60 * 1000;

describe("Card refunds, disputes and cancelling", () => {
  const card = withFakeStripe({ STAFF_EMAIL: STAFF });

  const deliver = async (event: unknown) => {
    const res = await card.t.app.inject({
      method: "POST",
      url: "/api/stripe/webhook",
      ...signedWebhook(event),
    });
    expect(res.statusCode).toBe(200);
    return res;
  };

  /** Subscribes `email` and pays the first month: answers the subscription id and the paid invoice. */
  async function payingSubscriber(email: string): Promise<{ id: string; invoice: Json }> {
    const id = (await card.subscriber(email)).id as string;
    const invoice = card.stripe.payLatestInvoice(id);
    await deliver(card.stripe.event("invoice.paid", invoice));
    return { id, invoice };
  }

  async function accessUntil(email: string): Promise<Date | null> {
    const [row] = await card.t.database.db.select().from(subscriptions).where(eq(subscriptions.email, email));
    const end = row?.currentPeriodEnd ?? null;
    return end && end > new Date() ? end : null;
  }

  async function lastAudit(email: string) {
    const [row] = await card.t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subject, email), eq(auditLog.actor, "stripe")))
      .orderBy(desc(auditLog.id))
      .limit(1);
    return row;
  }

  async function staffMail(): Promise<string> {
    await card.t.app.outbox.drain();
    return latestMailTo(card.t.app.env.DATA_DIR, STAFF) ?? "";
  }

  const chargeOf = (invoice: Json) => card.stripe.chargeOf(invoice.id as string);

  it("a refund in full ends the access that payment bought, tells staff, and a later event does not restore it", async () => {
    const email = "refunded@example.fj";
    const { id, invoice } = await payingSubscriber(email);
    expect(await accessUntil(email)).not.toBeNull();

    const charge = card.stripe.refund(chargeOf(invoice).id as string);
    await deliver(card.stripe.event("charge.refunded", charge));
    expect(await accessUntil(email)).toBeNull();
    expect(await lastAudit(email)).toMatchObject({ action: "card.refunded" });
    const mail = await staffMail();
    expect(mail).toContain(`Subject: Card payment refunded: ${email}, FJD 50.00`);
    expect(mail).toContain("Portal access now: none");

    // Stripe keeps the subscription active after a refund: its next update must not hand the period back.
    await deliver(
      card.stripe.event("customer.subscription.updated", card.stripe.subscriptions.get(id) as Json),
    );
    expect(await accessUntil(email)).toBeNull();
  });

  it("the same refund event twice is applied once", async () => {
    const email = "refund-twice@example.fj";
    const { invoice } = await payingSubscriber(email);
    const event = card.stripe.event("charge.refunded", card.stripe.refund(chargeOf(invoice).id as string));
    await deliver(event);
    const res = await deliver(event);
    expect(res.json()).toEqual({ received: true });
    const rows = await card.t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subject, email), eq(auditLog.action, "card.refunded")));
    expect(rows).toHaveLength(1);
  });

  it("refunding the first month after the second was paid leaves the second month running", async () => {
    const email = "refund-old-month@example.fj";
    const { id, invoice: first } = await payingSubscriber(email);
    const second = card.stripe.renew(id, true);
    await deliver(card.stripe.event("invoice.paid", second));
    const [line] = (second.lines as { data: { period: { end: number } }[] }).data;
    const secondEnd = line?.period.end ?? 0;
    await deliver(card.stripe.event("charge.refunded", card.stripe.refund(chargeOf(first).id as string)));
    expect((await accessUntil(email))?.getTime()).toBe(secondEnd * 1000);
  });

  it("a partial refund keeps access and tells staff it was only part", async () => {
    const email = "partly@example.fj";
    const { invoice } = await payingSubscriber(email);
    const before = await accessUntil(email);
    await deliver(
      card.stripe.event("charge.refunded", card.stripe.refund(chargeOf(invoice).id as string, 1000)),
    );
    expect(await accessUntil(email)).toEqual(before);
    expect(await lastAudit(email)).toMatchObject({ action: "card.partially_refunded" });
    expect(await staffMail()).toContain("Part of a card payment (FJD 10.00) was refunded");
  });

  it("a dispute suspends the access while open, a won dispute restores it, a lost one keeps it ended", async () => {
    const won = "dispute-won@example.fj";
    const { invoice } = await payingSubscriber(won);
    const paidThrough = await accessUntil(won);
    const dispute = card.stripe.dispute(chargeOf(invoice).id as string);
    await deliver(card.stripe.event("charge.dispute.created", dispute));
    expect(await accessUntil(won)).toBeNull();
    expect(await lastAudit(won)).toMatchObject({ action: "card.disputed" });
    expect(await staffMail()).toContain(`Subject: Card payment disputed: ${won}`);

    await deliver(
      card.stripe.event("charge.dispute.closed", card.stripe.setDispute(dispute.id as string, "won")),
    );
    expect(await accessUntil(won)).toEqual(paidThrough);
    expect(await lastAudit(won)).toMatchObject({ action: "card.dispute_won" });

    const lost = "dispute-lost@example.fj";
    const paid = await payingSubscriber(lost);
    const lostDispute = card.stripe.dispute(chargeOf(paid.invoice).id as string);
    await deliver(card.stripe.event("charge.dispute.created", lostDispute));
    await deliver(
      card.stripe.event("charge.dispute.closed", card.stripe.setDispute(lostDispute.id as string, "lost")),
    );
    expect(await accessUntil(lost)).toBeNull();
    expect(await lastAudit(lost)).toMatchObject({ action: "card.dispute_lost" });
  });

  it("a charge the portal did not sell (no invoice for our price) changes nothing", async () => {
    const email = "elsewhere@example.fj";
    const { invoice } = await payingSubscriber(email);
    const before = await accessUntil(email);
    // Someone else's product in the same account: its invoice line names another price.
    const stored = card.stripe.invoices.get(invoice.id as string) as Json;
    const line = (stored.lines as { data: Json[] }).data[0] as Json;
    line.pricing = {
      type: "price_details",
      price_details: { price: "price_someone_else", product: "prod_x" },
    };
    await deliver(card.stripe.event("charge.refunded", card.stripe.refund(chargeOf(invoice).id as string)));
    expect(await accessUntil(email)).toEqual(before);
    expect(await lastAudit(email)).toBeUndefined();
  });

  it("a subscriber cancels from the portal: renewals stop, access runs to the end date they are shown", async () => {
    const email = "cancel-here@example.fj";
    const { id } = await payingSubscriber(email);
    const paidThrough = await accessUntil(email);
    const cookie = await signIn(email);

    const res = await card.t.app.inject({
      method: "POST",
      url: "/api/subscription/cancel",
      headers: { ...sameSite, cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ cancelAt: paidThrough?.toISOString() });
    expect(card.stripe.subscriptions.get(id)?.cancel_at_period_end).toBe(true);

    const me = await card.t.app.inject({ method: "GET", url: "/api/auth/user", headers: { cookie } });
    const user = me.json() as CurrentUser;
    expect(user.subscription).toMatchObject({
      hasAccess: true,
      cancelAt: paidThrough?.toISOString(),
      currentPeriodEnd: paidThrough?.toISOString(),
    });
    // Stripe's own update event keeps the same date.
    await deliver(
      card.stripe.event("customer.subscription.updated", card.stripe.subscriptions.get(id) as Json),
    );
    const [row] = await card.t.database.db.select().from(subscriptions).where(eq(subscriptions.email, email));
    expect(row?.cancelAt).toEqual(paidThrough);
  });

  it("cancelling needs a signed-in subscriber with a card subscription, and a same-site request", async () => {
    const anonymous = await card.t.app.inject({
      method: "POST",
      url: "/api/subscription/cancel",
      headers: sameSite,
    });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().message).toBe("Please sign in to manage your subscription.");

    const cookie = await signIn("no-card@example.fj");
    const none = await card.t.app.inject({
      method: "POST",
      url: "/api/subscription/cancel",
      headers: { ...sameSite, cookie },
    });
    expect(none.statusCode).toBe(404);

    const crossSite = await card.t.app.inject({
      method: "POST",
      url: "/api/subscription/cancel",
      headers: { origin: "https://evil.example", cookie },
    });
    expect(crossSite.statusCode).toBe(403);
  });

  const signIn = (email: string) => signInSubscriber(card.t.app, email);
});

describe("carveWithheld", () => {
  const at = (day: number) => new Date(Date.UTC(2026, 0, 1) + day * DAY);
  const span = { start: at(0), end: at(90) };

  it("a cut at the end ends the span where it begins; cuts one after another keep going back", () => {
    expect(carveWithheld(span, [{ start: at(60), end: at(90) }])).toEqual({ start: at(0), end: at(60) });
    expect(
      carveWithheld(span, [
        { start: at(30), end: at(60) },
        { start: at(60), end: at(90) },
      ]),
    ).toEqual({ start: at(0), end: at(30) });
  });

  it("a cut at the start or inside leaves the piece after it; a cut over everything leaves nothing", () => {
    expect(carveWithheld(span, [{ start: at(0), end: at(30) }])).toEqual({ start: at(30), end: at(90) });
    expect(carveWithheld(span, [{ start: at(30), end: at(60) }])).toEqual({ start: at(60), end: at(90) });
    const none = carveWithheld(span, [{ start: at(0), end: at(90) }]);
    expect(none.end.getTime() - none.start.getTime()).toBe(0);
    expect(carveWithheld(span, [{ start: at(100), end: at(130) }])).toEqual(span);
  });
});

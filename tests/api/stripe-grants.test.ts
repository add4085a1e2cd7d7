// Stripe buys access only for our own price, and is read with no database transaction open: a slow Stripe cannot
// stall the site, even on the embedded database's single connection.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { accessGrants, subscriptions } from "../../server/db/schema";
import { withFakeStripe } from "../helpers/stripe";
import { expectSiteStillAnswers } from "../helpers/test-app";

type Json = Record<string, unknown>;

describe("Stripe grants", () => {
  const card = withFakeStripe();

  const { deliver, subscriber } = card;

  const accessEnd = async (email: string) => {
    const [row] = await card.t.database.db.select().from(subscriptions).where(eq(subscriptions.email, email));
    return row?.currentPeriodEnd ?? null;
  };

  it("a paid invoice for our price grants its period", async () => {
    const subscription = await subscriber("our-price@example.fj");
    const res = await deliver(
      card.stripe.event("invoice.paid", card.stripe.payLatestInvoice(subscription.id as string)),
    );
    expect(res.statusCode).toBe(200);
    expect((await accessEnd("our-price@example.fj"))?.getTime()).toBeGreaterThan(Date.now());
    const grants = await card.t.database.db
      .select()
      .from(accessGrants)
      .where(eq(accessGrants.email, "our-price@example.fj"));
    expect(grants).toMatchObject([{ source: "stripe", sourceRef: subscription.id }]);
  });

  it("a subscription to another price in the same account grants nothing", async () => {
    const subscription = await subscriber("other-price@example.fj");
    const items = subscription.items as { data: { price: Json }[] };
    for (const item of items.data) item.price = { ...item.price, id: "price_someone_elses_product" };
    const res = await deliver(
      card.stripe.event("invoice.paid", card.stripe.payLatestInvoice(subscription.id as string)),
    );
    expect(res.statusCode).toBe(200);
    const end = await accessEnd("other-price@example.fj");
    expect(end === null || end.getTime() <= Date.now()).toBe(true);
    expect(
      await card.t.database.db
        .select()
        .from(accessGrants)
        .where(eq(accessGrants.email, "other-price@example.fj")),
    ).toEqual([]);
  });

  it("while Stripe holds its answer to the webhook's read, /api/health and an enrollment both answer", async () => {
    const subscription = await subscriber("slow-stripe@example.fj");
    const event = card.stripe.event("invoice.paid", card.stripe.payLatestInvoice(subscription.id as string));
    card.stripe.hold = true;
    const webhook = deliver(event);
    await card.stripe.held();
    // The webhook is mid-read at Stripe right now.
    await expectSiteStillAnswers(card.t.app, {
      firstName: "Sera",
      lastName: "Tora",
      email: "sera.tora@example.fj",
    });
    card.stripe.release();
    expect((await webhook).statusCode).toBe(200);
    expect((await accessEnd("slow-stripe@example.fj"))?.getTime()).toBeGreaterThan(Date.now());
  });
});

// POST /api/create-subscription (docs/product.md, Card subscriptions; ADR 055): no sign-in, as the spec has it, but
// one card-provider customer per e-mail, reused, and limits per e-mail (5 an hour) and per address (10 in 10 minutes)
// counted in the database, answered 429 with a message a person can act on. Through the real Stripe SDK and the fake.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { cardCustomers } from "../../server/db/schema";
import {
  TOO_MANY_FOR_EMAIL_MESSAGE,
  TOO_MANY_FROM_ADDRESS_MESSAGE,
} from "../../server/payments/subscription-starts";
import { SUBSCRIPTION_START_LIMITS } from "../../shared/constants";
import { withFakeStripe } from "../helpers/stripe";
import { sameSite } from "../helpers/test-app";

describe("create-subscription: one customer per e-mail, and limits", () => {
  // The public limits on (the other Stripe tests turn them off), high enough per minute not to be the one that answers.
  const card = withFakeStripe({ RATE_LIMIT_PUBLIC_PER_MINUTE: "1000" });
  let address = 0;
  /** A caller on an address of its own unless `ip` is given (app.inject's remoteAddress). */
  const subscribe = (body: { email: string; name?: string }, ip = `203.0.113.${++address}`) =>
    card.t.app.inject({
      method: "POST",
      url: "/api/create-subscription",
      payload: body,
      headers: sameSite,
      remoteAddress: ip,
    });
  const customersFor = (email: string) =>
    [...card.stripe.customers.values()].filter((c) => c.email === email);
  const customerCalls = (method: string) =>
    card.stripe.requests.filter((r) => r.method === method && r.path === "/v1/customers").length;

  it("two calls with the same e-mail (any case, any name) make one customer at Stripe, stored and reused", async () => {
    const email = "vilisi.tora@example.fj";
    const lists = customerCalls("GET");
    const first = await subscribe({ email, name: "Vilisi Tora" });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().clientSecret).toEqual(expect.any(String));
    const second = await subscribe({ email: " Vilisi.Tora@Example.FJ ", name: "V. Tora" });
    expect(second.statusCode, second.body).toBe(200);

    expect(customersFor(email)).toHaveLength(1);
    const [stored] = await card.t.database.db
      .select()
      .from(cardCustomers)
      .where(eq(cardCustomers.email, email));
    expect(stored?.stripeCustomerId).toBe(customersFor(email)[0]?.id);
    // The second call used the stored customer: Stripe was not even asked for the e-mail's customers again.
    expect(customerCalls("GET") - lists).toBe(1);
  });

  it("a stored customer deleted at Stripe since is replaced, not a dead end", async () => {
    const email = "deleted.customer@example.fj";
    await card.t.database.db.insert(cardCustomers).values({ email, stripeCustomerId: "cus_deletedAtStripe" });
    const res = await subscribe({ email });
    expect(res.statusCode, res.body).toBe(200);
    const [stored] = await card.t.database.db
      .select()
      .from(cardCustomers)
      .where(eq(cardCustomers.email, email));
    expect(customersFor(email)).toHaveLength(1);
    expect(stored?.stripeCustomerId).toBe(customersFor(email)[0]?.id);
  });

  it("over the limit for one e-mail answers 429 with a clear message; another e-mail is not limited by it", async () => {
    const email = "many.tries@example.fj";
    for (let i = 0; i < SUBSCRIPTION_START_LIMITS.perEmail.max; i += 1) {
      const res = await subscribe({ email });
      expect(res.statusCode, res.body).toBe(200);
    }
    const refused = await subscribe({ email });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      message: TOO_MANY_FOR_EMAIL_MESSAGE,
      error: { message: TOO_MANY_FOR_EMAIL_MESSAGE },
    });
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(3000);
    expect(Number(refused.headers["retry-after"])).toBeLessThanOrEqual(3600);
    expect(customersFor(email)).toHaveLength(1);

    const other = await subscribe({ email: "someone.else@example.fj" });
    expect(other.statusCode, other.body).toBe(200);
  });

  it("over the limit for one address answers 429; another address is not limited by it", async () => {
    // Every call above came from an address of its own; this office sends many.
    const office = "198.51.100.7";
    for (let i = 0; i < SUBSCRIPTION_START_LIMITS.perAddress.max; i += 1) {
      const res = await subscribe({ email: `office-${i}@example.fj` }, office);
      expect(res.statusCode, res.body).toBe(200);
    }
    const refused = await subscribe({ email: "office-next@example.fj" }, office);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(TOO_MANY_FROM_ADDRESS_MESSAGE);
    expect(Number(refused.headers["retry-after"])).toBeLessThanOrEqual(600);
    // Refused calls are not counted, and open nothing at Stripe.
    expect(customersFor("office-next@example.fj")).toHaveLength(0);

    const elsewhere = await subscribe({ email: "office-next@example.fj" }, "198.51.100.8");
    expect(elsewhere.statusCode, elsewhere.body).toBe(200);
  });
});

describe("create-subscription with the public limits turned off (RATE_LIMIT_PUBLIC_PER_MINUTE=0)", () => {
  const card = withFakeStripe({ RATE_LIMIT_PUBLIC_PER_MINUTE: "0" });
  it("lets an e-mail past its limit through", async () => {
    for (let i = 0; i <= SUBSCRIPTION_START_LIMITS.perEmail.max; i += 1) {
      const res = await card.t.app.inject({
        method: "POST",
        url: "/api/create-subscription",
        payload: { email: "no.limits@example.fj" },
        headers: sameSite,
      });
      expect(res.statusCode, res.body).toBe(200);
    }
  });
});

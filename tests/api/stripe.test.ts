// Card subscriptions through the real `stripe` package against a local fake of Stripe's API: price, customer and
// subscription creation with idempotency keys, the customer portal, and the whole card path through the API and
// signed webhooks, ending in a download.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { subscriptions } from "../../server/db/schema";
import { PRICE_LOOKUP_KEY } from "../../server/integrations/stripe";
import { PORTAL_DOCUMENTS } from "../../shared/documents";
import { FAKE_PUBLISHABLE_KEY, fakeStripeEnv, signedWebhook } from "../fakes/stripe";
import { createStaffAndSignIn } from "../helpers/admin-session";
import { latestMailTo } from "../helpers/outbox-mail";
import { withFakeStripe } from "../helpers/stripe";
import { signInSubscriber } from "../helpers/subscriber";
import { createTestApp, postFromSite, sameSite, withTestApp } from "../helpers/test-app";
import { replaceFile } from "./library-fixtures";

describe("card subscriptions with Stripe", () => {
  const card = withFakeStripe();

  const post = (url: string, payload?: object, cookie?: string) =>
    card.t.app.inject({
      method: "POST",
      url,
      payload,
      headers: { ...sameSite, ...(cookie ? { cookie } : {}) },
    });
  const subscribe = (email: string, name?: string) =>
    post("/api/create-subscription", { email, ...(name ? { name } : {}) });
  const posts = () => card.stripe.requests.filter((r) => r.method === "POST");
  const webhook = (event: unknown) =>
    card.t.app.inject({ method: "POST", url: "/api/stripe/webhook", ...signedWebhook(event) });

  const signIn = (email: string) => signInSubscriber(card.t.app, email);

  it("GET /api/payments/config names Stripe and its publishable key", async () => {
    const res = await card.t.app.inject({ method: "GET", url: "/api/payments/config" });
    expect(res.json()).toMatchObject({ card: "stripe", stripePublishableKey: FAKE_PUBLISHABLE_KEY });
  });

  it("creates the price, the customer and an incomplete subscription, answering its client secret", async () => {
    const res = await subscribe("Litia@Example.FJ", "Litia Naivalu");
    expect(res.statusCode).toBe(200);
    const { clientSecret } = res.json() as { clientSecret: string };

    const [price] = [...card.stripe.prices.values()];
    expect(price).toMatchObject({
      lookup_key: PRICE_LOOKUP_KEY,
      currency: "fjd",
      unit_amount: 5000,
      recurring: { interval: "month", interval_count: 1 },
      product_name: "Document Portal Access",
    });
    const [customer] = [...card.stripe.customers.values()];
    expect(customer).toMatchObject({ email: "litia@example.fj", name: "Litia Naivalu" });
    const [subscription] = [...card.stripe.subscriptions.values()];
    expect(subscription).toMatchObject({ customer: customer?.id, status: "incomplete" });
    const invoice = card.stripe.invoices.get(subscription?.latest_invoice as string);
    const secret = invoice?.confirmation_secret as { client_secret: string } | undefined;
    expect(clientSecret).toBe(secret?.client_secret);

    const create = card.stripe.requests.find((r) => r.method === "POST" && r.path === "/v1/subscriptions");
    expect(create?.body).toMatchObject({
      customer: customer?.id,
      items: [{ price: price?.id }],
      payment_behavior: "default_incomplete",
      expand: ["latest_invoice.confirmation_secret"],
      metadata: { email: "litia@example.fj" },
    });
    const lookup = card.stripe.requests.find((r) => r.method === "GET" && r.path === "/v1/prices");
    expect(lookup?.query).toMatchObject({ lookup_keys: [PRICE_LOOKUP_KEY] });
  });

  it("sends an idempotency key with every call that creates something", async () => {
    expect(posts().map((r) => r.path)).toEqual(["/v1/customers", "/v1/prices", "/v1/subscriptions"]);
    for (const request of posts()) expect(request.idempotencyKey).toMatch(/^rpas-\w+-[0-9a-f]{40}$/);
    expect(new Set(posts().map((r) => r.idempotencyKey)).size).toBe(3);
  });

  it("reuses the customer and, within the hour, the same subscription and client secret", async () => {
    const before = card.stripe.requests.length;
    const first = (await subscribe("litia@example.fj", "Litia Naivalu")).json().clientSecret;
    const again = (await subscribe("LITIA@example.fj", "Litia Naivalu")).json().clientSecret;
    expect(again).toBe(first);
    expect(card.stripe.customers.size).toBe(1);
    expect(card.stripe.subscriptions.size).toBe(1);
    const later = card.stripe.requests.slice(before);
    // The price is looked up once per process; the customer is the one stored for the e-mail (ADR 055): Stripe is
    // not even asked for it again, let alone asked to make another.
    expect(later.filter((r) => r.path === "/v1/prices")).toEqual([]);
    expect(later.filter((r) => r.path === "/v1/customers")).toEqual([]);
    expect(later.filter((r) => r.path === "/v1/subscriptions").every((r) => r.replayed)).toBe(true);
  });

  it("a new subscriber gets a new customer and subscription; the price is found by its lookup key", async () => {
    const other = await createTestApp({
      env: { RATE_LIMIT_PUBLIC_PER_MINUTE: "0", ...fakeStripeEnv(card.stripe) },
    });
    try {
      const res = await postFromSite(other.app, "/api/create-subscription", { email: "seru@example.fj" });
      expect(res.statusCode).toBe(200);
      expect(card.stripe.prices.size).toBe(1);
      expect(card.stripe.customers.size).toBe(2);
      expect(card.stripe.subscriptions.size).toBe(2);
    } finally {
      await other.close();
    }
  });

  it("uses STRIPE_PRICE_ID as given, without a lookup", async () => {
    const [price] = [...card.stripe.prices.values()];
    const other = await createTestApp({
      env: { ...fakeStripeEnv(card.stripe), STRIPE_PRICE_ID: price?.id as string },
    });
    try {
      const before = card.stripe.requests.length;
      const res = await postFromSite(other.app, "/api/create-subscription", {
        email: "given-price@example.fj",
      });
      expect(res.statusCode).toBe(200);
      expect(card.stripe.requests.slice(before).some((r) => r.path === "/v1/prices")).toBe(false);
    } finally {
      await other.close();
    }
  });

  it("end to end: create-subscription, the card is paid, invoice.paid, then a download and a receipt", async () => {
    const email = "mere@example.fj";
    const { clientSecret } = (await subscribe(email, "Mere Tui")).json() as { clientSecret: string };
    expect(clientSecret).toContain("_secret_");
    const subscription = [...card.stripe.subscriptions.values()].find(
      (s) => (s.metadata as { email: string }).email === email,
    );
    if (!subscription) throw new Error("no subscription at the fake");

    const cookie = await signIn(email);
    const url = `/api/documents/${PORTAL_DOCUMENTS[0]?.id}/download`;
    expect((await card.t.app.inject({ method: "GET", url, headers: { cookie } })).statusCode).toBe(403);

    // What Stripe.js and Stripe do once the payer confirms: the invoice is paid and the subscription active.
    const invoice = card.stripe.payLatestInvoice(subscription.id as string);
    const res = await webhook(card.stripe.event("invoice.paid", invoice));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true });

    // The owner has put the real file in place of the sample one (samples are never downloaded).
    const staff = await createStaffAndSignIn(card.t.app, card.t.database.db);
    await replaceFile(card.t.app, staff, PORTAL_DOCUMENTS[0]?.id ?? "");
    const download = await card.t.app.inject({ method: "GET", url, headers: { cookie } });
    expect(download.statusCode).toBe(200);
    expect(download.headers["content-type"]).toBe("application/pdf");

    const me = (
      await card.t.app.inject({ method: "GET", url: "/api/auth/user", headers: { cookie } })
    ).json();
    expect(me.subscription).toMatchObject({ provider: "stripe", status: "active", hasAccess: true });

    await card.t.app.outbox.drain();
    const receipt = latestMailTo(card.t.app.env.DATA_DIR, email);
    expect(receipt).toContain("Subject: Receipt: Document Portal Access, FJD 50.00");
    expect(receipt).toContain("Amount paid: FJD 50.00");
    expect(receipt).toContain("https://rpas.example.test/portal");
  });

  it("refuses a second card subscription while one is active", async () => {
    const before = card.stripe.subscriptions.size;
    const res = await subscribe("mere@example.fj");
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain("already has an active card subscription");
    expect(card.stripe.subscriptions.size).toBe(before);
  });

  it("POST /api/billing-portal: a Stripe customer portal session returning to /portal", async () => {
    expect((await post("/api/billing-portal")).statusCode).toBe(401);
    const stranger = await signIn("no-card@example.fj");
    const none = await post("/api/billing-portal", undefined, stranger);
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toContain("no card subscription");

    const cookie = await signIn("mere@example.fj");
    const res = await post("/api/billing-portal", undefined, cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json().url).toMatch(new RegExp(`^${card.stripe.url}/p/session/bps_`));
    const call = card.stripe.requests.findLast((r) => r.path === "/v1/billing_portal/sessions");
    const [row] = await card.t.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.email, "mere@example.fj"));
    expect(call?.body).toEqual({
      customer: row?.stripeCustomerId,
      return_url: "https://rpas.example.test/portal",
    });
    expect(call?.idempotencyKey).toMatch(/^rpas-portal-/);
    // A cross-site page cannot open it for the subscriber.
    const forged = await card.t.app.inject({
      method: "POST",
      url: "/api/billing-portal",
      headers: { cookie },
    });
    expect(forged.statusCode).toBe(403);
  });

  it("answers a generic 500 (and tells the payer nothing of our setup) when Stripe refuses a call", async () => {
    const broken = await createTestApp({
      env: { ...fakeStripeEnv(card.stripe), STRIPE_PRICE_ID: "price_does_not_exist" },
    });
    try {
      const res = await postFromSite(broken.app, "/api/create-subscription", { email: "broken@example.fj" });
      expect(res.statusCode).toBe(500);
      expect(res.json().message).toBe("Something went wrong on our side. Please try again.");
    } finally {
      await broken.close();
    }
  });
});

describe("Stripe routes without Stripe configured", () => {
  const t = withTestApp();

  it("the billing portal and the webhook answer 503 'not configured'", async () => {
    for (const url of ["/api/billing-portal", "/api/stripe/webhook"]) {
      const res = await t.app.inject({
        method: "POST",
        url,
        headers: { ...sameSite, "content-type": "application/json" },
        payload: "{}",
      });
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toContain("not configured");
    }
  });
});

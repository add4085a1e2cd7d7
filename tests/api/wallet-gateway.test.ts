// The M-PAiSA gateway flow on the wire, against the local fake: client credentials exchanged for a bearer token that is
// reused until shortly before it expires; the redirect back from the hosted page checked by its SHA-256 token and
// never credited on by itself; payments whose payer never came back confirmed by polling the status for as long as
// they can be paid; and no database transaction held while the gateway takes its time.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { paymentEvents, subscriptions, walletPayments } from "../../server/db/schema";
import { gatewayDigest, MPAISA_PATHS } from "../../server/integrations/mpaisa-wire";
import { walletConfigFor, walletConfigFrom, walletProviderFrom } from "../../server/payments/wallet-provider";
import { POLL_GRACE_MS, pollWalletPayments } from "../../server/payments/wallet-status";
import { type FakeMpaisa, localPath, startFakeMpaisa } from "../fakes/mpaisa";
import { createTestApp, SITE_ORIGIN, type TestApp } from "../helpers/test-app";

const CLIENT_ID = "client-300400";
const CLIENT_SECRET = "mpaisa-gateway-secret-test";

describe("the M-PAiSA gateway flow", () => {
  let t: TestApp;
  let fake: FakeMpaisa;

  beforeAll(async () => {
    fake = await startFakeMpaisa({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET });
    t = await createTestApp({
      env: {
        RATE_LIMIT_PUBLIC_PER_MINUTE: "0",
        MPAISA_API_URL: fake.url,
        MPAISA_CLIENT_ID: CLIENT_ID,
        MPAISA_CLIENT_SECRET: CLIENT_SECRET,
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  beforeEach(() => {
    fake.mode = "success";
    fake.tokenLifetimeMs = 30 * 60_000;
  });

  const gateway = () => {
    const config = walletConfigFor(t.app.env);
    if (!config) throw new Error("wallet not configured");
    return config.gateway;
  };
  const follow = (url: string) => t.app.inject({ method: "GET", url: localPath(url) });
  const payment = async (reference: string) => {
    const [row] = await t.database.db
      .select()
      .from(walletPayments)
      .where(eq(walletPayments.reference, reference));
    if (!row) throw new Error(`no payment ${reference}`);
    return row;
  };
  const access = async (email: string) => {
    const [row] = await t.database.db.select().from(subscriptions).where(eq(subscriptions.email, email));
    return row;
  };
  const statusCallsFor = (requestId: string) =>
    fake.requests.filter((r) => r.path === MPAISA_PATHS.status && r.query.get("rID") === requestId).length;

  async function pay(email: string, amount = "50.00") {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/create-mpaisa-payment",
      payload: { phone: "9123456", email, name: "Sera Tora", amount },
      headers: { origin: SITE_ORIGIN },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { reference: string; transactionId: string; checkoutUrl: string };
  }

  describe("the bearer token", () => {
    const newProvider = () => {
      const config = walletConfigFrom(t.app.env);
      if (!config) throw new Error("wallet not configured");
      return walletProviderFrom(t.app, config);
    };
    const request = (provider: ReturnType<typeof newProvider>, email: string) =>
      provider.requestPayment({ phone: "9123456", email, name: "Token", amountCents: 5000 });

    it("is exchanged for the client credentials once and reused for every call while it lasts", async () => {
      const provider = newProvider();
      const issued = fake.tokensIssued;
      const sent = fake.requests.length;
      await Promise.all([request(provider, "token-a@example.fj"), request(provider, "token-b@example.fj")]);
      await request(provider, "token-c@example.fj");
      expect(fake.tokensIssued - issued).toBe(1);
      const calls = fake.requests.slice(sent);
      const exchange = calls.filter((r) => r.path === MPAISA_PATHS.token);
      expect(exchange).toHaveLength(1);
      expect(exchange[0]?.body).toEqual({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET });
      const handshakes = calls.filter((r) => r.path === MPAISA_PATHS.handshake);
      expect(handshakes).toHaveLength(3);
      expect(new Set(handshakes.map((r) => r.authorization)).size).toBe(1);
      expect(handshakes[0]?.authorization).toMatch(/^Bearer [0-9a-f]{32}$/);
      // The secret only ever travels in the token exchange's body.
      for (const call of calls.filter((r) => r.path !== MPAISA_PATHS.token)) {
        expect(call.query.toString()).not.toContain(CLIENT_SECRET);
      }
    });

    it("is replaced shortly before it expires", async () => {
      // Tokens that live 30 seconds are inside the refresh margin from the start: every call gets a new one.
      fake.tokenLifetimeMs = 30_000;
      const provider = newProvider();
      const issued = fake.tokensIssued;
      await request(provider, "short-a@example.fj");
      await request(provider, "short-b@example.fj");
      expect(fake.tokensIssued - issued).toBe(2);
    });

    it("is exchanged again, once, when the gateway stops accepting it early", async () => {
      const provider = newProvider();
      await request(provider, "revoked-a@example.fj");
      const issued = fake.tokensIssued;
      fake.revokeTokens();
      const answer = await request(provider, "revoked-b@example.fj");
      expect(answer.status).toBe("pending");
      expect(fake.tokensIssued - issued).toBe(1);
    });
  });

  describe("the return from the hosted page", () => {
    it("a tampered or forged redirect is refused with a 400, never asks the status and credits nothing", async () => {
      const { reference, transactionId } = await pay("forged@example.fj");
      const other = await pay("forged-other@example.fj");
      const genuine = fake.approve(transactionId) ?? "";
      const variant = (change: (query: URLSearchParams) => void) => {
        const url = new URL(genuine);
        change(url.searchParams);
        return url.toString();
      };
      const forgeries = {
        "wrong secret": fake.redirectFor(transactionId, "not-the-client-secret"),
        "another code": variant((q) => q.set("rCode", "113")),
        "one digit changed": variant((q) => {
          const token = q.get("tokenv2") ?? "";
          q.set("tokenv2", `${token[0] === "0" ? "1" : "0"}${token.slice(1)}`);
        }),
        "another payment's request id": variant((q) => q.set("rID", other.transactionId)),
        // A token made for a smaller amount: what a payer who paid less would need.
        "another amount": variant((q) =>
          q.set(
            "tokenv2",
            gatewayDigest({
              reference,
              amount: "1.00",
              itemDetail: `Document Portal Access (${reference})`,
              clientSecret: CLIENT_SECRET,
              code: 101,
            }),
          ),
        ),
      };
      const statusCalls = statusCallsFor(transactionId);
      const eventsBefore = (await t.database.db.select().from(paymentEvents)).length;
      for (const [what, url] of Object.entries(forgeries)) {
        const res = await follow(url);
        expect(res.statusCode, what).toBe(400);
        expect(res.json().message, what).toBe(
          "This return from M-PAiSA could not be verified, so nothing was credited from it. If you paid, your payment is confirmed with M-PAiSA within a few minutes.",
        );
      }
      expect(statusCallsFor(transactionId)).toBe(statusCalls);
      expect(await payment(reference)).toMatchObject({ status: "pending" });
      expect(await access("forged@example.fj")).toBeUndefined();
      expect((await t.database.db.select().from(paymentEvents)).length).toBe(eventsBefore);

      // The genuine one, after all that, still works.
      const res = await follow(genuine);
      expect(res.statusCode).toBe(303);
      expect(await payment(reference)).toMatchObject({ status: "completed" });
    });

    it("a genuine redirect saying paid credits nothing while the status says the request is still open", async () => {
      const { reference, transactionId } = await pay("early@example.fj");
      // Signed as the gateway would sign a success: the token proves where it came from, not that money moved.
      const token = gatewayDigest({
        reference,
        amount: "50.00",
        itemDetail: `Document Portal Access (${reference})`,
        clientSecret: CLIENT_SECRET,
        code: 101,
      });
      const query = new URLSearchParams({ rCode: "101", tID: reference, rID: transactionId, tokenv2: token });
      const res = await t.app.inject({ method: "GET", url: `/api/mpaisa/return?${query}` });
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe(`/mpaisa-payment?reference=${reference}`);
      expect(statusCallsFor(transactionId)).toBe(1);
      expect(await payment(reference)).toMatchObject({ status: "pending" });
      expect(await access("early@example.fj")).toBeUndefined();
    });

    it("a valid redirect credits only after the status call says paid, and twice is credited once", async () => {
      const { reference, transactionId } = await pay("returned@example.fj");
      const back = fake.approve(transactionId);
      if (!back) throw new Error("no redirect");
      expect(new URL(back).origin + new URL(back).pathname).toBe(`${SITE_ORIGIN}/api/mpaisa/return`);
      const first = await follow(back);
      expect(first.statusCode).toBe(303);
      expect(first.headers.location).toBe(`/mpaisa-payment?reference=${reference}`);
      expect(statusCallsFor(transactionId)).toBe(1);
      expect(await payment(reference)).toMatchObject({ status: "completed", settledBy: "mpaisa" });
      const end = (await access("returned@example.fj"))?.currentPeriodEnd?.toISOString();
      expect(end).toBeDefined();

      const second = await follow(back);
      expect(second.statusCode).toBe(303);
      // Settled already: nothing to ask the gateway, nothing to credit again.
      expect(statusCallsFor(transactionId)).toBe(1);
      expect((await access("returned@example.fj"))?.currentPeriodEnd?.toISOString()).toBe(end);
    });

    it("every malformed return is a clear 4xx, never a 5xx", async () => {
      const { reference, transactionId } = await pay("malformed@example.fj");
      const cases: [string, number][] = [
        ["", 400],
        ["?rCode=101", 400],
        [`?rCode=101&tID=${reference}&rID=${transactionId}`, 400],
        [`?rCode=abc&tID=${reference}&rID=${transactionId}&tokenv2=${"A".repeat(64)}`, 400],
        [`?rCode=101&tID=${reference}&rID=${transactionId}&tokenv2=not-hex`, 400],
        [`?rCode=101&tID=${reference}&rID=${transactionId}&tokenv2=${"A".repeat(64)}`, 400],
        [`?rCode=101&tID=PSR-AAAAAAAAAA&rID=${transactionId}&tokenv2=${"A".repeat(64)}`, 404],
        [`?rCode=101&tID=nope&rID=${transactionId}&tokenv2=${"A".repeat(64)}`, 404],
        [`?rCode=101&tID=${"x".repeat(500)}&rID=1&tokenv2=${"A".repeat(64)}`, 400],
        [`?rCode=101&tID[]=${reference}&rID=${transactionId}&tokenv2=${"A".repeat(64)}`, 400],
      ];
      for (const [query, status] of cases) {
        const res = await t.app.inject({ method: "GET", url: `/api/mpaisa/return${query}` });
        expect(res.statusCode, query).toBe(status);
        expect(res.json().message, query).toEqual(expect.any(String));
      }
      expect(await payment(reference)).toMatchObject({ status: "pending" });
    });
  });

  describe("polling", () => {
    it("credits a payment whose payer approved but never came back", async () => {
      const { reference, transactionId } = await pay("no-return@example.fj");
      expect(fake.approve(transactionId, { redirect: false })).toBeNull();
      const counts = await pollWalletPayments(t.app, gateway(), { spacingMs: 0 });
      expect(counts.completed).toBeGreaterThanOrEqual(1);
      expect(await payment(reference)).toMatchObject({ status: "completed", settledBy: "mpaisa" });
      expect((await payment(reference)).lastCheckedAt).not.toBeNull();
      expect(await access("no-return@example.fj")).toMatchObject({ status: "active" });

      // Settled: never asked about again, and a late return changes nothing.
      const calls = statusCallsFor(transactionId);
      await pollWalletPayments(t.app, gateway(), { spacingMs: 0 });
      expect(statusCallsFor(transactionId)).toBe(calls);
      expect((await follow(fake.redirectFor(transactionId))).statusCode).toBe(303);
      const events = await t.database.db
        .select()
        .from(paymentEvents)
        .where(eq(paymentEvents.eventId, `${transactionId}:paid`));
      expect(events).toHaveLength(1);
    });

    it("spaces its calls: a payment asked about within the spacing is not asked again", async () => {
      const { transactionId } = await pay("spaced@example.fj");
      // Just made: not due until a minute has passed.
      await pollWalletPayments(t.app, gateway());
      expect(statusCallsFor(transactionId)).toBe(0);
      await pollWalletPayments(t.app, gateway(), { spacingMs: 0 });
      expect(statusCallsFor(transactionId)).toBe(1);
      await pollWalletPayments(t.app, gateway(), { spacingMs: 60_000 });
      expect(statusCallsFor(transactionId)).toBe(1);
      const later = new Date(Date.now() + 61_000);
      await pollWalletPayments(t.app, gateway(), { now: later });
      expect(statusCallsFor(transactionId)).toBe(2);
    });

    it("a request still open past its payable time is marked failed, and then no longer polled", async () => {
      const { reference, transactionId } = await pay("expired@example.fj");
      const { payableUntil } = await payment(reference);
      if (!payableUntil) throw new Error("no payable time");
      // Within the grace it is still asked about and left open.
      const inGrace = new Date(payableUntil.getTime() + POLL_GRACE_MS - 60_000);
      await pollWalletPayments(t.app, gateway(), { now: inGrace, spacingMs: 0 });
      expect(await payment(reference)).toMatchObject({ status: "pending" });
      const afterGrace = new Date(payableUntil.getTime() + POLL_GRACE_MS + 1000);
      await pollWalletPayments(t.app, gateway(), { now: afterGrace, spacingMs: 0, lateSpacingMs: 0 });
      expect(await payment(reference)).toMatchObject({
        status: "failed",
        message: "The payment request expired before it was paid.",
        settledBy: "mpaisa",
      });
      const calls = statusCallsFor(transactionId);
      await pollWalletPayments(t.app, gateway(), {
        now: new Date(afterGrace.getTime() + 3_600_000),
        spacingMs: 0,
        lateSpacingMs: 0,
      });
      expect(statusCallsFor(transactionId)).toBe(calls);
      expect(await access("expired@example.fj")).toBeUndefined();
    });

    it("a request the gateway says has expired is failed at once", async () => {
      const { reference, transactionId } = await pay("gateway-expired@example.fj");
      fake.expire(transactionId);
      await pollWalletPayments(t.app, gateway(), { spacingMs: 0 });
      expect(await payment(reference)).toMatchObject({
        status: "failed",
        message: "The payment request expired before it was paid.",
      });
    });

    it("a payment the gateway cannot be asked about stays pending, for the poller's next round or staff", async () => {
      const { reference } = await pay("unanswered@example.fj");
      // A gateway that answers nothing usable for the status (an unknown request): nothing is decided.
      await t.database.db
        .update(walletPayments)
        .set({ providerTransactionId: "RUNKNOWN" })
        .where(eq(walletPayments.reference, reference));
      const counts = await pollWalletPayments(t.app, gateway(), { spacingMs: 0 });
      expect(counts.unanswered).toBeGreaterThanOrEqual(1);
      expect(await payment(reference)).toMatchObject({ status: "pending" });
    });
  });

  it("while the gateway holds a status call, /api/health and new payments still answer (no transaction is held)", async () => {
    const { reference, transactionId } = await pay("held@example.fj");
    const back = fake.approve(transactionId);
    if (!back) throw new Error("no redirect");
    const statusCalls = () => fake.requests.filter((r) => r.path === MPAISA_PATHS.status).length;
    const release = fake.holdStatus();
    try {
      const calls = statusCalls();
      const polling = pollWalletPayments(t.app, gateway(), { spacingMs: 0 });
      const returning = follow(back);
      // One held for the poller, one for the payer's return.
      await expect.poll(statusCalls, { timeout: 5000 }).toBeGreaterThanOrEqual(calls + 2);

      const started = Date.now();
      const health = await t.app.inject({ method: "GET", url: "/api/health" });
      expect(health.statusCode).toBe(200);
      const other = await pay("while-held@example.fj");
      expect(other.checkoutUrl).toContain("rID=");
      const status = await t.app.inject({ method: "GET", url: `/api/mpaisa-payments/${reference}` });
      expect(status.json()).toMatchObject({ status: "pending" });
      expect(Date.now() - started).toBeLessThan(3000);

      release();
      expect((await returning).statusCode).toBe(303);
      await polling;
    } finally {
      release();
    }
    expect(await payment(reference)).toMatchObject({ status: "completed" });
  });
});

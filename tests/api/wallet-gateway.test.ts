import { describe, expect, it } from "vitest";
import { paymentEvents } from "../../server/db/schema";
import { gatewayDigest, MPAISA_PATHS } from "../../server/integrations/mpaisa-wire";
import { walletClientFrom } from "../../server/integrations/wallet-plugin";
import { walletProviderFrom } from "../../server/payments/wallet-provider";
import { SITE_ORIGIN } from "../helpers/test-app";
import { CLIENT_ID, CLIENT_SECRET, gatewayProbes, withGatewayWallet } from "../helpers/wallet";

describe("the M-PAiSA gateway flow: token and return", () => {
  const wallet = withGatewayWallet();
  const { follow, pay } = wallet;
  const { payment, access, statusCallsFor } = gatewayProbes(wallet);

  describe("the bearer token", () => {
    const newProvider = () => {
      const config = walletClientFrom(wallet.t.app.env);
      if (!config) throw new Error("wallet not configured");
      return walletProviderFrom(wallet.t.app, config);
    };
    const request = (provider: ReturnType<typeof newProvider>, email: string) =>
      provider.requestPayment({ phone: "9123456", email, name: "Token", amountCents: 5000 });

    it("is exchanged for the client credentials once and reused for every call while it lasts", async () => {
      const provider = newProvider();
      const issued = wallet.fake.tokensIssued;
      const sent = wallet.fake.requests.length;
      await Promise.all([request(provider, "token-a@example.fj"), request(provider, "token-b@example.fj")]);
      await request(provider, "token-c@example.fj");
      expect(wallet.fake.tokensIssued - issued).toBe(1);
      const calls = wallet.fake.requests.slice(sent);
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
      wallet.fake.tokenLifetimeMs = 30_000;
      const provider = newProvider();
      const issued = wallet.fake.tokensIssued;
      await request(provider, "short-a@example.fj");
      await request(provider, "short-b@example.fj");
      expect(wallet.fake.tokensIssued - issued).toBe(2);
    });

    it("is exchanged again, once, when the gateway stops accepting it early", async () => {
      const provider = newProvider();
      await request(provider, "revoked-a@example.fj");
      const issued = wallet.fake.tokensIssued;
      wallet.fake.revokeTokens();
      const answer = await request(provider, "revoked-b@example.fj");
      expect(answer.status).toBe("pending");
      expect(wallet.fake.tokensIssued - issued).toBe(1);
    });
  });

  describe("the return from the hosted page", () => {
    it("a tampered or forged redirect is refused with a 400, never asks the status and credits nothing", async () => {
      const { reference, transactionId } = await pay("forged@example.fj");
      const other = await pay("forged-other@example.fj");
      const genuine = wallet.fake.approve(transactionId) ?? "";
      const variant = (change: (query: URLSearchParams) => void) => {
        const url = new URL(genuine);
        change(url.searchParams);
        return url.toString();
      };
      const forgeries = {
        "wrong secret": wallet.fake.redirectFor(transactionId, "not-the-client-secret"),
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
      const eventsBefore = (await wallet.t.database.db.select().from(paymentEvents)).length;
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
      expect((await wallet.t.database.db.select().from(paymentEvents)).length).toBe(eventsBefore);

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
      const res = await wallet.t.app.inject({ method: "GET", url: `/api/mpaisa/return?${query}` });
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe(`/mpaisa-payment?reference=${reference}`);
      expect(statusCallsFor(transactionId)).toBe(1);
      expect(await payment(reference)).toMatchObject({ status: "pending" });
      expect(await access("early@example.fj")).toBeUndefined();
    });

    it("a valid redirect credits only after the status call says paid, and twice is credited once", async () => {
      const { reference, transactionId } = await pay("returned@example.fj");
      const back = wallet.fake.approve(transactionId);
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
        const res = await wallet.t.app.inject({ method: "GET", url: `/api/mpaisa/return${query}` });
        expect(res.statusCode, query).toBe(status);
        expect(res.json().message, query).toEqual(expect.any(String));
      }
      expect(await payment(reference)).toMatchObject({ status: "pending" });
    });
  });
});

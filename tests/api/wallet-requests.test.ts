// Wallet payment requests through the M-PAiSA gateway flow against the local fake (tests/fakes/mpaisa.ts): what a
// request records and how the gateway's refusals and failures reach the payer. What a paid request buys is in
// wallet-credit.test.ts; the wire itself (token, handshake, return verification, polling) in wallet-gateway.test.ts.
import { describe, expect, it } from "vitest";
import { MpaisaError } from "../../server/integrations/mpaisa";
import { walletClientFrom } from "../../server/integrations/wallet-plugin";
import { walletProviderFrom } from "../../server/payments/wallet-provider";
import { SITE_ORIGIN } from "../helpers/test-app";
import { CLIENT_ID, payer, REFERENCE, withGatewayWallet } from "../helpers/wallet";

describe("M-PAiSA payment requests against a local fake gateway", () => {
  const wallet = withGatewayWallet();
  const { post, payment, subscription, lastReference } = wallet;

  it("reports the wallet as M-PAiSA", async () => {
    const res = await wallet.t.app.inject({ method: "GET", url: "/api/payments/config" });
    expect(res.json().wallet).toBe("mpaisa");
  });

  it("a request records a pending payment and answers the gateway's hosted page as checkoutUrl", async () => {
    const res = await post("/api/create-mpaisa-payment", payer("Sera@Example.FJ"));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      status: "pending",
      message: "Approve the payment on the M-PAiSA payment page.",
      reference: expect.stringMatching(REFERENCE),
    });
    const opened = wallet.fake.byReference(body.reference);
    expect(body.transactionId).toBe(opened?.requestId);
    const page = new URL(body.checkoutUrl);
    expect(`${page.origin}${page.pathname}`).toBe(`${wallet.fake.url}/live/`);
    expect(Object.fromEntries(page.searchParams)).toEqual({
      url: `${SITE_ORIGIN}/api/mpaisa/return`,
      tID: body.reference,
      amt: "50.00",
      cID: CLIENT_ID,
      iDet: `Document Portal Access (${body.reference})`,
      rID: body.transactionId,
    });
    const hosted = await fetch(body.checkoutUrl);
    expect(hosted.status).toBe(200);
    expect(await hosted.text()).toContain("Pay FJD 50.00");

    const row = await payment(body.reference);
    expect(row).toMatchObject({
      method: "mobile",
      status: "pending",
      email: "sera@example.fj",
      phone: "9123456",
      amountCents: 5000,
      providerTransactionId: body.transactionId,
      checkoutUrl: body.checkoutUrl,
    });
    const payable = row?.payableUntil?.getTime() ?? 0;
    expect(payable).toBeGreaterThan(Date.now() + 29 * 60_000);
    expect(payable).toBeLessThanOrEqual(Date.now() + 30 * 60_000);

    const status = await wallet.t.app.inject({
      method: "GET",
      url: `/api/mpaisa-payments/${body.reference}`,
    });
    expect(status.statusCode).toBe(200);
    expect(status.headers["cache-control"]).toBe("no-store");
    expect(status.json()).toEqual({
      reference: body.reference,
      status: "pending",
      message: "Approve the payment on the M-PAiSA payment page.",
      transactionId: body.transactionId,
    });
  });

  it("the status endpoint answers 404 for unknown or malformed references", async () => {
    for (const ref of ["PSR-AAAAAAAAAA", "nope", "PSR-aaaaaaaaaa"]) {
      const res = await wallet.t.app.inject({ method: "GET", url: `/api/mpaisa-payments/${ref}` });
      expect(res.statusCode).toBe(404);
    }
  });

  it("a request the gateway refuses answers 402 with its reason and marks the payment failed", async () => {
    wallet.fake.mode = "decline";
    const res = await post("/api/create-mpaisa-payment", payer("declined@example.fj"));
    expect(res.statusCode).toBe(402);
    expect(res.json().message).toBe("M-PAiSA declined the payment: The amount is over the wallet's limit.");
    expect(await payment(lastReference())).toMatchObject({ status: "failed", settledBy: "mpaisa" });
    expect(await subscription("declined@example.fj")).toBeUndefined();
  });

  it("a gateway error answers 502 and the payment, which nobody could pay, is failed", async () => {
    wallet.fake.mode = "error";
    const res = await post("/api/create-mpaisa-payment", payer("error@example.fj"));
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toBe("M-PAiSA is having trouble (500). Please try again later.");
    expect(await payment(lastReference())).toMatchObject({
      status: "failed",
      message: "M-PAiSA is having trouble (500). Please try again later.",
    });
  });

  it("timeout: a hung handshake gives a readable 502 error", async () => {
    wallet.fake.mode = "hang";
    const config = walletClientFrom(wallet.t.app.env, { timeoutMs: 300 });
    if (!config) throw new Error("wallet not configured");
    const provider = walletProviderFrom(wallet.t.app, config);
    const started = Date.now();
    const error = await provider
      .requestPayment({ phone: "9123456", email: "slow@example.fj", name: "Slow", amountCents: 5000 })
      .catch((e: unknown) => e);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(error).toBeInstanceOf(MpaisaError);
    expect(error).toMatchObject({
      kind: "timeout",
      statusCode: 502,
      message:
        "M-PAiSA did not answer within 0.3 seconds. Nothing was taken from your wallet; please try again in a few minutes.",
    });
    expect(await payment(lastReference())).toMatchObject({ status: "failed", providerTransactionId: null });
  });

  it("wrong client credentials are the gateway refusing us (502), not the payer's fault", async () => {
    const config = walletClientFrom({ ...wallet.t.app.env, MPAISA_CLIENT_SECRET: "wrong" });
    if (!config) throw new Error("wallet not configured");
    const error = await walletProviderFrom(wallet.t.app, config)
      .requestPayment({ phone: "9123456", email: "key@example.fj", name: "Key", amountCents: 5000 })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({
      kind: "credentials",
      statusCode: 502,
      message: "M-PAiSA refused our merchant credentials. Please pay by card or contact us.",
    });
    expect(wallet.fake.requests.at(-1)).toMatchObject({ path: "/live/API/generateAuth", status: 401 });
  });
});

import Fastify, { type FastifyInstance } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEnv } from "../../server/env";
import { type PaymentProviders, paymentRoutes } from "../../server/payments/payment-routes";
import errors from "../../server/plugins/errors";
import { CROSS_SITE, postFromSite, sameSite, withTestApp } from "../helpers/test-app";

const subscription = { email: "Litia@Example.FJ", name: "Litia Naivalu" };
const mobile = { phone: "9123456", email: "litia@example.fj", name: "Litia Naivalu", amount: "25.00" };
const qr = { amount: "50.00", description: "Document Portal Access subscription" };

describe("payment endpoints without providers", () => {
  const t = withTestApp({ env: { RATE_LIMIT_PUBLIC_PER_MINUTE: "0" } });
  const post = (url: string, payload: unknown) =>
    t.app.inject({ method: "POST", url, payload: payload as object, headers: sameSite });

  it("GET /api/payments/config reports the demo card checkout and no wallet", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/payments/config" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ card: "demo", stripePublishableKey: null, wallet: null, sandbox: false });
  });

  it.each([
    ["/api/create-subscription", subscription],
    ["/api/create-mpaisa-payment", mobile],
    ["/api/generate-qr-payment", qr],
  ])("%s answers a valid request with 503 'not configured'", async (url, payload) => {
    const res = await post(url, payload);
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toContain("not configured");
    expect(res.json().error.message).toBe(res.json().message);
  });

  it("create-subscription: e-mail required and valid, name optional", async () => {
    expect((await post("/api/create-subscription", { email: "litia@example.fj" })).statusCode).toBe(503);
    for (const email of [undefined, "", "   ", "not-an-email"]) {
      const res = await post("/api/create-subscription", { ...subscription, email });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain("email");
    }
    const long = await post("/api/create-subscription", { ...subscription, name: "x".repeat(101) });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toContain("name");
  });

  it.each(["phone", "email", "name", "amount"])(
    "create-mpaisa-payment: a missing %s is a 400 naming it",
    async (field) => {
      const res = await post("/api/create-mpaisa-payment", { ...mobile, [field]: undefined });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain(field);
    },
  );

  it.each([
    ["+6799123456", "the country code"],
    ["679 9123456", "spaces"],
    ["912-3456", "a dash"],
    ["912345", "six digits"],
    ["91234567", "eight digits"],
    ["abcdefg", "letters"],
  ])("create-mpaisa-payment refuses the phone %s (%s)", async (phone) => {
    const res = await post("/api/create-mpaisa-payment", { ...mobile, phone });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^Invalid phone: .*without the country code/);
  });

  it.each([
    ["0.99", /minimum amount is FJD 1\.00/],
    ["0", /minimum/],
    ["1.005", /like 25\.00/],
    ["-5.00", /like 25\.00/],
    ["25,00", /like 25\.00/],
    ["1e3", /like 25\.00/],
    ["10000.01", /maximum/],
  ])("both wallet endpoints refuse the amount %s", async (amount, message) => {
    for (const [url, body] of [
      ["/api/create-mpaisa-payment", mobile],
      ["/api/generate-qr-payment", qr],
    ] as const) {
      const res = await post(url, { ...body, amount });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/^Invalid amount: /);
      expect(res.json().message).toMatch(message);
    }
  });

  it("an amount must be a string, as the wallet form sends it", async () => {
    const res = await post("/api/create-mpaisa-payment", { ...mobile, amount: 25 });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain("amount");
  });

  it.each(["1", "1.00", "25.5", "10000.00"])(
    "accepts the amount %s (then: not configured)",
    async (amount) => {
      expect((await post("/api/create-mpaisa-payment", { ...mobile, amount })).statusCode).toBe(503);
      expect((await post("/api/generate-qr-payment", { ...qr, amount })).statusCode).toBe(503);
    },
  );

  it("a return from M-PAiSA's payment page says the wallet is not configured", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: `/api/mpaisa/return?rCode=101&tID=PSR-AAAAAAAAAA&rID=R1&tokenv2=${"A".repeat(64)}`,
    });
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toContain("not configured");
  });

  it("generate-qr-payment needs a description", async () => {
    const res = await post("/api/generate-qr-payment", { amount: "50.00", description: "  " });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain("description");
  });

  it("refuses a cross-site request before anything else", async () => {
    const res = await postFromSite(t.app, "/api/create-mpaisa-payment", mobile, CROSS_SITE);
    expect(res.statusCode).toBe(403);
  });
});

describe("payment endpoints with providers", () => {
  let app: FastifyInstance;
  const calls: unknown[] = [];
  const providers: PaymentProviders = {
    card: {
      kind: "stripe",
      publishableKey: "pk_test_123",
      createSubscription: async (request) => {
        calls.push(request);
        return { clientSecret: "seti_secret_1" };
      },
    },
    wallet: {
      kind: "sandbox",
      requestPayment: async (request) => {
        calls.push(request);
        return { transactionId: "MP-1", status: "pending", message: "Request sent", checkoutUrl: null };
      },
      generateQr: async (request) => {
        calls.push(request);
        return { qrCodeUrl: "data:image/png;base64,AAAA" };
      },
    },
  };

  beforeAll(async () => {
    // The route plugin on its own, so fake adapters stand where Stripe and M-PAiSA will.
    app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    app.decorate("env", parseEnv({ NODE_ENV: "test", RATE_LIMIT_PUBLIC_PER_MINUTE: "0" }));
    await app.register(errors);
    await app.register(paymentRoutes, { providers });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
  });

  it("reports the configured providers", async () => {
    const res = await app.inject({ method: "GET", url: "/api/payments/config" });
    expect(res.json()).toEqual({
      card: "stripe",
      stripePublishableKey: "pk_test_123",
      wallet: "sandbox",
      sandbox: false,
    });
  });

  it("hands adapters normalised requests with amounts in integer cents", async () => {
    calls.length = 0;
    const sub = await app.inject({ method: "POST", url: "/api/create-subscription", payload: subscription });
    const pay = await app.inject({
      method: "POST",
      url: "/api/create-mpaisa-payment",
      payload: { ...mobile, amount: "19.9" },
    });
    const code = await app.inject({
      method: "POST",
      url: "/api/generate-qr-payment",
      payload: { ...qr, email: "Litia@Example.FJ" },
    });
    expect(sub.json()).toEqual({ clientSecret: "seti_secret_1" });
    expect(pay.json()).toMatchObject({ transactionId: "MP-1", status: "pending" });
    expect(code.json()).toEqual({ qrCodeUrl: "data:image/png;base64,AAAA" });
    expect(calls).toEqual([
      { email: "litia@example.fj", name: "Litia Naivalu", ip: "127.0.0.1" },
      { phone: "9123456", email: "litia@example.fj", name: "Litia Naivalu", amountCents: 1990 },
      { amountCents: 5000, description: "Document Portal Access subscription", email: "litia@example.fj" },
    ]);
  });
});

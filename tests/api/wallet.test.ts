// Wallet payments through the M-PAiSA gateway flow against the local fake (tests/fakes/mpaisa.ts): what a payment
// buys once the gateway's status says paid, and the sandbox and staff paths. The wire itself (token, handshake,
// return verification, polling) is tested in wallet-gateway.test.ts.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  accessGrants,
  auditLog,
  emailOutbox,
  paymentEvents,
  subscriptions,
  walletPayments,
} from "../../server/db/schema";
import { MpaisaError } from "../../server/integrations/mpaisa";
import { walletConfigFor, walletConfigFrom, walletProviderFrom } from "../../server/payments/wallet-provider";
import { pollWalletPayments } from "../../server/payments/wallet-status";
import { type FakeMpaisa, localPath, startFakeMpaisa } from "../fakes/mpaisa";
import { createStaffAndSignIn } from "../helpers/admin-session";
import { latestMailTo } from "../helpers/outbox-mail";
import { createTestApp, SANDBOX_ORIGIN, SITE_ORIGIN, type TestApp } from "../helpers/test-app";

const CLIENT_ID = "client-100200";
const CLIENT_SECRET = "mpaisa-client-secret-test";
const REFERENCE = /^PSR-[A-Z2-7]{10}$/;
const DAY = 24 * 60 * 60 * 1000;

const payer = (email: string, amount = "50.00") => ({
  phone: "9123456",
  email,
  name: "Litia Naivalu",
  amount,
});

/** Wallet money buys days: the monthly price buys 30 of them. */
function daysAfter(from: Date, days = 30): Date {
  return new Date(from.getTime() + days * DAY);
}

function helpers(get: () => TestApp, origin = SITE_ORIGIN) {
  const post = (url: string, payload?: object, cookie?: string) =>
    get().app.inject({
      method: "POST",
      url,
      ...(payload ? { payload } : {}),
      headers: { origin, ...(cookie ? { cookie } : {}) },
    });
  /** The payer's browser following a redirect back to us. */
  const follow = (url: string) => get().app.inject({ method: "GET", url: localPath(url) });
  const payment = async (reference: string) => {
    const [row] = await get()
      .database.db.select()
      .from(walletPayments)
      .where(eq(walletPayments.reference, reference));
    return row;
  };
  const subscription = async (email: string) => {
    const [row] = await get().database.db.select().from(subscriptions).where(eq(subscriptions.email, email));
    return row;
  };
  const mailsTo = async (to: string) =>
    (await get().database.db.select().from(emailOutbox).where(eq(emailOutbox.to, to))).length;
  return { post, follow, payment, subscription, mailsTo };
}

describe("M-PAiSA payments against a local fake gateway", () => {
  let t: TestApp;
  let fake: FakeMpaisa;
  const { post, follow, payment, subscription, mailsTo } = helpers(() => t);

  beforeAll(async () => {
    fake = await startFakeMpaisa({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET });
    t = await createTestApp({
      env: {
        RATE_LIMIT_PUBLIC_PER_MINUTE: "0",
        MPAISA_API_URL: fake.url,
        MPAISA_CLIENT_ID: CLIENT_ID,
        MPAISA_CLIENT_SECRET: CLIENT_SECRET,
        STAFF_EMAIL: "staff@pacificskyrpas.example",
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  beforeEach(() => {
    fake.mode = "success";
  });

  const lastReference = () => fake.requests.at(-1)?.query.get("tID") ?? "";

  async function pay(email: string, amount = "50.00") {
    const res = await post("/api/create-mpaisa-payment", payer(email, amount));
    expect(res.statusCode).toBe(200);
    return res.json() as { reference: string; transactionId: string; checkoutUrl: string };
  }

  /** The payer approves on the hosted page and their browser comes back to us. */
  async function approveAndReturn(requestId: string, paidAmount?: string) {
    const back = fake.approve(requestId, { paidAmount });
    if (!back) throw new Error("no redirect");
    const res = await follow(back);
    expect(res.statusCode, res.body).toBe(303);
    return res;
  }

  it("reports the wallet as M-PAiSA", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/payments/config" });
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
    const opened = fake.byReference(body.reference);
    expect(body.transactionId).toBe(opened?.requestId);
    const page = new URL(body.checkoutUrl);
    expect(`${page.origin}${page.pathname}`).toBe(`${fake.url}/live/`);
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

    const status = await t.app.inject({ method: "GET", url: `/api/mpaisa-payments/${body.reference}` });
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
      const res = await t.app.inject({ method: "GET", url: `/api/mpaisa-payments/${ref}` });
      expect(res.statusCode).toBe(404);
    }
  });

  it("a request the gateway refuses answers 402 with its reason and marks the payment failed", async () => {
    fake.mode = "decline";
    const res = await post("/api/create-mpaisa-payment", payer("declined@example.fj"));
    expect(res.statusCode).toBe(402);
    expect(res.json().message).toBe("M-PAiSA declined the payment: The amount is over the wallet's limit.");
    expect(await payment(lastReference())).toMatchObject({ status: "failed", settledBy: "mpaisa" });
    expect(await subscription("declined@example.fj")).toBeUndefined();
  });

  it("a gateway error answers 502 and the payment, which nobody could pay, is failed", async () => {
    fake.mode = "error";
    const res = await post("/api/create-mpaisa-payment", payer("error@example.fj"));
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toBe("M-PAiSA is having trouble (500). Please try again later.");
    expect(await payment(lastReference())).toMatchObject({
      status: "failed",
      message: "M-PAiSA is having trouble (500). Please try again later.",
    });
  });

  it("timeout: a hung handshake gives a readable 502 error", async () => {
    fake.mode = "hang";
    const config = walletConfigFrom(t.app.env, { timeoutMs: 300 });
    if (!config) throw new Error("wallet not configured");
    const provider = walletProviderFrom(t.app, config);
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
    const config = walletConfigFrom({ ...t.app.env, MPAISA_CLIENT_SECRET: "wrong" });
    if (!config) throw new Error("wallet not configured");
    const error = await walletProviderFrom(t.app, config)
      .requestPayment({ phone: "9123456", email: "key@example.fj", name: "Key", amountCents: 5000 })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({
      kind: "credentials",
      statusCode: 502,
      message: "M-PAiSA refused our merchant credentials. Please pay by card or contact us.",
    });
    expect(fake.requests.at(-1)).toMatchObject({ path: "/live/API/generateAuth", status: 401 });
  });

  it("paid and returned: grants 30 days and e-mails a receipt; a second return changes nothing", async () => {
    const { reference, transactionId } = await pay("mere@example.fj");
    const before = Date.now();
    const res = await approveAndReturn(transactionId);
    expect(res.headers.location).toBe(`/mpaisa-payment?reference=${reference}`);
    expect(await payment(reference)).toMatchObject({
      status: "completed",
      settledBy: "mpaisa",
      providerTransactionId: transactionId,
      message: "Payment received.",
    });
    const sub = await subscription("mere@example.fj");
    expect(sub).toMatchObject({ provider: "mpaisa", status: "active" });
    const end = sub?.currentPeriodEnd?.getTime() ?? 0;
    expect(end).toBeGreaterThanOrEqual(daysAfter(new Date(before)).getTime() - 5000);
    expect(end).toBeLessThanOrEqual(daysAfter(new Date()).getTime() + 5000);

    const again = await follow(fake.redirectFor(transactionId));
    expect(again.statusCode).toBe(303);
    expect((await subscription("mere@example.fj"))?.currentPeriodEnd?.getTime()).toBe(end);
    expect(await mailsTo("mere@example.fj")).toBe(1);

    await t.app.outbox.drain();
    const mail = latestMailTo(t.app.env.DATA_DIR, "mere@example.fj");
    expect(mail).toContain(`Receipt: FJD $50.00 paid by M-PAiSA (${reference})`);
    expect(mail).toContain(`M-PAiSA transaction: ${transactionId}`);
    expect(mail).toContain(`${SITE_ORIGIN}/portal`);

    const status = await t.app.inject({ method: "GET", url: `/api/mpaisa-payments/${reference}` });
    expect(status.json()).toMatchObject({ status: "completed", transactionId });
  });

  it("the same return arriving twice at once is credited once", async () => {
    const { transactionId } = await pay("twice@example.fj");
    const back = fake.approve(transactionId) ?? "";
    const results = await Promise.all([follow(back), follow(back)]);
    expect(results.map((r) => r.statusCode)).toEqual([303, 303]);
    const end = (await subscription("twice@example.fj"))?.currentPeriodEnd?.getTime() ?? 0;
    expect(end).toBeLessThanOrEqual(daysAfter(new Date()).getTime() + 5000);
    expect(await mailsTo("twice@example.fj")).toBe(1);
    const events = await t.database.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.eventId, `${transactionId}:paid`));
    expect(events).toHaveLength(1);
  });

  it("a second payment extends from the current end, not from today", async () => {
    const email = "extend@example.fj";
    const first = await pay(email);
    await approveAndReturn(first.transactionId);
    const end1 = (await subscription(email))?.currentPeriodEnd;
    if (!end1) throw new Error("no period end");
    const second = await pay(email);
    await approveAndReturn(second.transactionId);
    const end2 = (await subscription(email))?.currentPeriodEnd;
    expect(end2?.toISOString()).toBe(daysAfter(end1).toISOString());
  });

  it("two monthly prices buy 60 days; an expired subscription restarts from now", async () => {
    const email = "lapsed@example.fj";
    await t.database.db.insert(subscriptions).values({
      email,
      provider: "mpaisa",
      status: "active",
      currentPeriodEnd: new Date(Date.now() - 40 * DAY),
    });
    const { transactionId } = await pay(email, "100.00");
    const before = new Date();
    await approveAndReturn(transactionId);
    const end = (await subscription(email))?.currentPeriodEnd?.getTime() ?? 0;
    expect(end).toBeGreaterThanOrEqual(daysAfter(before, 60).getTime() - 5000);
    expect(end).toBeLessThanOrEqual(daysAfter(new Date(), 60).getTime() + 5000);
  });

  it.each([
    ["25.00", 15],
    ["1.00", 1],
    ["50.00", 30],
    ["37.51", 23],
  ])("FJD %s buys %i days of access: no payment buys nothing", async (amount, days) => {
    const email = `prorata-${amount.replace(".", "-")}@example.fj`;
    const { reference, transactionId } = await pay(email, amount);
    const before = Date.now();
    await approveAndReturn(transactionId);
    expect(await payment(reference)).toMatchObject({ status: "completed" });
    const end = (await subscription(email))?.currentPeriodEnd?.getTime() ?? 0;
    expect(end).toBeGreaterThanOrEqual(daysAfter(new Date(before), days).getTime() - 5000);
    expect(end).toBeLessThanOrEqual(daysAfter(new Date(), days).getTime() + 5000);
    await t.app.outbox.drain();
    expect(latestMailTo(t.app.env.DATA_DIR, email)).toContain("now runs until");
  });

  it("credits what the gateway's status reports as paid, not what was asked", async () => {
    const email = "part-paid@example.fj";
    const { reference, transactionId } = await pay(email, "50.00");
    const before = Date.now();
    await approveAndReturn(transactionId, "25.00");
    expect(await payment(reference)).toMatchObject({ status: "completed", amountCents: 2500 });
    const end = (await subscription(email))?.currentPeriodEnd?.getTime() ?? 0;
    expect(end).toBeGreaterThanOrEqual(before + 15 * DAY - 5000);
    expect(end).toBeLessThanOrEqual(Date.now() + 15 * DAY + 5000);
  });

  it("keeps a Stripe subscription's provider and adds the wallet days after its paid period", async () => {
    const email = "card-and-wallet@example.fj";
    const cardEnd = new Date(Date.now() + 10 * DAY);
    await t.database.db.insert(subscriptions).values({
      email,
      provider: "stripe",
      status: "active",
      currentPeriodEnd: cardEnd,
      stripeCustomerId: "cus_1",
      stripeSubscriptionId: "sub_1",
    });
    // The card's paid period, as Stripe's webhook records it.
    await t.database.db.insert(accessGrants).values({
      email,
      source: "stripe",
      sourceRef: "sub_1",
      periodStart: new Date(Date.now() - 20 * DAY),
      periodEnd: cardEnd,
    });
    const { transactionId } = await pay(email);
    await approveAndReturn(transactionId);
    const sub = await subscription(email);
    expect(sub).toMatchObject({ provider: "stripe", status: "active" });
    expect(sub?.currentPeriodEnd?.toISOString()).toBe(daysAfter(cardEnd).toISOString());
  });

  it("declined on the gateway's page: the payment fails without access", async () => {
    const { reference, transactionId } = await pay("no@example.fj");
    const res = await follow(fake.decline(transactionId));
    expect(res.statusCode).toBe(303);
    expect(await payment(reference)).toMatchObject({
      status: "failed",
      message: "The payment was declined in the wallet.",
    });
    expect(await subscription("no@example.fj")).toBeUndefined();
  });

  it("there is no server-to-server callback route any more", async () => {
    const res = await post("/api/mpaisa/callback", {});
    expect(res.statusCode).toBe(404);
  });

  it("has no sandbox pages when the real gateway is configured", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/mpaisa/sandbox/SBX-AAAAAAAAAAAA" });
    expect(res.statusCode).toBe(404);
  });
});

describe("the sandbox wallet and staff confirmation", () => {
  let t: TestApp;
  let staff: string;
  const { post, follow, payment, subscription } = helpers(() => t, SANDBOX_ORIGIN);

  beforeAll(async () => {
    t = await createTestApp({
      env: { RATE_LIMIT_PUBLIC_PER_MINUTE: "0", PAYMENTS_SANDBOX: "true", PUBLIC_URL: SANDBOX_ORIGIN },
    });
    staff = await createStaffAndSignIn(t.app, t.database.db);
  });
  afterAll(async () => {
    await t.close();
  });

  const received = { amount: "50.00", receipt: "MP1234567" };
  async function start(email: string, amount?: string) {
    const res = await post("/api/create-mpaisa-payment", payer(email, amount));
    expect(res.statusCode).toBe(200);
    return res.json() as { reference: string; transactionId: string; checkoutUrl: string; message: string };
  }
  const form = (url: string) =>
    t.app.inject({
      method: "POST",
      url,
      headers: { origin: SANDBOX_ORIGIN, "content-type": "application/x-www-form-urlencoded" },
      payload: "",
    });
  /** Presses a button on the sandbox's payment page and follows the gateway's redirect back to us. */
  async function decide(requestId: string, decision: "approve" | "decline") {
    const pressed = await form(`/api/mpaisa/sandbox/${requestId}/${decision}`);
    expect(pressed.statusCode).toBe(303);
    const location = String(pressed.headers.location);
    expect(location.startsWith(`${SANDBOX_ORIGIN}/api/mpaisa/return?`)).toBe(true);
    const back = await follow(location);
    expect(back.statusCode, back.body).toBe(303);
    return back;
  }

  it("answers a payment page on our origin", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/payments/config" })).json().wallet).toBe(
      "sandbox",
    );
    const body = await start("demo@example.fj");
    expect(body.transactionId).toMatch(/^SBX-[0-9A-F]{12}$/);
    expect(body.checkoutUrl).toBe(`${SANDBOX_ORIGIN}/api/mpaisa/sandbox/${body.transactionId}`);
    const page = await t.app.inject({ method: "GET", url: new URL(body.checkoutUrl).pathname });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(page.headers["content-security-policy"]).toContain("form-action 'self'");
    expect(page.body).not.toContain("<script");
    expect(page.body).toContain("FJD $50.00");
    expect(page.body).toContain(`Document Portal Access (${body.reference})`);
    expect(page.body).toContain(
      `<form method="post" action="/api/mpaisa/sandbox/${body.transactionId}/approve">`,
    );
    expect(page.body).toContain(">Approve payment</button>");
    expect(page.body).toContain(">Decline</button>");
    const unknown = await t.app.inject({ method: "GET", url: "/api/mpaisa/sandbox/SBX-000000000000" });
    expect(unknown.statusCode).toBe(404);
  });

  it("approve: returns the payer through the verified return, which completes the payment and grants access", async () => {
    const { reference, transactionId } = await start("approve@example.fj");
    const back = await decide(transactionId, "approve");
    expect(back.headers.location).toBe(`/mpaisa-payment?reference=${reference}`);
    expect(await payment(reference)).toMatchObject({
      status: "completed",
      providerTransactionId: transactionId,
    });
    expect(await subscription("approve@example.fj")).toMatchObject({ provider: "mpaisa", status: "active" });
    const page = await t.app.inject({ method: "GET", url: `/api/mpaisa/sandbox/${transactionId}` });
    expect(page.body).toContain("Payment approved.");
    expect(page.body).not.toContain("Approve payment");
    // Pressing again (a double submit, the back button) changes nothing.
    const end = (await subscription("approve@example.fj"))?.currentPeriodEnd?.toISOString();
    await decide(transactionId, "approve");
    expect((await subscription("approve@example.fj"))?.currentPeriodEnd?.toISOString()).toBe(end);
    const status = await t.app.inject({ method: "GET", url: `/api/mpaisa-payments/${reference}` });
    expect(status.json()).toMatchObject({ status: "completed", transactionId });
  });

  it("decline: the payment fails and grants nothing", async () => {
    const { reference, transactionId } = await start("decline@example.fj");
    await decide(transactionId, "decline");
    expect(await payment(reference)).toMatchObject({
      status: "failed",
      message: "The payment was declined in the wallet.",
    });
    expect(await subscription("decline@example.fj")).toBeUndefined();
    const page = await t.app.inject({ method: "GET", url: `/api/mpaisa/sandbox/${transactionId}` });
    expect(page.body).toContain("Payment not made.");
  });

  it("a sandbox payment whose payer never came back is confirmed by polling, like a real one", async () => {
    const { reference, transactionId } = await start("closed-tab@example.fj");
    expect((await form(`/api/mpaisa/sandbox/${transactionId}/approve`)).statusCode).toBe(303);
    expect(await payment(reference)).toMatchObject({ status: "pending" });
    const config = walletConfigFor(t.app.env);
    if (!config) throw new Error("wallet not configured");
    await pollWalletPayments(t.app, config.gateway, { spacingMs: 0 });
    expect(await payment(reference)).toMatchObject({ status: "completed" });
  });

  it("the sandbox buttons are refused from another site", async () => {
    const { reference, transactionId } = await start("csrf@example.fj");
    const res = await t.app.inject({
      method: "POST",
      url: `/api/mpaisa/sandbox/${transactionId}/approve`,
      headers: { origin: "https://evil.example", "content-type": "application/x-www-form-urlencoded" },
      payload: "",
    });
    expect(res.statusCode).toBe(403);
    expect(await payment(reference)).toMatchObject({ status: "pending" });
  });

  it("staff endpoints need a staff session", async () => {
    const { reference } = await start("nostaff@example.fj");
    const list = await t.app.inject({ method: "GET", url: "/api/admin/wallet-payments?status=pending" });
    expect(list.statusCode).toBe(401);
    const confirm = await post(`/api/admin/wallet-payments/${reference}/confirm`, received);
    expect(confirm.statusCode).toBe(401);
    expect(await payment(reference)).toMatchObject({ status: "pending" });
  });

  it("staff list pending payments and confirm one by reference, exactly once, audited", async () => {
    const { reference, transactionId } = await start("bank@example.fj");
    const list = await t.app.inject({
      method: "GET",
      url: "/api/admin/wallet-payments?status=pending&limit=100",
      headers: { cookie: staff },
    });
    expect(list.statusCode).toBe(200);
    const { items, total } = list.json() as { items: { reference: string; status: string }[]; total: number };
    expect(total).toBe(items.length);
    expect(items.every((item) => item.status === "pending")).toBe(true);
    expect(items.find((item) => item.reference === reference)).toMatchObject({
      email: "bank@example.fj",
      amountCents: 5000,
      method: "mobile",
    });

    const res = await post(`/api/admin/wallet-payments/${reference}/confirm`, received, staff);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ reference, status: "completed", accessUntil: expect.any(String) });
    expect(await payment(reference)).toMatchObject({ status: "completed", settledBy: "staff" });
    const end = (await subscription("bank@example.fj"))?.currentPeriodEnd?.toISOString();
    expect(end).toBe(res.json().accessUntil);

    const again = await post(`/api/admin/wallet-payments/${reference}/confirm`, received, staff);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("This payment is already completed.");
    // The payer approving late, and coming back, finds it settled.
    await decide(transactionId, "approve");
    expect((await subscription("bank@example.fj"))?.currentPeriodEnd?.toISOString()).toBe(end);

    const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.subject, reference));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ actor: "staff", action: "wallet.confirmed" });
    expect(audits[0]?.details).toMatchObject({
      email: "bank@example.fj",
      amountCents: 5000,
      requestedAmountCents: 5000,
      receipt: "MP1234567",
      accessUntil: end,
    });
  });

  it("credits what staff saw arrive, never the amount the payer typed, and keeps both in the audit log", async () => {
    const email = "typed-big@example.fj";
    const { reference } = await start(email, "10000.00");
    const before = Date.now();
    const res = await post(
      `/api/admin/wallet-payments/${reference}/confirm`,
      { amount: "25.00", receipt: "MP7654321" },
      staff,
    );
    expect(res.statusCode).toBe(200);
    expect(await payment(reference)).toMatchObject({
      status: "completed",
      amountCents: 2500,
      providerTransactionId: "MP7654321",
    });
    const end = (await subscription(email))?.currentPeriodEnd?.getTime() ?? 0;
    // FJD 25.00 buys 15 days, not the 200 months FJD 10,000 would have.
    expect(end).toBeGreaterThanOrEqual(before + 15 * DAY - 5000);
    expect(end).toBeLessThanOrEqual(Date.now() + 15 * DAY + 5000);
    const [entry] = await t.database.db.select().from(auditLog).where(eq(auditLog.subject, reference));
    expect(entry?.details).toMatchObject({
      amountCents: 2500,
      requestedAmountCents: 1_000_000,
      receipt: "MP7654321",
    });
  });

  it("refuses a confirmation without the amount received or the receipt number", async () => {
    const { reference } = await start("no-receipt@example.fj");
    for (const body of [
      undefined,
      { amount: "50.00" },
      { receipt: "MP1" },
      { amount: "0", receipt: "MP12" },
    ]) {
      const res = await post(`/api/admin/wallet-payments/${reference}/confirm`, body, staff);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await payment(reference)).toMatchObject({ status: "pending" });
  });

  it("the public status of a payment staff confirmed never names them", async () => {
    const { reference } = await start("named@example.fj");
    await post(`/api/admin/wallet-payments/${reference}/confirm`, received, staff);
    const status = await t.app.inject({ method: "GET", url: `/api/mpaisa-payments/${reference}` });
    expect(status.json()).toMatchObject({ status: "completed", message: "Payment received." });
    expect(status.body).not.toContain("staff");
  });

  it("confirming an unknown or malformed reference is a 404", async () => {
    expect(
      (await post("/api/admin/wallet-payments/PSR-AAAAAAAAAA/confirm", received, staff)).statusCode,
    ).toBe(404);
    expect((await post("/api/admin/wallet-payments/123/confirm", received, staff)).statusCode).toBe(404);
  });

  it("pages the staff list", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: "/api/admin/wallet-payments?limit=1&offset=1",
      headers: { cookie: staff },
    });
    const body = res.json() as { items: unknown[]; total: number };
    expect(body.items).toHaveLength(1);
    expect(body.total).toBeGreaterThan(1);
    const [n] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(walletPayments);
    expect(body.total).toBe(n?.n);
  });
});

// Shared setup of the wallet tests: an app against the local M-PAiSA fake (or the sandbox), the payer's calls, and
// what they change in the database.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, expect } from "vitest";
import { emailOutbox, paymentEvents, subscriptions, walletPayments } from "../../server/db/schema";
import { MPAISA_PATHS } from "../../server/integrations/mpaisa-wire";
import { type FakeMpaisa, localPath, startFakeMpaisa } from "../fakes/mpaisa";
import { createTestApp, SITE_ORIGIN, type TestApp } from "./test-app";

export const CLIENT_ID = "client-100200";
export const CLIENT_SECRET = "mpaisa-client-secret-test";
export const REFERENCE = /^PSR-[A-Z2-7]{10}$/;
export const DAY = 24 * 60 * 60 * 1000;

export const payer = (email: string, amount = "50.00") => ({
  phone: "9123456",
  email,
  name: "Litia Naivalu",
  amount,
});

/** Wallet money buys days: the monthly price buys 30 of them. */
export function daysAfter(from: Date, days = 30): Date {
  return new Date(from.getTime() + days * DAY);
}

export function helpers(get: () => TestApp, origin = SITE_ORIGIN) {
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
  /** The "paid" events recorded for a gateway transaction: one however often its payment is confirmed. */
  const paidEvents = (transactionId: string) =>
    get()
      .database.db.select()
      .from(paymentEvents)
      .where(eq(paymentEvents.eventId, `${transactionId}:paid`));
  return { post, follow, payment, subscription, mailsTo, paidEvents };
}

/** An app whose wallet is the real gateway client against the local fake, set up and closed around a describe. */
export function withGatewayWallet() {
  const ctx = {} as { t: TestApp; fake: FakeMpaisa };
  beforeAll(async () => {
    ctx.fake = await startFakeMpaisa({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET });
    ctx.t = await createTestApp({
      env: {
        RATE_LIMIT_PUBLIC_PER_MINUTE: "0",
        MPAISA_API_URL: ctx.fake.url,
        MPAISA_CLIENT_ID: CLIENT_ID,
        MPAISA_CLIENT_SECRET: CLIENT_SECRET,
        STAFF_EMAIL: "staff@pacificskyrpas.example",
      },
    });
  });
  afterAll(async () => {
    await ctx.t.close();
    await ctx.fake.close();
  });
  beforeEach(() => {
    ctx.fake.mode = "success";
    ctx.fake.tokenLifetimeMs = 30 * 60_000;
  });
  const calls = helpers(() => ctx.t);

  async function pay(email: string, amount = "50.00") {
    const res = await calls.post("/api/create-mpaisa-payment", payer(email, amount));
    expect(res.statusCode).toBe(200);
    return res.json() as { reference: string; transactionId: string; checkoutUrl: string };
  }

  /** The payer approves on the hosted page and their browser comes back to us. */
  async function approveAndReturn(requestId: string, paidAmount?: string) {
    const back = ctx.fake.approve(requestId, { paidAmount });
    if (!back) throw new Error("no redirect");
    const res = await calls.follow(back);
    expect(res.statusCode, res.body).toBe(303);
    return res;
  }

  return {
    ...calls,
    pay,
    approveAndReturn,
    lastReference: () => ctx.fake.requests.at(-1)?.query.get("tID") ?? "",
    get t() {
      return ctx.t;
    },
    get fake() {
      return ctx.fake;
    },
  };
}

/** What the gateway tests read besides the payer's calls: the configured gateway, a payment that must exist, access,
 * and how often the status of one request was asked. */
export function gatewayProbes(wallet: ReturnType<typeof withGatewayWallet>) {
  const gateway = () => {
    if (!wallet.t.app.wallet) throw new Error("wallet not configured");
    return wallet.t.app.wallet.gateway;
  };
  const payment = async (reference: string) => {
    const [row] = await wallet.t.database.db
      .select()
      .from(walletPayments)
      .where(eq(walletPayments.reference, reference));
    if (!row) throw new Error(`no payment ${reference}`);
    return row;
  };
  const access = async (email: string) => {
    const [row] = await wallet.t.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.email, email));
    return row;
  };
  const statusCallsFor = (requestId: string) =>
    wallet.fake.requests.filter((r) => r.path === MPAISA_PATHS.status && r.query.get("rID") === requestId)
      .length;
  return { gateway, payment, access, statusCallsFor };
}

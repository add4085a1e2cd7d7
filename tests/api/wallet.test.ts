// The sandbox wallet (its own payment page on our origin) and staff confirming or assigning wallet payments.
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog, walletPayments } from "../../server/db/schema";
import { pollWalletPayments } from "../../server/payments/wallet-status";
import { createStaffAndSignIn } from "../helpers/admin-session";
import { SANDBOX_ORIGIN, withTestApp } from "../helpers/test-app";
import { DAY, helpers, payer } from "../helpers/wallet";

describe("the sandbox wallet and staff confirmation", () => {
  let staff: string;
  const { post, follow, payment, subscription } = helpers(() => t, SANDBOX_ORIGIN);

  const t = withTestApp({
    env: { RATE_LIMIT_PUBLIC_PER_MINUTE: "0", PAYMENTS_SANDBOX: "true", PUBLIC_URL: SANDBOX_ORIGIN },
  });
  beforeAll(async () => {
    staff = await createStaffAndSignIn(t.app, t.database.db);
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
    expect(page.body).toContain("FJD 50.00");
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
    if (!t.app.wallet) throw new Error("wallet not configured");
    await pollWalletPayments(t.app, t.app.wallet.gateway, { spacingMs: 0 });
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

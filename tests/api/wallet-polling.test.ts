// The M-PAiSA gateway flow, continued: payments whose payer never came back are confirmed by polling the status for
// as long as they can be paid, and no database transaction is held while the gateway takes its time.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { walletPayments } from "../../server/db/schema";
import { MPAISA_PATHS } from "../../server/integrations/mpaisa-wire";
import { POLL_GRACE_MS, pollWalletPayments } from "../../server/payments/wallet-status";
import { gatewayProbes, withGatewayWallet } from "../helpers/wallet";

describe("the M-PAiSA gateway flow: polling", () => {
  const wallet = withGatewayWallet();
  const { follow, pay, paidEvents } = wallet;
  const { gateway, payment, access, statusCallsFor } = gatewayProbes(wallet);

  describe("polling", () => {
    it("credits a payment whose payer approved but never came back", async () => {
      const { reference, transactionId } = await pay("no-return@example.fj");
      expect(wallet.fake.approve(transactionId, { redirect: false })).toBeNull();
      const counts = await pollWalletPayments(wallet.t.app, gateway(), { spacingMs: 0 });
      expect(counts.completed).toBeGreaterThanOrEqual(1);
      expect(await payment(reference)).toMatchObject({ status: "completed", settledBy: "mpaisa" });
      expect((await payment(reference)).lastCheckedAt).not.toBeNull();
      expect(await access("no-return@example.fj")).toMatchObject({ status: "active" });

      // Settled: never asked about again, and a late return changes nothing.
      const calls = statusCallsFor(transactionId);
      await pollWalletPayments(wallet.t.app, gateway(), { spacingMs: 0 });
      expect(statusCallsFor(transactionId)).toBe(calls);
      expect((await follow(wallet.fake.redirectFor(transactionId))).statusCode).toBe(303);
      expect(await paidEvents(transactionId)).toHaveLength(1);
    });

    it("spaces its calls: a payment asked about within the spacing is not asked again", async () => {
      const { transactionId } = await pay("spaced@example.fj");
      // Just made: not due until a minute has passed.
      await pollWalletPayments(wallet.t.app, gateway());
      expect(statusCallsFor(transactionId)).toBe(0);
      await pollWalletPayments(wallet.t.app, gateway(), { spacingMs: 0 });
      expect(statusCallsFor(transactionId)).toBe(1);
      await pollWalletPayments(wallet.t.app, gateway(), { spacingMs: 60_000 });
      expect(statusCallsFor(transactionId)).toBe(1);
      const later = new Date(Date.now() + 61_000);
      await pollWalletPayments(wallet.t.app, gateway(), { now: later });
      expect(statusCallsFor(transactionId)).toBe(2);
    });

    it("a request still open past its payable time is marked failed, and then no longer polled", async () => {
      const { reference, transactionId } = await pay("expired@example.fj");
      const { payableUntil } = await payment(reference);
      if (!payableUntil) throw new Error("no payable time");
      // Within the grace it is still asked about and left open.
      const inGrace = new Date(payableUntil.getTime() + POLL_GRACE_MS - 60_000);
      await pollWalletPayments(wallet.t.app, gateway(), { now: inGrace, spacingMs: 0 });
      expect(await payment(reference)).toMatchObject({ status: "pending" });
      const afterGrace = new Date(payableUntil.getTime() + POLL_GRACE_MS + 1000);
      await pollWalletPayments(wallet.t.app, gateway(), { now: afterGrace, spacingMs: 0, lateSpacingMs: 0 });
      expect(await payment(reference)).toMatchObject({
        status: "failed",
        message: "The payment request expired before it was paid.",
        settledBy: "mpaisa",
      });
      const calls = statusCallsFor(transactionId);
      await pollWalletPayments(wallet.t.app, gateway(), {
        now: new Date(afterGrace.getTime() + 3_600_000),
        spacingMs: 0,
        lateSpacingMs: 0,
      });
      expect(statusCallsFor(transactionId)).toBe(calls);
      expect(await access("expired@example.fj")).toBeUndefined();
    });

    it("a request the gateway says has expired is failed at once", async () => {
      const { reference, transactionId } = await pay("gateway-expired@example.fj");
      wallet.fake.expire(transactionId);
      await pollWalletPayments(wallet.t.app, gateway(), { spacingMs: 0 });
      expect(await payment(reference)).toMatchObject({
        status: "failed",
        message: "The payment request expired before it was paid.",
      });
    });

    it("a payment the gateway cannot be asked about stays pending, for the poller's next round or staff", async () => {
      const { reference } = await pay("unanswered@example.fj");
      // A gateway that answers nothing usable for the status (an unknown request): nothing is decided.
      await wallet.t.database.db
        .update(walletPayments)
        .set({ providerTransactionId: "RUNKNOWN" })
        .where(eq(walletPayments.reference, reference));
      const counts = await pollWalletPayments(wallet.t.app, gateway(), { spacingMs: 0 });
      expect(counts.unanswered).toBeGreaterThanOrEqual(1);
      expect(await payment(reference)).toMatchObject({ status: "pending" });
    });
  });

  it("while the gateway holds a status call, /api/health and new payments still answer (no transaction is held)", async () => {
    const { reference, transactionId } = await pay("held@example.fj");
    const back = wallet.fake.approve(transactionId);
    if (!back) throw new Error("no redirect");
    const statusCalls = () => wallet.fake.requests.filter((r) => r.path === MPAISA_PATHS.status).length;
    const release = wallet.fake.holdStatus();
    try {
      const calls = statusCalls();
      const polling = pollWalletPayments(wallet.t.app, gateway(), { spacingMs: 0 });
      const returning = follow(back);
      // One held for the poller, one for the payer's return.
      await expect.poll(statusCalls, { timeout: 5000 }).toBeGreaterThanOrEqual(calls + 2);

      const started = Date.now();
      const health = await wallet.t.app.inject({ method: "GET", url: "/api/health" });
      expect(health.statusCode).toBe(200);
      const other = await pay("while-held@example.fj");
      expect(other.checkoutUrl).toContain("rID=");
      const status = await wallet.t.app.inject({ method: "GET", url: `/api/mpaisa-payments/${reference}` });
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

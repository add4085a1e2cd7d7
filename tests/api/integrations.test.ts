// The outside services as the app sees them: one decoration each (app.stripe, app.wallet, app.sheets, app.oidc,
// app.mailer), null while unconfigured, answered by requireIntegration's 503 "not configured"; and stand-ins given
// to buildApp take their place, so a route runs against them exactly as against the real client.
import { describe, expect, it } from "vitest";
import type { WalletGateway } from "../../server/integrations/mpaisa";
import { requireIntegration } from "../../server/integrations/require-integration";
import { createStaffAndSignIn, insertEnrollment } from "../helpers/admin-session";
import { sameSite, withTestApp } from "../helpers/test-app";

describe("requireIntegration", () => {
  it("hands back a configured client and refuses a missing one with a 503 and the given message", () => {
    const client = { kind: "test" };
    expect(requireIntegration(client, "unused")).toBe(client);
    expect(() => requireIntegration(null, "Widgets are not configured on this server.")).toThrow(
      expect.objectContaining({ statusCode: 503, message: "Widgets are not configured on this server." }),
    );
  });
});

describe("an app with no outside service configured", () => {
  const t = withTestApp();

  it("decorates each integration with null, and mail with the .eml folder", () => {
    expect([t.app.stripe, t.app.wallet, t.app.sheets, t.app.oidc]).toEqual([null, null, null, null]);
    expect(t.app.mailer.kind).toBe("file");
  });

  it("Stripe's own routes answer 503 'not configured'", async () => {
    const res = await t.app.inject({ method: "POST", url: "/api/billing-portal", headers: sameSite });
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toBe("Card payments are not configured on this server.");
  });
});

describe("an app given stand-ins", () => {
  const appended: string[][] = [];
  const started: string[] = [];
  const gateway: WalletGateway = {
    startPayment: async (payment) => {
      started.push(payment.reference);
      return {
        requestId: "REQ-1",
        checkoutUrl: "https://wallet.example.test/pay/REQ-1",
        payableUntil: new Date(Date.now() + 60_000),
        digestMatches: null,
      };
    },
    checkStatus: async () => ({ outcome: "pending", code: null, reason: "Waiting for the payer." }),
    verifyReturn: () => false,
  };

  const t = withTestApp({
    env: { RATE_LIMIT_PUBLIC_PER_MINUTE: "0" },
    integrations: {
      wallet: { kind: "mpaisa", gateway },
      sheets: {
        appendRows: async (rows) => {
          appended.push(...rows);
          return { appended: rows.length };
        },
        updateRows: async (rows) => ({ updated: rows.length, appended: 0 }),
      },
    },
  });

  it("reports and uses the stand-in wallet", async () => {
    const config = await t.app.inject({ method: "GET", url: "/api/payments/config" });
    expect(config.json()).toMatchObject({ card: "demo", wallet: "mpaisa" });
    const res = await t.app.inject({
      method: "POST",
      url: "/api/create-mpaisa-payment",
      payload: { phone: "9123456", email: "litia@example.fj", name: "Litia Naivalu", amount: "50.00" },
      headers: sameSite,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ transactionId: "REQ-1", reference: started[0] });
  });

  it("syncs enrollments through the stand-in sheet", async () => {
    const cookie = await createStaffAndSignIn(t.app, t.database.db);
    await insertEnrollment(t.database.db, { firstName: "Vilimone" });
    const res = await t.app.inject({
      method: "POST",
      url: "/api/admin/sync-google-sheets",
      headers: { ...sameSite, cookie },
    });
    expect(res.json()).toEqual({ synced: 1 });
    expect(appended.map((row) => row[2])).toEqual(["Vilimone"]);
  });
});

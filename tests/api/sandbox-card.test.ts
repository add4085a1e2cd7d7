// Our own card form in sandbox mode grants 30 days, like the sandbox wallet, and sends the wallet's receipt, queued
// with the grant; a repeated request with the same Idempotency-Key grants nothing more and sends no second receipt.
// Without the sandbox the route does not exist, so no card form anywhere can grant access without money.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { accessGrants, emailOutbox, subscriptions } from "../../server/db/schema";
import { createTestApp, SANDBOX_ORIGIN, sameSite, withTestApp } from "../helpers/test-app";

const DAY = 24 * 60 * 60 * 1000;
const PATH = "/api/sandbox/card-payment";

describe("the sandbox card payment", () => {
  const t = withTestApp({ env: { PAYMENTS_SANDBOX: "true", PUBLIC_URL: SANDBOX_ORIGIN } });

  it("grants 30 days of portal access to the e-mail from /subscribe", async () => {
    const before = Date.now();
    const res = await t.app.inject({
      method: "POST",
      url: PATH,
      headers: { origin: SANDBOX_ORIGIN },
      payload: { email: "Sandbox.Card@Example.FJ", name: "Mere" },
    });
    expect(res.statusCode).toBe(200);
    const [row] = await t.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.email, "sandbox.card@example.fj"));
    const end = row?.currentPeriodEnd?.getTime() ?? 0;
    expect(end).toBeGreaterThanOrEqual(before + 30 * DAY - 5000);
    expect(end).toBeLessThanOrEqual(Date.now() + 30 * DAY + 5000);
    expect(res.json()).toEqual({ status: "completed", accessUntil: row?.currentPeriodEnd?.toISOString() });
  });

  it("sends the receipt the wallet sends, once, however often the same payment is confirmed", async () => {
    const email = "receipt.card@example.fj";
    const pay = () =>
      t.app.inject({
        method: "POST",
        url: PATH,
        headers: { origin: SANDBOX_ORIGIN, "idempotency-key": "sandbox-card-attempt-0001" },
        payload: { email, name: "Litia Koroi" },
      });
    const first = await pay();
    expect(first.statusCode, first.body).toBe(200);
    const again = await pay();
    expect(again.statusCode).toBe(200);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(again.json()).toEqual(first.json());

    const receipts = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, email));
    expect(receipts).toHaveLength(1);
    const [receipt] = receipts;
    expect(receipt?.subject).toMatch(/^Receipt: FJD .* paid by card \(PSR-[A-Z2-7]{10}\)$/);
    expect(receipt?.text).toMatch(/^Bula Litia,\n/);
    expect(receipt?.text).toContain("Paid with: card");
    expect(receipt?.text).toContain(`runs until`);
    expect(receipt?.text).toContain(`${SANDBOX_ORIGIN}/portal`);
    // One grant of 30 days, not two.
    const grants = await t.database.db.select().from(accessGrants).where(eq(accessGrants.email, email));
    expect(grants).toHaveLength(1);
    expect(grants[0]?.sourceRef).toBe(
      `sandbox-card-${/\((PSR-[A-Z2-7]{10})\)/.exec(receipt?.subject ?? "")?.[1]}`,
    );

    // A new payment (its own key) is a new grant with its own receipt.
    const next = await t.app.inject({
      method: "POST",
      url: PATH,
      headers: { origin: SANDBOX_ORIGIN, "idempotency-key": "sandbox-card-attempt-0002" },
      payload: { email },
    });
    expect(next.statusCode).toBe(200);
    const after = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, email));
    expect(after).toHaveLength(2);
    expect(after.map((mail) => mail.text.split("\n")[0]).sort()).toEqual(["Bula Litia,", "Bula,"]);
  });

  it("refuses a payment without a valid e-mail with a 400", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: PATH,
      headers: { origin: SANDBOX_ORIGIN },
      payload: { email: "not-an-email" },
    });
    expect(res.statusCode).toBe(400);
  });
});

describe("without the sandbox", () => {
  it("has no card route that grants anything", async () => {
    const t = await createTestApp();
    const res = await t.app.inject({
      method: "POST",
      url: PATH,
      headers: sameSite,
      payload: { email: "free@example.fj" },
    });
    expect(res.statusCode).toBe(404);
    expect(await t.database.db.select().from(subscriptions)).toEqual([]);
    await t.close();
  });
});

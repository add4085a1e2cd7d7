// Our own card form in sandbox mode grants 30 days, like the sandbox wallet; without the sandbox the route does
// not exist, so no card form anywhere can grant access without money.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { subscriptions } from "../../server/db/schema";
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

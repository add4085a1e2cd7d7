// Portal access is the sum of its grants: card periods, wallet payments and staff grants run end to end, no source
// overwrites another, a staff revoke ends what came before it, and a later payment starts anew.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { subscriptions } from "../../server/db/schema";
import { addGrant, placeGrants, setStripeGrant } from "../../server/payments/entitlements";
import { subscriptionInfo } from "../../server/payments/subscriptions";
import { createStaffAndSignIn } from "../helpers/admin-session";
import { postFromSite, withTestApp } from "../helpers/test-app";

const DAY = 24 * 60 * 60 * 1000;
const at = (ms: number) => new Date(Date.UTC(2026, 0, 1) + ms);

describe("placing grants", () => {
  it("runs grants end to end in the order they were made, each keeping its own length", () => {
    const placed = placeGrants([
      { createdAt: at(0), days: null, periodStart: at(0), periodEnd: at(31 * DAY) },
      { createdAt: at(9 * DAY), days: 15, periodStart: null, periodEnd: null },
      { createdAt: at(60 * DAY), days: 30, periodStart: null, periodEnd: null },
    ]);
    expect(placed.map((p) => [p.start, p.end])).toEqual([
      [at(0), at(31 * DAY)],
      [at(31 * DAY), at(46 * DAY)],
      // A gap: access had ended, so this one starts when it was bought.
      [at(60 * DAY), at(90 * DAY)],
    ]);
  });
});

describe("access grants through the real stack", () => {
  const t = withTestApp();
  let staff: string;
  beforeAll(async () => {
    staff = await createStaffAndSignIn(t.app, t.database.db);
  });

  const accessEnd = async (email: string) => {
    const [row] = await t.database.db.select().from(subscriptions).where(eq(subscriptions.email, email));
    return row?.currentPeriodEnd?.getTime() ?? 0;
  };
  /** Stripe's paid card period for `email`, from `start` to `paidThrough` (ms since the epoch). */
  const cardPeriod = (email: string, subscriptionId: string, start: number, paidThrough: number) =>
    t.database.db.transaction((tx) =>
      setStripeGrant(tx, {
        email,
        subscriptionId,
        periodStart: new Date(start),
        paidThrough: new Date(paidThrough),
      }),
    );
  const walletPayment = (email: string, sourceRef: string, days: number) =>
    t.database.db.transaction((tx) => addGrant(tx, { email, source: "wallet", sourceRef, days }));
  const near = (actual: number, expected: number) => {
    expect(Math.abs(actual - expected)).toBeLessThan(10_000);
  };

  it("a wallet payment made during a card period adds its days after it", async () => {
    const email = "card-then-wallet@example.fj";
    const now = Date.now();
    await cardPeriod(email, "sub_a", now - 5 * DAY, now + 25 * DAY);
    await walletPayment(email, "PSR-AAAAAAAAAA", 15);
    near(await accessEnd(email), now + 40 * DAY);
  });

  it("a card cancellation cannot erase paid wallet days", async () => {
    const email = "cancel-keeps-wallet@example.fj";
    const now = Date.now();
    await cardPeriod(email, "sub_b", now - 5 * DAY, now + 25 * DAY);
    await walletPayment(email, "PSR-BBBBBBBBBB", 15);
    // Stripe ends the card period early (cancelled now): the wallet's 15 days still follow.
    await cardPeriod(email, "sub_b", now - 5 * DAY, now);
    near(await accessEnd(email), now + 15 * DAY);
  });

  it("the same payment applied twice adds its days once", async () => {
    const email = "twice-grant@example.fj";
    for (let i = 0; i < 2; i += 1) {
      await walletPayment(email, "PSR-CCCCCCCCCC", 30);
    }
    near(await accessEnd(email), Date.now() + 30 * DAY);
  });

  it("a staff revoke ends the grants made before it; a later payment starts a new grant", async () => {
    const email = "revoked@example.fj";
    const until = new Date(Date.now() + 40 * DAY).toISOString().slice(0, 10);
    const granted = await postFromSite(
      t.app,
      "/api/admin/subscriptions/grant",
      { email, until },
      { cookie: staff },
    );
    expect(granted.statusCode).toBe(200);
    await walletPayment(email, "PSR-DDDDDDDDDD", 30);
    expect(await accessEnd(email)).toBeGreaterThan(Date.now() + 60 * DAY);

    const revoked = await postFromSite(
      t.app,
      "/api/admin/subscriptions/revoke",
      { email },
      { cookie: staff },
    );
    expect(revoked.statusCode).toBe(200);
    expect(await accessEnd(email)).toBeLessThanOrEqual(Date.now());
    expect((await subscriptionInfo(t.database.db, email))?.hasAccess).toBe(false);

    // A payment after the revoke buys its own 15 days from now; nothing from before comes back.
    await walletPayment(email, "PSR-EEEEEEEEEE", 15);
    near(await accessEnd(email), Date.now() + 15 * DAY);
  });

  it("the subscriber and staff both see the sources their access is made of", async () => {
    const email = "sources@example.fj";
    const now = Date.now();
    await cardPeriod(email, "sub_c", now - DAY, now + 29 * DAY);
    await walletPayment(email, "PSR-FFFFFFFFFF", 15);
    const info = await subscriptionInfo(t.database.db, email);
    expect(info?.grants.map((g) => [g.source, g.sourceRef])).toEqual([
      ["stripe", "sub_c"],
      ["wallet", "PSR-FFFFFFFFFF"],
    ]);
    expect(info?.grants[1]?.start).toBe(info?.grants[0]?.end);

    const list = await t.app.inject({
      method: "GET",
      url: `/api/admin/subscribers?q=${encodeURIComponent(email)}`,
      headers: { cookie: staff },
    });
    expect(list.json().items[0].grants).toEqual(info?.grants);
  });
});

// What a wallet payment buys once the gateway's status says paid: days of access, receipts, and how it adds to
// access already running, against the local M-PAiSA fake.
import { describe, expect, it } from "vitest";
import { accessGrants, subscriptions } from "../../server/db/schema";
import { latestMailTo } from "../helpers/outbox-mail";
import { SITE_ORIGIN } from "../helpers/test-app";
import { DAY, daysAfter, withGatewayWallet } from "../helpers/wallet";

describe("M-PAiSA payments credited against a local fake gateway", () => {
  const wallet = withGatewayWallet();
  const { post, follow, payment, subscription, mailsTo, paidEvents, pay, approveAndReturn } = wallet;

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

    const again = await follow(wallet.fake.redirectFor(transactionId));
    expect(again.statusCode).toBe(303);
    expect((await subscription("mere@example.fj"))?.currentPeriodEnd?.getTime()).toBe(end);
    expect(await mailsTo("mere@example.fj")).toBe(1);

    await wallet.t.app.outbox.drain();
    const mail = latestMailTo(wallet.t.app.env.DATA_DIR, "mere@example.fj");
    expect(mail).toContain(`Receipt: FJD 50.00 paid by M-PAiSA (${reference})`);
    expect(mail).toContain(`M-PAiSA transaction: ${transactionId}`);
    expect(mail).toContain(`${SITE_ORIGIN}/portal`);

    const status = await wallet.t.app.inject({ method: "GET", url: `/api/mpaisa-payments/${reference}` });
    expect(status.json()).toMatchObject({ status: "completed", transactionId });
  });

  it("the same return arriving twice at once is credited once", async () => {
    const { transactionId } = await pay("twice@example.fj");
    const back = wallet.fake.approve(transactionId) ?? "";
    const results = await Promise.all([follow(back), follow(back)]);
    expect(results.map((r) => r.statusCode)).toEqual([303, 303]);
    const end = (await subscription("twice@example.fj"))?.currentPeriodEnd?.getTime() ?? 0;
    expect(end).toBeLessThanOrEqual(daysAfter(new Date()).getTime() + 5000);
    expect(await mailsTo("twice@example.fj")).toBe(1);
    expect(await paidEvents(transactionId)).toHaveLength(1);
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
    await wallet.t.database.db.insert(subscriptions).values({
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
    await wallet.t.app.outbox.drain();
    expect(latestMailTo(wallet.t.app.env.DATA_DIR, email)).toContain("now runs until");
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
    await wallet.t.database.db.insert(subscriptions).values({
      email,
      provider: "stripe",
      status: "active",
      currentPeriodEnd: cardEnd,
      stripeCustomerId: "cus_1",
      stripeSubscriptionId: "sub_1",
    });
    // The card's paid period, as Stripe's webhook records it.
    await wallet.t.database.db.insert(accessGrants).values({
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
    const res = await follow(wallet.fake.decline(transactionId));
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
    const res = await wallet.t.app.inject({ method: "GET", url: "/api/mpaisa/sandbox/SBX-AAAAAAAAAAAA" });
    expect(res.statusCode).toBe(404);
  });
});

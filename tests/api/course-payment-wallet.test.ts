// Course fees with M-PAiSA: the real gateway client against the local fake (the payer approves on the hosted page and
// comes back through the verified return, which asks the status), the status check of the payment page and the
// poller for a payer who never came back, and the sandbox wallet as a demonstration runs it.
import { beforeAll, describe, expect, it } from "vitest";
import { coursePayments } from "../../server/db/schema";
import { pollCourseWalletPayments } from "../../server/training/fee-wallet";
import { localPath } from "../fakes/mpaisa";
import { coursePaymentCalls, insertCourseIntake, offeredPlace } from "../helpers/course-payment";
import { SANDBOX_ORIGIN, withTestApp } from "../helpers/test-app";
import { withGatewayWallet } from "../helpers/wallet";

describe("course fees with M-PAiSA (gateway fake)", () => {
  const w = withGatewayWallet();
  const calls = coursePaymentCalls(() => ({ app: w.t.app, db: w.t.database.db }));
  let intakeId: number;
  beforeAll(async () => {
    intakeId = await insertCourseIntake(w.t.database.db, { depositCents: 10000 });
  });

  async function startWallet(seatId: number, token: string, kind = "full") {
    const res = await calls.start(seatId, { token, kind, method: "mpaisa" });
    expect(res.statusCode, res.body).toBe(200);
    const started = res.json() as { reference: string; checkoutUrl: string; amountCents: number };
    const request = w.fake.byReference(started.reference);
    if (!request) throw new Error("no gateway request");
    return { ...started, requestId: request.requestId, request };
  }

  it("the payer approves on the gateway's page, returns, and the status call confirms the place", async () => {
    const place = await offeredPlace(w.t.app, w.t.database.db, intakeId);
    const started = await startWallet(place.seatId, place.token);
    expect(started.checkoutUrl).toContain(started.requestId);
    expect(started.request.fields).toMatchObject({
      amount: "300.00",
      itemDetail: `Course fee (${started.reference})`,
    });
    expect((await calls.seat(place.seatId))?.state).toBe("offered");

    const back = w.fake.approve(started.requestId);
    if (!back) throw new Error("no redirect");
    const res = await w.follow(back);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(
      `/course-payment?place=${place.seatId}&token=${place.token}&reference=${started.reference}`,
    );
    expect((await calls.seat(place.seatId))?.state).toBe("confirmed");
    expect((await calls.payments(place.seatId))[0]).toMatchObject({
      status: "paid",
      method: "mpaisa",
      providerReference: started.requestId,
    });
    const receipt = (await calls.mailsTo(place.email)).find((m) => m.subject.startsWith("Receipt"));
    expect(receipt?.text).toContain("Amount paid: FJD 300.00 (M-PAiSA)");
    // The return again (a reload) changes nothing and sends no second receipt.
    expect((await w.follow(back)).statusCode).toBe(303);
    expect((await calls.mailsTo(place.email)).filter((m) => m.subject.startsWith("Receipt"))).toHaveLength(1);
  });

  it("a wallet reporting less than the deposit leaves the offer open, the money counted towards it", async () => {
    const place = await offeredPlace(w.t.app, w.t.database.db, intakeId);
    const started = await startWallet(place.seatId, place.token);
    const back = w.fake.approve(started.requestId, { paidAmount: "50.00" });
    if (!back) throw new Error("no redirect");
    expect((await w.follow(back)).statusCode).toBe(303);
    expect((await calls.seat(place.seatId))?.state).toBe("offered");
    expect((await calls.payments(place.seatId))[0]).toMatchObject({ status: "paid", amountCents: 5000 });
    const summary = (await calls.summary(place.seatId, place.token)).json();
    expect(summary).toMatchObject({ paidCents: 5000, dueCents: 25000 });
    expect(summary.options).toContainEqual({ kind: "deposit", amountCents: 5000, vatCents: 0 });
    const receipt = (await calls.mailsTo(place.email)).find((m) => m.subject.startsWith("Receipt"));
    expect(receipt?.text).toContain("which is confirmed once at least the deposit is paid");
  });

  it("a forged return is refused and credits nothing", async () => {
    const place = await offeredPlace(w.t.app, w.t.database.db, intakeId);
    const started = await startWallet(place.seatId, place.token, "deposit");
    w.fake.approve(started.requestId, { redirect: false });
    const forged = w.fake.redirectFor(started.requestId, "not-the-secret");
    expect((await w.follow(forged)).statusCode).toBe(400);
    expect((await calls.payments(place.seatId))[0]?.status).toBe("pending");
  });

  it("a payer who never comes back is confirmed by the page's status check or the poller", async () => {
    const place = await offeredPlace(w.t.app, w.t.database.db, intakeId);
    const started = await startWallet(place.seatId, place.token, "deposit");
    const state = () =>
      w.t.app.inject({ method: "GET", url: `/api/training/course-payments/${started.reference}` });
    expect((await state()).json()).toMatchObject({ status: "pending", placeState: "offered" });
    w.fake.approve(started.requestId, { redirect: false });
    // Asked at most every 20 seconds from the page: the check just made waits its turn...
    expect((await state()).json()).toMatchObject({ status: "pending" });
    // ...and the poller, a minute later, settles it.
    const gateway = w.t.app.wallet?.gateway;
    if (!gateway) throw new Error("wallet not configured");
    const polled = await pollCourseWalletPayments(w.t.app, gateway, new Date(Date.now() + 61_000));
    expect(polled).toBeGreaterThan(0);
    expect((await state()).json()).toMatchObject({ status: "paid", placeState: "confirmed" });
    expect(await calls.summary(place.seatId, place.token).then((r) => r.json())).toMatchObject({
      paidCents: 10000,
      dueCents: 20000,
    });
  });

  it("a declined payment fails and the offer stays open; a gateway that refuses fails the payment with a 402", async () => {
    const place = await offeredPlace(w.t.app, w.t.database.db, intakeId);
    const started = await startWallet(place.seatId, place.token);
    expect((await w.follow(w.fake.decline(started.requestId))).statusCode).toBe(303);
    expect((await calls.payments(place.seatId))[0]?.status).toBe("failed");
    expect((await calls.seat(place.seatId))?.state).toBe("offered");
    w.fake.mode = "decline";
    const refused = await calls.start(place.seatId, { token: place.token, kind: "full", method: "mpaisa" });
    expect(refused.statusCode).toBe(402);
    const rows = await w.t.database.db.select().from(coursePayments);
    expect(rows.filter((r) => r.seatId === place.seatId).map((r) => r.status)).toEqual(["failed", "failed"]);
  });
});

describe("course fees with the sandbox wallet", () => {
  const t = withTestApp({
    env: { RATE_LIMIT_PUBLIC_PER_MINUTE: "0", PAYMENTS_SANDBOX: "true", PUBLIC_URL: SANDBOX_ORIGIN },
  });
  const calls = coursePaymentCalls(() => ({ app: t.app, db: t.database.db }));

  it("approving on the sandbox's page confirms the place", async () => {
    const intakeId = await insertCourseIntake(t.database.db);
    const place = await offeredPlace(t.app, t.database.db, intakeId);
    const res = await t.app.inject({
      method: "POST",
      url: `/api/training/places/${place.seatId}/payment`,
      payload: { token: place.token, kind: "full", method: "mpaisa" },
      headers: { origin: SANDBOX_ORIGIN },
    });
    expect(res.statusCode, res.body).toBe(200);
    const page = localPath(res.json().checkoutUrl);
    expect((await t.app.inject({ method: "GET", url: page })).statusCode).toBe(200);
    const approved = await t.app.inject({
      method: "POST",
      url: `${page}/approve`,
      headers: { origin: SANDBOX_ORIGIN, "content-type": "application/x-www-form-urlencoded" },
      payload: "",
    });
    expect(approved.statusCode).toBe(303);
    const back = await t.app.inject({ method: "GET", url: localPath(approved.headers.location as string) });
    expect(back.statusCode, back.body).toBe(303);
    expect((await calls.seat(place.seatId))?.state).toBe("confirmed");
  });
});

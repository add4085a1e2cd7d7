// An app whose card payments run the real Stripe client against the local fake, set up and closed around a describe.
import { afterAll, beforeAll, expect } from "vitest";
import { type FakeStripe, fakeStripeEnv, signedWebhook, startFakeStripe } from "../fakes/stripe";
import { createTestApp, postFromSite, type TestApp } from "./test-app";

export function withFakeStripe(env: Record<string, string> = {}) {
  const ctx = {} as { t: TestApp; stripe: FakeStripe };
  beforeAll(async () => {
    ctx.stripe = await startFakeStripe();
    ctx.t = await createTestApp({
      env: { RATE_LIMIT_PUBLIC_PER_MINUTE: "0", ...env, ...fakeStripeEnv(ctx.stripe) },
    });
  });
  afterAll(async () => {
    // A test that held Stripe's answers lets them go, so the app can close.
    ctx.stripe?.release();
    await ctx.t?.close();
    await ctx.stripe?.close().catch(() => undefined);
  });
  /** Stripe's signed webhook delivery of `event`, answering our endpoint's response. */
  const deliver = (event: unknown) =>
    ctx.t.app.inject({ method: "POST", url: "/api/stripe/webhook", ...signedWebhook(event) });

  /** A subscriber who went through create-subscription: answers their subscription at the fake. */
  async function subscriber(email: string): Promise<Record<string, unknown>> {
    const res = await postFromSite(ctx.t.app, "/api/create-subscription", { email });
    expect(res.statusCode).toBe(200);
    const found = [...ctx.stripe.subscriptions.values()].find(
      (s) => (s.metadata as { email: string }).email === email,
    );
    if (!found) throw new Error(`no subscription for ${email}`);
    return found;
  }

  return {
    deliver,
    subscriber,
    get t() {
      return ctx.t;
    },
    get stripe() {
      return ctx.stripe;
    },
  };
}

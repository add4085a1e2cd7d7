// An app whose card payments run the real Stripe client against the local fake, set up and closed around a describe.
import { afterAll, beforeAll } from "vitest";
import { type FakeStripe, fakeStripeEnv, startFakeStripe } from "../fakes/stripe";
import { createTestApp, type TestApp } from "./test-app";

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
  return {
    get t() {
      return ctx.t;
    },
    get stripe() {
      return ctx.stripe;
    },
  };
}

// Runs the fake Stripe API on a fixed port until stopped, for a Playwright webServer:
//   npx tsx tests/fakes/stripe-server.ts --port 5188 [--webhook-url URL --webhook-secret whsec_...]
// Point the app at it with STRIPE_API_URL=http://127.0.0.1:5188 and STRIPE_SECRET_KEY=sk_test_fake_rpas.
// Browser tests can then POST /__test/subscriptions/:id (JSON status, currentPeriodEnd in seconds), or
// /__test/subscriptions/:id/pay and /renew-failed, which also deliver the signed webhook when one is given, or
// /__test/pay-for {email} to pay the newest subscription made for an e-mail address, or
// /__test/payment-intents/:id/succeed (or /fail) to settle a one-off payment (a course fee) and deliver its event.
import { parseArgs } from "node:util";
import { startFakeStripe } from "./stripe";

const { values } = parseArgs({
  options: {
    port: { type: "string", default: "5188" },
    "secret-key": { type: "string" },
    "webhook-url": { type: "string" },
    "webhook-secret": { type: "string" },
  },
});

const webhookUrl = values["webhook-url"];
const webhookSecret = values["webhook-secret"];
const fake = await startFakeStripe({
  port: Number(values.port),
  ...(values["secret-key"] ? { secretKey: values["secret-key"] } : {}),
  ...(webhookUrl && webhookSecret ? { webhook: { url: webhookUrl, secret: webhookSecret } } : {}),
});
console.log(`fake Stripe listening on ${fake.url} (secret key ${fake.secretKey})`);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    fake.close().then(() => process.exit(0));
  });
}

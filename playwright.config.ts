// Browser tests drive the built app (npm run build first; `npm test` does) in the system's Chromium.
// No browser is ever downloaded: CHROMIUM_PATH overrides the Debian default.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig, devices } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 5180);
const baseURL = `http://127.0.0.1:${port}`;
// Set once in the main process and inherited by the workers, so tests can read the server's outbox (.eml files).
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), "rpas-e2e-"));
const dataDir = process.env.E2E_DATA_DIR;

// A second app, with Stripe (against the local fake) and the sandbox wallet, for tests/e2e/payments-live.spec.ts,
// payments-card.spec.ts and course-payment.spec.ts; the main server keeps payments unconfigured, as the rest of the
// suite expects.
const paymentsPort = Number(process.env.E2E_PAYMENTS_PORT ?? 5181);
const paymentsURL = `http://127.0.0.1:${paymentsPort}`;
const fakeStripePort = Number(process.env.E2E_FAKE_STRIPE_PORT ?? 5188);
process.env.E2E_PAYMENTS_DATA_DIR ??= mkdtempSync(join(tmpdir(), "rpas-e2e-payments-"));
const paymentsDataDir = process.env.E2E_PAYMENTS_DATA_DIR;
// settings-company and settings-prices change the company details and prices every page shows: on this second
// server, the landing and service tests that check them on the first one never see their change.
const LIVE_PAYMENTS = /(payments-(live|card)|course-payment|settings-(company|prices))\.spec\.ts/;

/** The compiled server, as `npm start` runs it (scripts/start.mjs finds it under DIST_DIR); no build check here. */
const SERVER_COMMAND = "node scripts/start.mjs";

const appEnv = {
  NODE_ENV: "production",
  HOST: "127.0.0.1",
  LOG_LEVEL: "warn",
  // The per-IP limit is covered by the API tests; here every test shares one address.
  RATE_LIMIT_PUBLIC_PER_MINUTE: "0",
  ADMIN_USERNAME: "staff",
  ADMIN_PASSWORD: "correct-horse-battery-staple",
  ...(process.env.DIST_DIR ? { DIST_DIR: process.env.DIST_DIR } : {}),
};
const STRIPE_TEST_KEYS = {
  secret: "sk_test_fake",
  publishable: "pk_test_fake",
  webhook: "whsec_test_fake",
};

export default defineConfig({
  testDir: "./tests/e2e",
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  timeout: 90_000,
  use: {
    baseURL,
    trace: "off",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
  projects: [
    {
      name: "desktop",
      use: { ...devices["Desktop Chrome"], channel: undefined },
      testIgnore: [/mobile\.spec\.ts/, LIVE_PAYMENTS],
    },
    {
      name: "mobile",
      use: { ...devices["Pixel 7"], channel: undefined },
      testMatch: /mobile\.spec\.ts/,
    },
    {
      name: "payments",
      use: { ...devices["Desktop Chrome"], channel: undefined, baseURL: paymentsURL },
      testMatch: LIVE_PAYMENTS,
    },
  ],
  // Generous start-up limits: a first start creates the embedded database (initdb), which on a busy 2-core machine
  // has taken over a minute; a server that never answers still fails the run.
  webServer: [
    {
      command: SERVER_COMMAND,
      url: `${baseURL}/api/health`,
      reuseExistingServer: false,
      timeout: 180_000,
      env: { ...appEnv, PORT: String(port), DATA_DIR: dataDir, PUBLIC_URL: baseURL },
    },
    {
      command: [
        `tsx tests/fakes/stripe-server.ts --port ${fakeStripePort}`,
        `--secret-key ${STRIPE_TEST_KEYS.secret}`,
        `--webhook-url ${paymentsURL}/api/stripe/webhook --webhook-secret ${STRIPE_TEST_KEYS.webhook}`,
      ].join(" "),
      // The fake has no health path: every unauthenticated request answers 401, which counts as up.
      url: `http://127.0.0.1:${fakeStripePort}/`,
      reuseExistingServer: false,
      timeout: 90_000,
    },
    {
      command: SERVER_COMMAND,
      url: `${paymentsURL}/api/health`,
      reuseExistingServer: false,
      timeout: 180_000,
      env: {
        ...appEnv,
        PORT: String(paymentsPort),
        DATA_DIR: paymentsDataDir,
        PUBLIC_URL: paymentsURL,
        STRIPE_SECRET_KEY: STRIPE_TEST_KEYS.secret,
        STRIPE_PUBLISHABLE_KEY: STRIPE_TEST_KEYS.publishable,
        STRIPE_WEBHOOK_SECRET: STRIPE_TEST_KEYS.webhook,
        STRIPE_API_URL: `http://127.0.0.1:${fakeStripePort}`,
        PAYMENTS_SANDBOX: "true",
      },
    },
  ],
});

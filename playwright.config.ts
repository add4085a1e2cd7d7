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

export default defineConfig({
  testDir: "./tests/e2e",
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  timeout: 30_000,
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
      testIgnore: /mobile\.spec\.ts/,
    },
    {
      name: "mobile",
      use: { ...devices["Pixel 7"], channel: undefined },
      testMatch: /mobile\.spec\.ts/,
    },
  ],
  webServer: {
    command: "tsx server/index.ts",
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      PUBLIC_URL: baseURL,
      LOG_LEVEL: "warn",
      // The per-IP limit is covered by the API tests; here every test shares one address.
      RATE_LIMIT_PUBLIC_PER_MINUTE: "0",
      ADMIN_USERNAME: "staff",
      ADMIN_PASSWORD: "correct-horse-battery-staple",
      ...(process.env.DIST_DIR ? { DIST_DIR: process.env.DIST_DIR } : {}),
    },
  },
});

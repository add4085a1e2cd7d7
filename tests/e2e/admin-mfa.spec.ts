// Staff two-factor in the browser: a staff member turns it on from the dashboard, signs out, and signs in again with
// the password and a code from the authenticator app (computed here with otpauth from the secret the page shows);
// and with ADMIN_REQUIRE_MFA the sign-in page makes the setup come first. Each runs against a server of this spec's
// own with its own staff account, so the shared account of the other specs keeps signing in with a password alone.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { expect, expectAxeClean, open, test } from "./fixtures";

const basePort = Number(process.env.E2E_PORT ?? 5180);
const LEAD = { username: "ops-lead", password: "harbour-lights-at-dusk" };

const code = (secret: string, offsetSteps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: Date.now() + offsetSteps * 30_000,
  });

const servers: ChildProcess[] = [];

/** Starts a server of this spec's own on `port` (its own data folder) and waits until it answers. */
async function startServer(port: number, env: Record<string, string> = {}): Promise<string> {
  const origin = `http://127.0.0.1:${port}`;
  // Its own process group, so the end of the spec stops tsx and the server it starts together.
  const child = spawn(join("node_modules", ".bin", "tsx"), ["server/index.ts"], {
    detached: true,
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      PUBLIC_URL: origin,
      DATA_DIR: mkdtempSync(join(tmpdir(), "rpas-e2e-mfa-")),
      LOG_LEVEL: "warn",
      RATE_LIMIT_PUBLIC_PER_MINUTE: "0",
      ADMIN_USERNAME: LEAD.username,
      ADMIN_PASSWORD: LEAD.password,
      DATABASE_URL: "",
      ...env,
    },
    stdio: "ignore",
  });
  servers.push(child);
  await expect
    .poll(
      async () => {
        try {
          return (await fetch(`${origin}/api/health`)).status;
        } catch {
          return 0;
        }
      },
      { timeout: 90_000, intervals: [500] },
    )
    .toBe(200);
  return origin;
}

test.afterAll(async () => {
  await Promise.all(
    servers.map((child) => {
      if (!child.pid || child.exitCode !== null) return undefined;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      process.kill(-child.pid, "SIGTERM");
      return exited;
    }),
  );
});

async function signInWithPassword(page: Page) {
  await page.getByLabel("Username").fill(LEAD.username);
  await page.getByLabel("Password", { exact: true }).fill(LEAD.password);
  await page.getByRole("button", { name: "Sign In" }).click();
}

test("a staff member turns on two-factor in the dashboard, then signs in with password and code", async ({
  page,
}) => {
  test.setTimeout(150_000);
  const origin = await startServer(basePort + 3);
  await open(page, `${origin}/admin`);
  await signInWithPassword(page);
  await expect(page.getByRole("heading", { name: "Admin Dashboard", level: 1 })).toBeVisible();

  await page.getByRole("tab", { name: "Account security" }).click();
  const twoFactor = page.getByRole("region", { name: "Two-factor sign-in" });
  await expect(twoFactor.getByText(/^Off: sign-in needs only your password/)).toBeVisible();
  await twoFactor.getByRole("button", { name: "Set up two-factor sign-in" }).click();
  await expect(twoFactor.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
  const secret = (await twoFactor.getByTestId("mfa-secret").textContent())?.trim() ?? "";
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await expectAxeClean(page, "the two-factor setup");

  await twoFactor.getByLabel("6-digit code").fill(code(secret));
  await twoFactor.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
  const recovery = twoFactor.getByRole("list", { name: "Recovery codes" });
  await expect(recovery.getByRole("listitem")).toHaveCount(10);
  await expectAxeClean(page, "the page with the recovery codes");
  await twoFactor.getByRole("button", { name: "I have saved my recovery codes" }).click();
  await expect(twoFactor.getByText(/^On: sign-in asks for a code/)).toBeVisible();
  await expect(
    page.getByRole("list", { name: "Signed-in sessions" }).getByText(/\(this session\)/),
  ).toBeVisible();

  await page.getByRole("button", { name: "Log out" }).click();
  await expect(page.getByRole("heading", { name: "Staff Sign In" })).toBeVisible();

  await signInWithPassword(page);
  await expect(page.getByRole("heading", { name: "Two-factor sign-in", level: 1 })).toBeVisible();
  await expectAxeClean(page, "the code step");
  // The code used at setup is spent; the app's next one is accepted.
  await page.getByLabel("Authentication code").fill(code(secret, 1));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByText("Login Successful", { exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Admin Dashboard", level: 1 })).toBeVisible();
});

test("with ADMIN_REQUIRE_MFA the sign-in page sets up two-factor before the dashboard", async ({ page }) => {
  test.setTimeout(150_000);
  const origin = await startServer(basePort + 4, { ADMIN_REQUIRE_MFA: "true" });
  await open(page, `${origin}/admin`);
  await signInWithPassword(page);
  await expect(page.getByRole("heading", { name: "Set up two-factor sign-in", level: 1 })).toBeVisible();
  await page.getByRole("button", { name: "Set up two-factor sign-in" }).click();
  await expect(page.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
  await expectAxeClean(page, "the required setup");
  const secret = (await page.getByTestId("mfa-secret").textContent())?.trim() ?? "";
  await page.getByLabel("6-digit code").fill(code(secret));
  await page.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
  await expect(page.getByRole("list", { name: "Recovery codes" }).getByRole("listitem")).toHaveCount(10);
  await page.getByRole("button", { name: "I have saved my recovery codes" }).click();
  await expect(page.getByText("Login Successful", { exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Admin Dashboard", level: 1 })).toBeVisible();
});

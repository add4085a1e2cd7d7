// Two-factor in the browser: an owner's first sign-in sets it up and saves the recovery codes before the dashboard
// opens, and a backup download asks for a code (computed here with otpauth from the secret the page shows, as an
// authenticator app would); with ADMIN_REQUIRE_MFA the setup comes first for everyone. Each runs against a server of
// this spec's own with its own account, fresh, so the setup is a first sign-in's.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { expect, expectAxeClean, open, test } from "./fixtures";
import { signInStaff } from "./staff-factors";
import { uniqueTag } from "./staff-helpers";
import { bodyText, mailsTo } from "./subscriber";

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

test.describe("an owner", () => {
  // The wrong code typed on purpose answers 400, and the action refused before the code 403; the browser logs both.
  test.use({ allowedConsoleErrors: [/status of 40[03]/] });

  test("an owner's first sign-in sets up two-factor and saves the codes; a backup download asks for a code", async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const origin = await startServer(basePort + 3);
    await open(page, `${origin}/admin`);
    await signInWithPassword(page);
    // The environment's account is an owner: two-factor comes before the dashboard (ADR 051).
    await expect(page.getByRole("heading", { name: "Set up two-factor sign-in", level: 1 })).toBeVisible();
    await page.getByRole("button", { name: "Set up two-factor sign-in" }).click();
    await expect(page.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
    const secret = (await page.getByTestId("mfa-secret").textContent())?.trim() ?? "";
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await expectAxeClean(page, "the owner's setup");
    await page.getByLabel("6-digit code").fill(code(secret));
    await page.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
    const recovery = page.getByRole("list", { name: "Recovery codes" }).getByRole("listitem");
    await expect(recovery).toHaveCount(10);
    const codes = await recovery.allTextContents();
    for (const shown of codes) expect(shown.trim()).toMatch(/^[a-z2-9]{4}-[a-z2-9]{5}-[a-z2-9]{5}$/);
    // Nothing but the codes until they are saved.
    await expect(page.getByRole("heading", { name: "Admin Dashboard", level: 1 })).toHaveCount(0);
    await page.getByRole("button", { name: "I have saved my recovery codes" }).click();
    await expect(page.getByText("Login Successful", { exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Admin Dashboard", level: 1 })).toBeVisible();

    // A backup download: the factor set up a moment ago does not count, so the dashboard asks for a code first.
    await page.getByRole("tab", { name: "Backups" }).click();
    await page.getByRole("button", { name: "Back up now" }).click();
    await expect(page.getByText("Backup made", { exact: true })).toBeVisible();
    await page
      .getByRole("region", { name: "Backups list" })
      .getByRole("link", { name: /^Download/ })
      .first()
      .click();
    const dialog = page.getByRole("dialog", { name: "Confirm it is you" });
    await expect(dialog).toBeVisible();
    await expectAxeClean(page, "the step-up dialog");
    await dialog.getByLabel("Authentication code").fill("000000");
    await dialog.getByRole("button", { name: "Confirm" }).click();
    await expect(dialog.getByText(/That code is not valid/)).toBeVisible();
    const download = page.waitForEvent("download");
    // The code used at setup is spent; the app's next one is accepted.
    await dialog.getByLabel("Authentication code").fill(code(secret, 1));
    await dialog.getByRole("button", { name: "Confirm" }).click();
    expect((await download).suggestedFilename()).toMatch(/^rpas-backup-.*\.tar\.gz$/);
    await expect(dialog).toHaveCount(0);

    // Signed out, the next sign-in asks for a code (here a recovery code) and goes straight on.
    await page.getByRole("button", { name: "Log out" }).click();
    await expect(page.getByRole("heading", { name: "Staff Sign In" })).toBeVisible();
    await signInWithPassword(page);
    await expect(page.getByRole("heading", { name: "Two-factor sign-in", level: 1 })).toBeVisible();
    await page.getByLabel("Authentication code").fill(codes[0]?.trim() ?? "");
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page.getByRole("heading", { name: "Admin Dashboard", level: 1 })).toBeVisible();
  });
  test("confirming a wallet payment by hand asks for a code over its dialog, then goes through", async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const origin = await startServer(basePort + 5, { PAYMENTS_SANDBOX: "true" });
    const headers = { Origin: origin };
    // The owner's first sign-in and setup, through the calls the sign-in page makes (its screens are tested above).
    const login = await page.request.post(`${origin}/api/admin/login`, { headers, data: LEAD });
    expect(await login.json()).toMatchObject({ next: "setup" });
    const setup = await page.request.post(`${origin}/api/admin/mfa/setup`, { headers, data: {} });
    const { secret } = (await setup.json()) as { secret: string };
    const confirm = await page.request.post(`${origin}/api/admin/mfa/confirm`, {
      headers,
      data: { code: code(secret) },
    });
    expect(confirm.status(), await confirm.text()).toBe(200);
    const created = await page.request.post(`${origin}/api/create-mpaisa-payment`, {
      headers,
      data: { phone: "9123456", email: "sera@example.com", name: "Sera Tora", amount: "50.00" },
    });
    expect(created.status(), await created.text()).toBe(200);
    const { reference } = (await created.json()) as { reference: string };

    await open(page, `${origin}/admin/dashboard`);
    await page.getByRole("tab", { name: "Wallet payments" }).click();
    const row = page.getByRole("region", { name: "Pending wallet payments" }).getByRole("row").filter({
      hasText: reference,
    });
    await row.getByRole("button", { name: `Confirm payment ${reference}` }).click();
    const dialog = page.getByRole("dialog", { name: `Confirm payment ${reference}?` });
    await dialog.getByLabel("Amount received (FJD)").fill("50.00");
    await dialog.getByLabel("M-PAiSA receipt number").fill("MP7654321");
    await dialog.getByRole("button", { name: "Confirm payment" }).click();
    // Setting the factor up a moment ago does not count: the code is asked over the payment's dialog.
    const stepUp = page.getByRole("dialog", { name: "Confirm it is you" });
    await expect(stepUp).toBeVisible();
    await stepUp.getByLabel("Authentication code").fill(code(secret, 1));
    await stepUp.getByRole("button", { name: "Confirm" }).click();
    await expect(page.getByText("Payment confirmed", { exact: true })).toBeVisible();
    await expect(stepUp).toHaveCount(0);
    await expect(dialog).toBeHidden();
    const settled = await page.request.get(`${origin}/api/mpaisa-payments/${reference}`);
    expect(((await settled.json()) as { status: string }).status).toBe("completed");
  });
});

test("a staff member turns on two-factor from the dashboard with their password, then signs in with a code", async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000);
  // A staff account (two-factor is their choice) on the shared server: invited by the owner, accepted in a browser.
  const tag = uniqueTag(testInfo);
  const email = `${tag}@example.com`;
  const password = "mangrove-outrigger-sunrise-93";
  await signInStaff(page.request, baseURL ?? "");
  const invited = await page.request.post("/api/admin/staff/invites", {
    headers: { Origin: baseURL ?? "" },
    data: { email, role: "staff" },
  });
  expect(invited.status(), await invited.text()).toBe(200);
  let invitePath = "";
  await expect
    .poll(
      async () => {
        const texts = (await mailsTo(email)).map(bodyText);
        invitePath =
          texts.map((text) => /https?:\/\/\S+?(\/admin\/invite#[\w-]+)/.exec(text)?.[1]).find(Boolean) ?? "";
        return invitePath;
      },
      { timeout: 10_000 },
    )
    .not.toBe("");
  const staff = await (await browser.newContext()).newPage();
  await open(staff, invitePath);
  await staff.getByLabel("Username").fill(tag);
  await staff.getByLabel("Password").fill(password);
  await staff.getByRole("button", { name: "Create my account" }).click();
  await expect(staff).toHaveURL(/\/admin\/dashboard$/);

  await staff.getByRole("tab", { name: "Account security" }).click();
  const twoFactor = staff.getByRole("region", { name: "Two-factor sign-in" });
  await expect(twoFactor.getByText(/^Off: sign-in needs only your password/)).toBeVisible();
  // The current password first: a wrong one is refused and shows no secret.
  await twoFactor.getByLabel("Current password").fill("not-my-password-at-all");
  await twoFactor.getByRole("button", { name: "Set up two-factor sign-in" }).click();
  await expect(twoFactor.getByText("The current password is not correct.")).toBeVisible();
  await expect(twoFactor.getByTestId("mfa-secret")).toHaveCount(0);
  await twoFactor.getByLabel("Current password").fill(password);
  await twoFactor.getByRole("button", { name: "Set up two-factor sign-in" }).click();
  await expect(twoFactor.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
  const secret = (await twoFactor.getByTestId("mfa-secret").textContent())?.trim() ?? "";
  await expectAxeClean(staff, "the two-factor setup");
  await twoFactor.getByLabel("6-digit code").fill(code(secret));
  await twoFactor.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
  await expect(twoFactor.getByRole("list", { name: "Recovery codes" }).getByRole("listitem")).toHaveCount(10);
  await twoFactor.getByRole("button", { name: "I have saved my recovery codes" }).click();
  await expect(twoFactor.getByText(/^On: sign-in asks for a code/)).toBeVisible();

  await staff.getByRole("button", { name: "Log out" }).click();
  await expect(staff.getByRole("heading", { name: "Staff Sign In" })).toBeVisible();
  await staff.getByLabel("Username").fill(tag);
  await staff.getByLabel("Password", { exact: true }).fill(password);
  await staff.getByRole("button", { name: "Sign In" }).click();
  await expect(staff.getByRole("heading", { name: "Two-factor sign-in", level: 1 })).toBeVisible();
  // The code used at setup is spent; the app's next one is accepted.
  await staff.getByLabel("Authentication code").fill(code(secret, 1));
  await staff.getByRole("button", { name: "Verify" }).click();
  await expect(staff.getByRole("heading", { name: "Admin Dashboard", level: 1 })).toBeVisible();
  await staff.context().close();
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

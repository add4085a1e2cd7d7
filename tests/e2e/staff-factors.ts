// The e2e servers' staff account is an owner, and owners use two factors (ADR 051). The first sign-in of a run sets
// up the authenticator through the real calls and keeps its secret and recovery codes in a file of this run (shared
// by the workers); every later sign-in answers the code step with one of those codes. An authenticator code is
// usable once per 30 seconds, too few for a suite; recovery codes are not, and a new set is made when few are left.
// Sign-ins take turns under a lock (a directory, which only one process can create), so no worker uses a code that
// another has just replaced.
import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { type APIRequestContext, expect } from "@playwright/test";
import { Secret, TOTP } from "otpauth";

export const STAFF = { username: "staff", password: "correct-horse-battery-staple" };

interface Factors {
  secret: string;
  recoveryCodes: string[];
}

/** The 6-digit code an authenticator app shows for `secret`, `offsetSteps` 30-second steps from now. */
export const totpCode = (secret: string, offsetSteps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: Date.now() + offsetSteps * 30_000,
  });

/** This run's file for one server (the data folder's name makes it the run's own). */
function stateFile(baseURL: string): string {
  const run = basename(process.env.E2E_DATA_DIR ?? "local");
  return join(tmpdir(), `rpas-e2e-factors-${run}-${new URL(baseURL).port}`);
}

const readFactors = (baseURL: string): Factors | null => {
  try {
    return JSON.parse(readFileSync(`${stateFile(baseURL)}.json`, "utf8")) as Factors;
  } catch {
    return null;
  }
};
const writeFactors = (baseURL: string, factors: Factors) =>
  writeFileSync(`${stateFile(baseURL)}.json`, JSON.stringify(factors));

/** Runs `work` while holding this server's sign-in lock (a lock older than a minute is a dead worker's). */
async function withLock<T>(baseURL: string, work: () => Promise<T>): Promise<T> {
  const lock = `${stateFile(baseURL)}.lock`;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      try {
        if (Date.now() - statSync(lock).mtimeMs > 60_000) rmSync(lock, { recursive: true, force: true });
      } catch {
        // Released meanwhile.
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  try {
    return await work();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

async function post(request: APIRequestContext, baseURL: string, path: string, data: object = {}) {
  const res = await request.post(path, { headers: { Origin: baseURL }, data });
  expect(res.status(), `${path}: ${await res.text()}`).toBe(200);
  return res.json();
}

/** A new set once few codes are left; the session behind `request` has just passed a second factor. */
async function refill(request: APIRequestContext, baseURL: string, factors: Factors) {
  if (factors.recoveryCodes.length >= 4) return;
  const fresh = (await post(request, baseURL, "/api/admin/mfa/recovery-codes")) as {
    recoveryCodes: string[];
  };
  factors.recoveryCodes = fresh.recoveryCodes;
  writeFactors(baseURL, factors);
}

function takeCode(baseURL: string): { factors: Factors; code: string } {
  const factors = readFactors(baseURL);
  const code = factors?.recoveryCodes.shift();
  if (!factors || !code) throw new Error("the staff account's recovery codes are not known to this run");
  writeFactors(baseURL, factors);
  return { factors, code };
}

/**
 * Signs `request`'s context (a page's `page.request` shares the page's cookies) in as the staff owner through the
 * real calls: the password, then the setup (first time) or a recovery code. The session ends with a second factor
 * just checked, so sensitive actions go through for the next 10 minutes.
 */
export async function signInStaff(request: APIRequestContext, baseURL: string): Promise<void> {
  // Already signed in (a page that is open keeps using its session): no new sign-in, which would end that session
  // under the page's feet; only a step-up when its second factor is about to be too old for sensitive actions.
  const current = await request.get("/api/admin/step-up");
  if (current.ok()) {
    const { verifiedUntil } = (await current.json()) as { verifiedUntil: string | null };
    if (verifiedUntil && Date.parse(verifiedUntil) > Date.now() + 3 * 60_000) return;
    await withLock(baseURL, async () => {
      const { factors, code } = takeCode(baseURL);
      await post(request, baseURL, "/api/admin/step-up", { code });
      await refill(request, baseURL, factors);
    });
    return;
  }
  await withLock(baseURL, async () => {
    const login = (await post(request, baseURL, "/api/admin/login", STAFF)) as { next?: "mfa" | "setup" };
    if (login.next === "setup") {
      const { secret } = (await post(request, baseURL, "/api/admin/mfa/setup")) as { secret: string };
      const confirmed = (await post(request, baseURL, "/api/admin/mfa/confirm", {
        code: totpCode(secret),
      })) as {
        recoveryCodes: string[];
      };
      const factors = { secret, recoveryCodes: confirmed.recoveryCodes };
      writeFactors(baseURL, factors);
      // A factor set up in this session does not count for sensitive actions; a recovery code does.
      await post(request, baseURL, "/api/admin/step-up", { code: takeCode(baseURL).code });
      return;
    }
    if (login.next !== "mfa") return;
    const { factors, code } = takeCode(baseURL);
    await post(request, baseURL, "/api/admin/login/mfa", { code });
    await refill(request, baseURL, factors);
  });
}

/**
 * For a test that signs in through the form: a recovery code to type at the code step, valid while `work` runs (the
 * lock keeps other workers from replacing the set meanwhile). The account is set up first if this run has not yet.
 */
export async function withStaffCode(
  request: APIRequestContext,
  baseURL: string,
  work: (code: string) => Promise<void>,
): Promise<void> {
  if (!readFactors(baseURL)) await signInStaff(request, baseURL);
  await withLock(baseURL, async () => {
    const factors = readFactors(baseURL);
    // Keep enough for the next sign-in to make a new set.
    if (!factors || factors.recoveryCodes.length < 2) throw new Error("too few recovery codes left");
    await work(takeCode(baseURL).code);
  });
}

// Staff sign-in for API tests: create the account, log in through the real endpoints, and carry the cookie. Owners
// (and everyone under ADMIN_REQUIRE_MFA) must use two factors (ADR 051): the first sign-in here sets up the
// authenticator through the real setup calls, as the dashboard does, and keeps its secret and recovery codes; later
// sign-ins answer the code step with one of those codes. Either way the session ends full, with a second factor just
// checked (a step-up), so the sensitive actions go through as they would for someone who just typed a code.
import type { FastifyInstance } from "fastify";
import { Secret, TOTP } from "otpauth";
import type { Db } from "../../server/db/client";
import { enrollments, intakes } from "../../server/db/schema";
import { createAdmin } from "../../server/staff/accounts";
import { addDays } from "../../server/training/calendar";
import { fijiToday } from "../../shared/fiji-time";

export const STAFF = { username: "staff", password: "correct-horse-battery-staple" };

export interface StaffFactors {
  /** The authenticator secret (base32), as the setup showed it. */
  secret: string;
  /** Recovery codes not used yet by these helpers. */
  recoveryCodes: string[];
}

const knownFactors = new WeakMap<FastifyInstance, Map<string, StaffFactors>>();

/** The factors these helpers set up for `username` on this app, if they did. */
export function staffFactors(app: FastifyInstance, username: string): StaffFactors | undefined {
  return knownFactors.get(app)?.get(username.trim().toLowerCase());
}

/** Tells the helpers an account's factors on another app (a site restored from a backup holds the same account). */
export function rememberStaffFactors(app: FastifyInstance, username: string, factors: StaffFactors) {
  const byName = knownFactors.get(app) ?? new Map<string, StaffFactors>();
  knownFactors.set(app, byName);
  byName.set(username.trim().toLowerCase(), factors);
}

/** The 6-digit code an authenticator app shows for `secret`, `offsetSteps` 30-second steps from now. */
export const totpCode = (secret: string, offsetSteps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: Date.now() + offsetSteps * 30_000,
  });

const cookieOf = (res: { cookies: { name: string; value: string }[] }) =>
  res.cookies.map((c) => `${c.name}=${c.value}`).join("; ");

async function call(
  app: FastifyInstance,
  url: string,
  cookie: string,
  remoteAddress: string,
  payload: object = {},
) {
  const res = await app.inject({
    method: "POST",
    url,
    payload,
    headers: { origin: app.env.PUBLIC_URL, cookie },
    remoteAddress,
  });
  if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${res.body}`);
  return res;
}

/** The next unused recovery code of an account these helpers set up. */
function takeRecoveryCode(app: FastifyInstance, username: string): string {
  const code = staffFactors(app, username)?.recoveryCodes.shift();
  if (!code) throw new Error(`no recovery code known for ${username}: sign in with signIn() first`);
  return code;
}

/** A step-up with a recovery code (a new set once they run low): the session's second factor is now recent. */
export async function stepUp(
  app: FastifyInstance,
  cookie: string,
  username: string,
  remoteAddress = "127.0.0.1",
) {
  await call(app, "/api/admin/step-up", cookie, remoteAddress, { code: takeRecoveryCode(app, username) });
  await refillIfLow(app, cookie, username, remoteAddress);
}

/** A new set of recovery codes once few are left (the session must have a recent second factor). */
async function refillIfLow(app: FastifyInstance, cookie: string, username: string, remoteAddress: string) {
  const factors = staffFactors(app, username);
  if (factors && factors.recoveryCodes.length < 3) {
    const fresh = await call(app, "/api/admin/mfa/recovery-codes", cookie, remoteAddress);
    factors.recoveryCodes = (fresh.json() as { recoveryCodes: string[] }).recoveryCodes;
  }
}

/** The mandatory setup after the password, through the real calls; answers the full session's cookie. */
async function setUpTwoFactor(app: FastifyInstance, cookie: string, username: string, remoteAddress: string) {
  const setup = await call(app, "/api/admin/mfa/setup", cookie, remoteAddress);
  const { secret } = setup.json() as { secret: string };
  const confirm = await call(app, "/api/admin/mfa/confirm", cookie, remoteAddress, {
    code: totpCode(secret),
  });
  const recoveryCodes = (confirm.json() as { recoveryCodes: string[] }).recoveryCodes;
  rememberStaffFactors(app, username, { secret, recoveryCodes });
  const full = cookieOf(confirm);
  await stepUp(app, full, username, remoteAddress);
  return full;
}

/**
 * Signs in through POST /api/admin/login and, when a second step follows, completes it: the setup of two-factor at
 * an owner's first sign-in, or a recovery code these helpers kept. `status` is the password step's.
 */
export async function signIn(
  app: FastifyInstance,
  credentials = STAFF,
  remoteAddress = "127.0.0.1",
): Promise<{ status: number; cookie: string }> {
  const res = await app.inject({
    method: "POST",
    url: "/api/admin/login",
    payload: credentials,
    // The site's own origin, whichever PUBLIC_URL the test app runs on.
    headers: { origin: app.env.PUBLIC_URL },
    remoteAddress,
  });
  if (res.statusCode !== 200) return { status: res.statusCode, cookie: cookieOf(res) };
  return { status: res.statusCode, cookie: await completeSignIn(app, res, remoteAddress) };
}

/** After a 200 from POST /api/admin/login: the step that follows, if any; answers the full session's cookie. */
export async function completeSignIn(
  app: FastifyInstance,
  login: { cookies: { name: string; value: string }[]; json: () => unknown },
  remoteAddress = "127.0.0.1",
): Promise<string> {
  const cookie = cookieOf(login);
  const { username, next } = login.json() as { username: string; next?: "mfa" | "setup" };
  if (next === "setup") return setUpTwoFactor(app, cookie, username, remoteAddress);
  if (next !== "mfa") return cookie;
  const code = takeRecoveryCode(app, username);
  const full = cookieOf(await call(app, "/api/admin/login/mfa", cookie, remoteAddress, { code }));
  await refillIfLow(app, full, username, remoteAddress);
  return full;
}

export async function createStaffAndSignIn(app: FastifyInstance, db: Db): Promise<string> {
  await createAdmin(db, STAFF.username, STAFF.password);
  const { status, cookie } = await signIn(app);
  if (status !== 200) throw new Error(`sign-in failed with ${status}`);
  return cookie;
}

let serial = 0;

/** An enrollment row as the public form would store it; `overrides` set anything else. */
export async function insertEnrollment(db: Db, overrides: Partial<typeof enrollments.$inferInsert> = {}) {
  serial += 1;
  const [row] = await db
    .insert(enrollments)
    .values({
      courseType: "basic",
      firstName: `Applicant${serial}`,
      lastName: "Tester",
      email: `applicant${serial}@example.fj`,
      phone: "+679 990 1234",
      highestEducation: "bachelor",
      hasDroneExperience: false,
      ...overrides,
    })
    .returning({ id: enrollments.id });
  if (!row) throw new Error("insert failed");
  return row.id;
}

/** A five-day basic course starting `startsInDays` from today (Fiji time), as staff would set it up; answers its id. */
export async function insertIntake(
  db: Db,
  startsInDays: number,
  location: string,
  seats: number,
): Promise<number> {
  const [row] = await db
    .insert(intakes)
    .values({
      courseType: "basic",
      startDate: addDays(fijiToday(), startsInDays),
      endDate: addDays(fijiToday(), startsInDays + 4),
      location,
      seats,
      feeCents: 30000,
    })
    .returning({ id: intakes.id });
  if (!row) throw new Error("no intake");
  return row.id;
}

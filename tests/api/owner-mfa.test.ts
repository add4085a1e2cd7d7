// Owners use two factors (ADR 051), through the real endpoints: an owner without two-factor reaches only its setup
// after the password; the sensitive actions ask for a second factor within the last 10 minutes (the session's stored
// time is moved in the database to play the clock); a payee change is e-mailed to every owner; recovery codes carry a
// public id and are checked with one argon2 verification each; older SHA-256 codes still work and ask to be replaced.
import { createHash } from "node:crypto";
import * as argon2 from "@node-rs/argon2";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { adminRecoveryCodes, adminUsers, auditLog, emailOutbox } from "../../server/db/schema";
import { createAdmin } from "../../server/staff/accounts";
import { createInvite } from "../../server/staff/invites";
import { resetMfa } from "../../server/staff/mfa";
import { DEFAULT_SETTINGS } from "../../shared/settings";
import { createStaffAndSignIn, STAFF, staffFactors, totpCode } from "../helpers/admin-session";
import { latestMailTo } from "../helpers/outbox-mail";
import { sameSite, withTestApp } from "../helpers/test-app";

// The real argon2, watched: a recovery-code attempt must cost one verification, not one per stored code.
vi.mock("@node-rs/argon2", async (importOriginal) => {
  const real = await importOriginal<typeof import("@node-rs/argon2")>();
  return { ...real, verify: vi.fn(real.verify) };
});

const cookieOf = (res: { cookies: { name: string; value: string }[] }) =>
  res.cookies.map((c) => `${c.name}=${c.value}`).join("; ");

describe("owners use two factors", () => {
  const t = withTestApp({ env: { RATE_LIMIT_PUBLIC_PER_MINUTE: "0" } });
  const call = (method: "GET" | "POST" | "PUT" | "PATCH", url: string, cookie: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: { ...sameSite, cookie } });
  const login = async (username: string, password: string) => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/admin/login",
      payload: { username, password },
      headers: sameSite,
    });
    return { res, cookie: cookieOf(res) };
  };

  const OWNER = { username: "adi", password: "lagoon-mango-breeze-41" };

  it("an owner without two-factor reaches only its setup after the password, then the dashboard", async () => {
    await createAdmin(t.database.db, OWNER.username, OWNER.password);
    const { res, cookie } = await login(OWNER.username, OWNER.password);
    expect(res.json()).toEqual({ username: "adi", next: "setup" });

    // The password alone opens no staff call but the setup's.
    for (const url of [
      "/api/admin/auth",
      "/api/enrollments",
      "/api/admin/settings",
      "/api/admin/backups",
      "/api/admin/staff",
      "/api/admin/step-up",
    ]) {
      expect((await call("GET", url, cookie)).statusCode, url).toBe(401);
    }
    expect((await call("PUT", "/api/admin/settings", cookie, { vatPercent: 5 })).statusCode).toBe(401);
    expect((await call("GET", "/api/admin/account", cookie)).json()).toMatchObject({
      mfaEnabled: false,
      mfaRequired: true,
    });

    const setup = await call("POST", "/api/admin/mfa/setup", cookie, {});
    expect(setup.statusCode, setup.body).toBe(200);
    const { secret } = setup.json() as { secret: string };
    const confirm = await call("POST", "/api/admin/mfa/confirm", cookie, { code: totpCode(secret) });
    expect(confirm.statusCode).toBe(200);
    expect(confirm.json().recoveryCodes).toHaveLength(10);
    const full = cookieOf(confirm);
    expect((await call("GET", "/api/admin/auth", full)).json()).toEqual({ username: "adi", role: "owner" });
    expect((await call("GET", "/api/enrollments", full)).statusCode).toBe(200);

    // From now on the code is asked at every sign-in.
    expect((await login(OWNER.username, OWNER.password)).res.json()).toEqual({
      username: "adi",
      next: "mfa",
    });

    // `npm run admin -- reset-2fa` (resetMfa) is the way back: signed out, and the setup comes first again.
    const [row] = await t.database.db.select().from(adminUsers).where(eq(adminUsers.username, "adi"));
    await resetMfa(t.database.db, row?.id ?? 0);
    expect((await call("GET", "/api/admin/auth", full)).statusCode).toBe(401);
    expect((await login(OWNER.username, OWNER.password)).res.json()).toEqual({
      username: "adi",
      next: "setup",
    });
  });

  it("an invitation accepted as an owner opens the setup first; as staff, the dashboard", async () => {
    for (const [role, email] of [
      ["owner", "new-owner@example.fj"],
      ["staff", "new-staff@example.fj"],
    ] as const) {
      await createInvite(t.database.db, { email, role }, { actor: "adi", ip: "" }, t.app.env.PUBLIC_URL);
      await t.app.outbox.drain();
      const token =
        /\/admin\/invite#([\w-]{43})/.exec(latestMailTo(t.app.env.DATA_DIR, email) ?? "")?.[1] ?? "";
      const accepted = await t.app.inject({
        method: "POST",
        url: "/api/staff-invite/accept",
        payload: { token, username: email.split("@")[0], password: "harbour-dawn-kite-73" },
        headers: sameSite,
      });
      expect(accepted.statusCode, accepted.body).toBe(200);
      expect(accepted.json().next, role).toBe(role === "owner" ? "setup" : undefined);
      const auth = await call("GET", "/api/admin/auth", cookieOf(accepted));
      expect(auth.statusCode, role).toBe(role === "owner" ? 401 : 200);
    }
  });

  it("staff without two-factor still sign in with a password (ADMIN_REQUIRE_MFA off)", async () => {
    await createAdmin(t.database.db, "mere", "reef-walker-lantern-12");
    const { res, cookie } = await login("mere", "reef-walker-lantern-12");
    expect(res.json()).toEqual({ username: "mere" });
    expect((await call("GET", "/api/admin/auth", cookie)).statusCode).toBe(200);
    // A sensitive action asks them to turn two-factor on first.
    const refused = await call("POST", "/api/admin/wallet-payments/PSR-AAAAAAAAAA/confirm", cookie, {
      amount: "50.00",
      receipt: "R-1",
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: "mfa_setup_required",
      message: "Turn on two-factor sign-in under Account security first: this action needs it.",
    });
  });
});

describe("sensitive actions ask for a recent second factor", () => {
  const t = withTestApp({ env: { RATE_LIMIT_PUBLIC_PER_MINUTE: "0" } });
  let cookie = "";
  const call = (method: "GET" | "POST" | "PUT" | "PATCH", url: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: { ...sameSite, cookie } });
  /** Plays the clock: the session's last second-factor check happened `minutes` ago. */
  const checkedMinutesAgo = (minutes: number) =>
    t.database.db.execute(
      sql`update sessions set second_factor_at = now() - make_interval(mins => ${minutes}) where kind = 'admin'`,
    );

  let backupName = "";
  let vikaId = 0;
  const newBank = {
    ...DEFAULT_SETTINGS.company,
    bank: { ...DEFAULT_SETTINGS.company.bank, accountNumber: "9900 1122 5521" },
  };

  beforeAll(async () => {
    cookie = await createStaffAndSignIn(t.app, t.database.db);
    const made = await call("POST", "/api/admin/backups");
    expect(made.statusCode, made.body).toBe(201);
    backupName = made.json().backup.name;
    await createAdmin(t.database.db, "vika", "reef-coconut-harbour-58");
    const [vika] = await t.database.db.select().from(adminUsers).where(eq(adminUsers.username, "vika"));
    vikaId = vika?.id ?? 0;
  });

  const actions = () => [
    { what: "downloading a backup", send: () => call("GET", `/api/admin/backups/${backupName}`), ok: 200 },
    {
      what: "changing a staff member's role",
      send: () => call("PATCH", `/api/admin/staff/accounts/${vikaId}`, { role: "staff" }),
      ok: 200,
    },
    // Past the guard, the handlers answer as they always do: there is no such refund or payment here.
    {
      what: "approving a refund",
      send: () => call("POST", "/api/admin/course-refunds/99999/approve", {}),
      ok: 404,
    },
    {
      what: "confirming a wallet payment by hand",
      send: () =>
        call("POST", "/api/admin/wallet-payments/PSR-AAAAAAAAAA/confirm", {
          amount: "50.00",
          receipt: "R-1",
        }),
      ok: 404,
    },
    {
      what: "changing the bank details",
      send: () => call("PUT", "/api/admin/settings", { company: newBank }),
      ok: 200,
    },
  ];

  it("each is refused 11 minutes after the last check, and goes through 9 minutes after one", async () => {
    for (const action of actions()) {
      await checkedMinutesAgo(11);
      const refused = await action.send();
      expect(refused.statusCode, action.what).toBe(403);
      expect(refused.json(), action.what).toMatchObject({
        code: "step_up_required",
        message: "Confirm with your authenticator code to continue.",
      });
      await checkedMinutesAgo(9);
      const done = await action.send();
      expect(done.statusCode, `${action.what}: ${done.body}`).toBe(action.ok);
    }
    // Nothing was refused for want of a code where no sensitive thing changes: other settings, disabling.
    await checkedMinutesAgo(60);
    expect((await call("PUT", "/api/admin/settings", { vatPercent: 0 })).statusCode).toBe(200);
    expect((await call("PUT", "/api/admin/settings", { company: newBank })).statusCode).toBe(200);
  });

  it("a code at POST /api/admin/step-up lets them through for 10 minutes; a wrong code does not", async () => {
    await checkedMinutesAgo(30);
    expect((await call("GET", "/api/admin/step-up")).json()).toEqual({
      mfaEnabled: true,
      verifiedUntil: null,
    });
    const download = () => call("GET", `/api/admin/backups/${backupName}`);
    expect((await download()).statusCode).toBe(403);

    const wrong = await call("POST", "/api/admin/step-up", { code: "000000" });
    expect(wrong.statusCode).toBe(400);
    expect((await download()).statusCode).toBe(403);

    const secret = staffFactors(t.app, STAFF.username)?.secret ?? "";
    const ok = await call("POST", "/api/admin/step-up", { code: totpCode(secret, 1) });
    expect(ok.statusCode, ok.body).toBe(200);
    const until = Date.parse(ok.json().verifiedUntil);
    expect(until - Date.now()).toBeGreaterThan(9 * 60_000);
    expect(until - Date.now()).toBeLessThanOrEqual(10 * 60_000);
    expect((await download()).statusCode).toBe(200);
    const audited = await t.database.db.select().from(auditLog).where(eq(auditLog.action, "step-up"));
    expect(audited.length).toBeGreaterThan(0);
  });

  it("a payee change is e-mailed to every owner (not staff), masked, saying who and from what to what", async () => {
    await t.database.db
      .update(adminUsers)
      .set({ email: "owner@example.fj" })
      .where(eq(adminUsers.username, "staff"));
    await createAdmin(t.database.db, "second", "harbour-dawn-kite-73");
    await t.database.db
      .update(adminUsers)
      .set({ role: "owner", email: "second@example.fj" })
      .where(eq(adminUsers.username, "second"));
    await t.database.db
      .update(adminUsers)
      .set({ email: "vika@example.fj" })
      .where(eq(adminUsers.username, "vika"));
    await t.database.db.delete(emailOutbox);
    await checkedMinutesAgo(1);

    const changed = {
      ...newBank,
      bank: { ...newBank.bank, accountNumber: "4455 6677 8899" },
      mpaisa: { ...newBank.mpaisa, merchantNumber: "7654321" },
    };
    expect((await call("PUT", "/api/admin/settings", { company: changed })).statusCode).toBe(200);
    const mails = await t.database.db.select().from(emailOutbox);
    expect(mails.map((mail) => mail.to).sort()).toEqual(["owner@example.fj", "second@example.fj"]);
    const text = mails[0]?.text ?? "";
    expect(text.startsWith("Bula,\n")).toBe(true);
    expect(text).toContain("staff changed where customers pay");
    expect(text).toContain("Account number: •••• 5521 → •••• 8899");
    expect(text).toContain("M-PAiSA merchant number: •••• 4567 → •••• 4321");
    expect(text).not.toContain("4455 6677");
    expect(text).toMatch(/\(Fiji time\)/);
    expect(mails[0]?.subject).toContain("Payment details changed");

    // A save that leaves the payee as it is tells nobody.
    await t.database.db.delete(emailOutbox);
    expect((await call("PUT", "/api/admin/settings", { company: changed, vatPercent: 0 })).statusCode).toBe(
      200,
    );
    expect(await t.database.db.select().from(emailOutbox)).toHaveLength(0);
  });
});

describe("recovery codes", () => {
  const t = withTestApp({ env: { RATE_LIMIT_PUBLIC_PER_MINUTE: "0" } });
  const verify = vi.mocked(argon2.verify);
  const call = (method: "GET" | "POST", url: string, cookie: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: { ...sameSite, cookie } });
  const passwordStep = async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/admin/login",
      payload: STAFF,
      headers: sameSite,
    });
    expect(res.json()).toMatchObject({ next: "mfa" });
    return cookieOf(res);
  };

  beforeAll(async () => {
    await createStaffAndSignIn(t.app, t.database.db);
  });

  it("cost one argon2 check per attempt, and work once", async () => {
    const codes = staffFactors(t.app, STAFF.username)?.recoveryCodes ?? [];
    const code = codes[0] ?? "";
    const pending = await passwordStep();

    // A known id with a wrong secret: one check, refused.
    verify.mockClear();
    const wrong = `${code.slice(0, 4)}-aaaaa-aaaaa`;
    expect((await call("POST", "/api/admin/login/mfa", pending, { code: wrong })).statusCode).toBe(401);
    expect(verify).toHaveBeenCalledTimes(1);
    // An id that names no code: no check at all.
    verify.mockClear();
    expect(
      (await call("POST", "/api/admin/login/mfa", pending, { code: "zzzz-aaaaa-aaaaa" })).statusCode,
    ).toBe(401);
    expect(verify).toHaveBeenCalledTimes(0);
    // The right code: one check, then a full session; the same code again is refused.
    verify.mockClear();
    const ok = await call("POST", "/api/admin/login/mfa", pending, { code: code.toUpperCase() });
    expect(ok.statusCode).toBe(200);
    expect(verify).toHaveBeenCalledTimes(1);
    codes.shift();
    const again = await call("POST", "/api/admin/login/mfa", await passwordStep(), { code });
    expect(again.statusCode).toBe(401);
  });

  it("an older SHA-256 code still works and asks its holder to regenerate; new codes replace them", async () => {
    const [owner] = await t.database.db
      .select()
      .from(adminUsers)
      .where(eq(adminUsers.username, STAFF.username));
    const ownerId = owner?.id ?? 0;
    // A set as ADR 019 stored them: 10 characters, SHA-256 of the whole code, no public id.
    const legacy = ["abcde-fghjk", "mnpqr-stuvw"];
    await t.database.db.delete(adminRecoveryCodes).where(eq(adminRecoveryCodes.adminUserId, ownerId));
    await t.database.db.insert(adminRecoveryCodes).values(
      legacy.map((code) => ({
        adminUserId: ownerId,
        codeHash: createHash("sha256").update(code.replace("-", "")).digest("hex"),
      })),
    );
    const signedIn = await call("POST", "/api/admin/login/mfa", await passwordStep(), {
      code: legacy[0] ?? "",
    });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const full = cookieOf(signedIn);
    expect((await call("GET", "/api/admin/account", full)).json()).toMatchObject({
      recoveryCodesLeft: 1,
      recoveryCodesOutdated: true,
    });

    // The sign-in's code is a recent second factor: a new set may be made at once.
    const fresh = await call("POST", "/api/admin/mfa/recovery-codes", full);
    expect(fresh.statusCode, fresh.body).toBe(200);
    const codes: string[] = fresh.json().recoveryCodes;
    expect(codes).toHaveLength(10);
    expect((await call("GET", "/api/admin/account", full)).json()).toMatchObject({
      recoveryCodesLeft: 10,
      recoveryCodesOutdated: false,
    });
    const stored = await t.database.db
      .select()
      .from(adminRecoveryCodes)
      .where(eq(adminRecoveryCodes.adminUserId, ownerId));
    expect(stored.every((row) => row.publicId && row.codeHash.startsWith("$argon2id$"))).toBe(true);
    // The older code left is gone with its set.
    expect(
      (await call("POST", "/api/admin/login/mfa", await passwordStep(), { code: legacy[1] ?? "" }))
        .statusCode,
    ).toBe(401);
    const factors = staffFactors(t.app, STAFF.username);
    if (factors) factors.recoveryCodes = codes;
  });

  it("a new set asks for a recent second factor too", async () => {
    const factors = staffFactors(t.app, STAFF.username);
    const pending = await passwordStep();
    const signedIn = await call("POST", "/api/admin/login/mfa", pending, {
      code: factors?.recoveryCodes.shift() ?? "",
    });
    const full = cookieOf(signedIn);
    await t.database.db.execute(sql`update sessions set second_factor_at = now() - interval '11 minutes'`);
    const refused = await call("POST", "/api/admin/mfa/recovery-codes", full);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe("step_up_required");
  });
});

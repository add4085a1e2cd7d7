// Staff two-factor (authenticator app and recovery codes), own password change and own sessions, through the real
// endpoints. Codes are computed here with otpauth from the secret the setup showed, as an authenticator app would.
import { eq } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { beforeAll, describe, expect, it } from "vitest";
import { adminRecoveryCodes, adminUsers, auditLog } from "../../server/db/schema";
import { createAdmin } from "../../server/staff/accounts";
import { postFromSite, sameSite, withTestApp } from "../helpers/test-app";

const code = (secret: string, offsetSteps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: Date.now() + offsetSteps * 30_000,
  });

describe("staff two-factor, password change and sessions", () => {
  const t = withTestApp({ env: { RATE_LIMIT_PUBLIC_PER_MINUTE: "0" } });
  // The first account is the owner (who must use two factors, ADR 051); the accounts below are staff, for whom it
  // stays a choice.
  beforeAll(() => createAdmin(t.database.db, "boss", "owner-of-the-whole-place-1"));

  async function login(username: string, password: string, ip: string) {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/admin/login",
      payload: { username, password },
      headers: sameSite,
      remoteAddress: ip,
    });
    return { res, cookie: res.cookies.map((c) => `${c.name}=${c.value}`).join("; ") };
  }

  const call = (
    method: "GET" | "POST" | "DELETE",
    url: string,
    cookie: string,
    payload?: object,
    ip = "10.7.0.1",
  ) => t.app.inject({ method, url, payload, headers: { ...sameSite, cookie }, remoteAddress: ip });

  const cookieOf = (res: { cookies: { name: string; value: string }[] }) =>
    res.cookies.map((c) => `${c.name}=${c.value}`).join("; ");

  /** Creates an account, signs in and turns on two-factor; answers the secret and the recovery codes. */
  async function withMfa(username: string, password: string, ip: string) {
    await createAdmin(t.database.db, username, password);
    const { cookie } = await login(username, password, ip);
    const setup = await call("POST", "/api/admin/mfa/setup", cookie, { currentPassword: password }, ip);
    expect(setup.statusCode).toBe(200);
    const { secret } = setup.json() as { secret: string };
    const confirm = await call("POST", "/api/admin/mfa/confirm", cookie, { code: code(secret) }, ip);
    expect(confirm.statusCode).toBe(200);
    return { secret, recoveryCodes: (confirm.json() as { recoveryCodes: string[] }).recoveryCodes };
  }

  it("sets up an authenticator: QR and secret, confirmed by a current code, then 10 recovery codes stored hashed", async () => {
    await createAdmin(t.database.db, "mele", "blue-harbour-lantern-77");
    const { cookie } = await login("mele", "blue-harbour-lantern-77", "10.7.1.1");
    const before = await call("GET", "/api/admin/account", cookie);
    expect(before.json()).toMatchObject({ username: "mele", mfaEnabled: false, mfaRequired: false });

    // Turning it on asks for the current password: none, or a wrong one, is refused and starts nothing.
    const none = await call("POST", "/api/admin/mfa/setup", cookie, {});
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe("Please enter your current password to turn on two-factor sign-in.");
    const wrong = await call("POST", "/api/admin/mfa/setup", cookie, {
      currentPassword: "not-my-password-9",
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe("The current password is not correct.");
    const [pending] = await t.database.db
      .select({ pending: adminUsers.totpPendingSecret })
      .from(adminUsers)
      .where(eq(adminUsers.username, "mele"));
    expect(pending?.pending).toBeNull();

    const setup = await call("POST", "/api/admin/mfa/setup", cookie, {
      currentPassword: "blue-harbour-lantern-77",
    });
    expect(setup.statusCode).toBe(200);
    const { secret, qrDataUrl, otpauthUri } = setup.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(qrDataUrl).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(otpauthUri).toContain(`secret=${secret}`);

    expect((await call("POST", "/api/admin/mfa/confirm", cookie, { code: "000000" })).statusCode).toBe(400);
    const confirm = await call("POST", "/api/admin/mfa/confirm", cookie, { code: code(secret) });
    expect(confirm.statusCode).toBe(200);
    const recoveryCodes: string[] = confirm.json().recoveryCodes;
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);

    const [user] = await t.database.db.select().from(adminUsers).where(eq(adminUsers.username, "mele"));
    expect(user?.totpEnabledAt).not.toBeNull();
    expect(user?.totpSecret).not.toContain(secret);
    const stored = await t.database.db
      .select()
      .from(adminRecoveryCodes)
      .where(eq(adminRecoveryCodes.adminUserId, user?.id ?? 0));
    expect(stored).toHaveLength(10);
    const dump = JSON.stringify(stored);
    for (const c of recoveryCodes) expect(dump).not.toContain(c);
    // Each code: its public id in clear, its secret part with argon2id (ADR 051).
    for (const c of recoveryCodes) expect(c).toMatch(/^[a-z2-9]{4}-[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect(stored.map((row) => row.publicId).sort()).toEqual(recoveryCodes.map((c) => c.slice(0, 4)).sort());
    for (const row of stored) expect(row.codeHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);

    // A new session id once the factor is on; the secret is never shown again: no second setup while on, and
    // the account view has no secret.
    const renewed = cookieOf(confirm);
    expect((await call("GET", "/api/admin/auth", cookie)).statusCode).toBe(401);
    expect(
      (await call("POST", "/api/admin/mfa/setup", renewed, { currentPassword: "blue-harbour-lantern-77" }))
        .statusCode,
    ).toBe(409);
    const after = await call("GET", "/api/admin/account", renewed);
    expect(after.json()).toEqual({
      username: "mele",
      mfaEnabled: true,
      recoveryCodesLeft: 10,
      recoveryCodesOutdated: false,
      mfaRequired: false,
    });
    expect(after.body).not.toContain(secret);
    const actions = (await t.database.db.select().from(auditLog)).map((row) => row.action);
    expect(actions).toContain("mfa.enabled");
  });

  it("asks for the code after the password; the password alone reaches no admin endpoint; a code works once", async () => {
    const { secret } = await withMfa("sefa", "green-reef-compass-88", "10.7.2.1");
    const { res, cookie } = await login("sefa", "green-reef-compass-88", "10.7.2.2");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ username: "sefa", next: "mfa" });
    expect((await call("GET", "/api/admin/auth", cookie)).statusCode).toBe(401);
    expect((await call("GET", "/api/enrollments", cookie)).statusCode).toBe(401);
    expect((await call("GET", "/api/admin/account", cookie)).statusCode).toBe(401);

    // The next step's code (the one used at setup is spent).
    const next = code(secret, 1);
    const ok = await call("POST", "/api/admin/login/mfa", cookie, { code: next }, "10.7.2.2");
    expect(ok.statusCode).toBe(200);
    const full = cookieOf(ok);
    expect(full).not.toBe(cookie);
    expect((await call("GET", "/api/admin/auth", full)).statusCode).toBe(200);
    // The pending session was replaced, not promoted.
    expect((await call("GET", "/api/admin/auth", cookie)).statusCode).toBe(401);

    const again = await login("sefa", "green-reef-compass-88", "10.7.2.3");
    const reused = await call("POST", "/api/admin/login/mfa", again.cookie, { code: next }, "10.7.2.3");
    expect(reused.statusCode).toBe(401);
    expect(reused.json().message).toContain("That code is not valid");
  });

  it("accepts a recovery code once", async () => {
    const { recoveryCodes } = await withMfa("litia", "red-canoe-sunrise-99", "10.7.3.1");
    const first = await login("litia", "red-canoe-sunrise-99", "10.7.3.2");
    const recovery = recoveryCodes[0] ?? "";
    const ok = await call(
      "POST",
      "/api/admin/login/mfa",
      first.cookie,
      { code: recovery.toUpperCase() },
      "10.7.3.2",
    );
    expect(ok.statusCode).toBe(200);
    expect((await call("GET", "/api/admin/account", cookieOf(ok))).json().recoveryCodesLeft).toBe(9);
    const second = await login("litia", "red-canoe-sunrise-99", "10.7.3.3");
    expect(
      (await call("POST", "/api/admin/login/mfa", second.cookie, { code: recovery }, "10.7.3.3")).statusCode,
    ).toBe(401);
  });

  it("throttles wrong codes like passwords: after 5, even the right code is refused", async () => {
    const { secret } = await withMfa("tevita", "grey-mango-anchor-11", "10.7.4.1");
    const { cookie } = await login("tevita", "grey-mango-anchor-11", "10.7.4.2");
    for (let i = 0; i < 5; i++) {
      const wrong = await call("POST", "/api/admin/login/mfa", cookie, { code: `12345${i}` }, "10.7.4.2");
      expect(wrong.statusCode).toBe(401);
    }
    const locked = await call("POST", "/api/admin/login/mfa", cookie, { code: code(secret, 1) }, "10.7.4.2");
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe(
      "Too many failed sign-in attempts. Please wait 15 minutes and try again.",
    );
  });

  it("changes the own password: too short, common or a wrong current password are refused; success ends the other sessions", async () => {
    await createAdmin(t.database.db, "ana", "first-coral-window-42");
    const here = await login("ana", "first-coral-window-42", "10.7.5.1");
    const elsewhere = await login("ana", "first-coral-window-42", "10.7.5.2");
    const change = (currentPassword: string, newPassword: string) =>
      call("POST", "/api/admin/password", here.cookie, { currentPassword, newPassword }, "10.7.5.1");

    const short = await change("first-coral-window-42", "short-one");
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toContain("at least 12 characters");
    for (const common of ["password1234", "qwerty123456!", "123456789012", "ana-is-my-name-2024"]) {
      const refused = await change("first-coral-window-42", common);
      expect(refused.statusCode, common).toBe(400);
      expect(refused.json().message).toContain("too common");
    }
    const wrong = await change("not-my-password-1", "second-coral-window-43");
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe("The current password is not correct.");

    const ok = await change("first-coral-window-42", "second-coral-window-43");
    expect(ok.statusCode).toBe(200);
    expect((await call("GET", "/api/admin/auth", here.cookie)).statusCode).toBe(200);
    expect((await call("GET", "/api/admin/auth", elsewhere.cookie)).statusCode).toBe(401);
    expect((await login("ana", "first-coral-window-42", "10.7.5.3")).res.statusCode).toBe(401);
    expect((await login("ana", "second-coral-window-43", "10.7.5.3")).res.statusCode).toBe(200);
    const rows = await t.database.db.select().from(auditLog).where(eq(auditLog.action, "password.changed"));
    expect(rows.map((row) => row.actor)).toContain("ana");
  });

  it("lists the own sessions with device and address, and ends another one or all others", async () => {
    await createAdmin(t.database.db, "jone", "quiet-palm-ladder-55");
    const laptop = await login("jone", "quiet-palm-ladder-55", "10.7.6.1");
    const phone = await t.app.inject({
      method: "POST",
      url: "/api/admin/login",
      payload: { username: "jone", password: "quiet-palm-ladder-55" },
      headers: { ...sameSite, "user-agent": "PhoneBrowser/1.0" },
      remoteAddress: "10.7.6.2",
    });
    const tablet = await login("jone", "quiet-palm-ladder-55", "10.7.6.3");

    const listed = await call("GET", "/api/admin/sessions", laptop.cookie);
    expect(listed.statusCode).toBe(200);
    const rows: { id: string; ip: string; userAgent: string | null; current: boolean }[] =
      listed.json().sessions;
    expect(rows).toHaveLength(3);
    expect(rows.filter((row) => row.current).map((row) => row.ip)).toEqual(["10.7.6.1"]);
    const phoneRow = rows.find((row) => row.ip === "10.7.6.2");
    expect(phoneRow?.userAgent).toBe("PhoneBrowser/1.0");
    // Another staff member's list is theirs alone.
    expect(JSON.stringify(rows)).not.toContain("10.7.5.");

    const ended = await call("DELETE", `/api/admin/sessions/${phoneRow?.id}`, laptop.cookie);
    expect(ended.statusCode).toBe(200);
    expect((await call("GET", "/api/admin/auth", cookieOf(phone))).statusCode).toBe(401);
    expect((await call("DELETE", `/api/admin/sessions/${phoneRow?.id}`, laptop.cookie)).statusCode).toBe(404);
    const bad = await call("DELETE", "/api/admin/sessions/not-an-id", laptop.cookie);
    expect(bad.statusCode, bad.body).toBe(404);

    const others = await call("POST", "/api/admin/sessions/end-others", laptop.cookie);
    expect(others.json()).toEqual({ ok: true, ended: 1 });
    expect((await call("GET", "/api/admin/auth", tablet.cookie)).statusCode).toBe(401);
    expect((await call("GET", "/api/admin/auth", laptop.cookie)).statusCode).toBe(200);
    expect((await call("GET", "/api/admin/sessions", laptop.cookie)).json().sessions).toHaveLength(1);
  });
});

describe("ADMIN_REQUIRE_MFA=true", () => {
  const t = withTestApp({ env: { RATE_LIMIT_PUBLIC_PER_MINUTE: "0", ADMIN_REQUIRE_MFA: "true" } });

  it("makes setup mandatory at the next sign-in before any admin endpoint works", async () => {
    await createAdmin(t.database.db, "viliame", "bright-tide-pebble-3");
    const res = await postFromSite(t.app, "/api/admin/login", {
      username: "viliame",
      password: "bright-tide-pebble-3",
    });
    expect(res.json()).toEqual({ username: "viliame", next: "setup" });
    const cookie = res.cookies.map((c) => `${c.name}=${c.value}`).join("; ");
    const get = (url: string, c = cookie) => t.app.inject({ method: "GET", url, headers: { cookie: c } });
    for (const url of ["/api/admin/auth", "/api/enrollments", "/api/admin/sessions"]) {
      expect((await get(url)).statusCode, url).toBe(401);
    }
    expect(
      (
        await postFromSite(
          t.app,
          "/api/admin/password",
          { currentPassword: "bright-tide-pebble-3", newPassword: "another-tide-pebble-4" },
          { cookie },
        )
      ).statusCode,
    ).toBe(401);
    expect((await get("/api/admin/account")).json()).toMatchObject({ mfaEnabled: false, mfaRequired: true });

    // Right after the password (the setup stage) the setup does not ask for it again.
    const setup = await postFromSite(t.app, "/api/admin/mfa/setup", undefined, { cookie });
    const { secret } = setup.json();
    const confirm = await postFromSite(t.app, "/api/admin/mfa/confirm", { code: code(secret) }, { cookie });
    expect(confirm.statusCode).toBe(200);
    const full = confirm.cookies.map((c) => `${c.name}=${c.value}`).join("; ");
    expect((await get("/api/admin/auth", full)).statusCode).toBe(200);
    expect((await get("/api/admin/auth", cookie)).statusCode).toBe(401);

    // From now on the code is asked at sign-in.
    const again = await postFromSite(t.app, "/api/admin/login", {
      username: "viliame",
      password: "bright-tide-pebble-3",
    });
    expect(again.json()).toEqual({ username: "viliame", next: "mfa" });
  });
});

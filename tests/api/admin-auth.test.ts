import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, loginAttempts, sessions } from "../../server/db/schema";
import { ensureAdminFromEnv } from "../../server/staff/accounts";
import { completeSignIn, createStaffAndSignIn, STAFF, signIn } from "../helpers/admin-session";
import { createTestApp, postFromSite, sameSite, withTestApp } from "../helpers/test-app";

describe("staff sign-in and sessions", () => {
  const t = withTestApp({ env: { RATE_LIMIT_PUBLIC_PER_MINUTE: "0" } });

  const auth = (cookie?: string) =>
    t.app.inject({ method: "GET", url: "/api/admin/auth", headers: cookie ? { cookie } : {} });

  it("says when no staff account exists, then that one does", async () => {
    const before = await t.app.inject({ method: "GET", url: "/api/admin/status" });
    expect(before.json()).toEqual({ hasAdmin: false });
    expect((await signIn(t.app)).status).toBe(401);
    await createStaffAndSignIn(t.app, t.database.db);
    const after = await t.app.inject({ method: "GET", url: "/api/admin/status" });
    expect(after.json()).toEqual({ hasAdmin: true });
  });

  it("refuses empty credentials with the spec's message", async () => {
    for (const payload of [{}, { username: "  ", password: "x" }, { username: "staff", password: "   " }]) {
      const res = await t.app.inject({ method: "POST", url: "/api/admin/login", payload, headers: sameSite });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain("Please enter both username and password");
    }
  });

  it("answers a wrong password and an unknown user alike", async () => {
    for (const credentials of [
      { username: "staff", password: "wrong-password-1" },
      { username: "nobody", password: STAFF.password },
    ]) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/admin/login",
        payload: credentials,
        headers: sameSite,
        remoteAddress: "10.9.0.1",
      });
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe("Invalid username or password");
      expect(res.cookies).toHaveLength(0);
    }
  });

  it("sets a long random, HttpOnly, SameSite=Lax, Secure __Host- cookie", async () => {
    const res = await postFromSite(t.app, "/api/admin/login", {
      username: "  Staff ",
      password: STAFF.password,
    });
    expect(res.statusCode).toBe(200);
    // The owner has two-factor on (owners must, ADR 051): the password opens the code step.
    expect(res.json()).toEqual({ username: "staff", next: "mfa" });
    const [cookie] = res.cookies;
    expect(cookie?.name).toBe("__Host-rpas_admin");
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", secure: true, path: "/" });
    expect(cookie?.domain).toBeUndefined();
    // 32 random bytes in base64url (43 chars) before the signature.
    expect(cookie?.value.split(".")[0]?.length).toBeGreaterThanOrEqual(43);
    const [stored] = await t.database.db.select({ idHash: sessions.idHash }).from(sessions).limit(1);
    expect(cookie?.value).not.toContain(stored?.idHash ?? "-");
  });

  it("uses a plain cookie name without Secure on an http site", async () => {
    const plain = await createTestApp({ env: { PUBLIC_URL: "http://localhost:5000" } });
    try {
      await ensureAdminFromEnv(plain.database.db, STAFF.username, STAFF.password);
      const res = await postFromSite(plain.app, "/api/admin/login", STAFF, {
        origin: "http://localhost:5000",
      });
      expect(res.statusCode).toBe(200);
      expect(res.cookies[0]).toMatchObject({ name: "rpas_admin", httpOnly: true, sameSite: "Lax" });
      expect(res.cookies[0]?.secure).toBeFalsy();
    } finally {
      await plain.close();
    }
  });

  it("answers /api/admin/auth with the username, and 401 without or with a forged cookie", async () => {
    const { cookie } = await signIn(t.app);
    // The first account of a site is its owner (issue 16); the dashboard shows owner-only views by this role.
    expect((await auth(cookie)).json()).toEqual({ username: "staff", role: "owner" });
    expect((await auth()).statusCode).toBe(401);
    expect((await auth("__Host-rpas_admin=forged.value")).statusCode).toBe(401);
    // A valid-looking token whose signature does not match.
    const [name, value] = cookie.split("=");
    expect((await auth(`${name}=${value?.split(".")[0]}.AAAA`)).statusCode).toBe(401);
  });

  it("issues a new session at every login and drops the one the browser carried", async () => {
    const first = await signIn(t.app);
    const res = await postFromSite(t.app, "/api/admin/login", STAFF, { cookie: first.cookie });
    const second = await completeSignIn(t.app, res);
    expect(second).not.toBe(first.cookie);
    expect((await auth(first.cookie)).statusCode).toBe(401);
    expect((await auth(second)).statusCode).toBe(200);
  });

  it("logout deletes the session: the old cookie is dead", async () => {
    const { cookie } = await signIn(t.app);
    const out = await postFromSite(t.app, "/api/admin/logout", undefined, { cookie });
    expect(out.statusCode).toBe(200);
    expect(out.cookies[0]?.value).toBe("");
    expect((await auth(cookie)).statusCode).toBe(401);
    const entries = await t.database.db.select().from(auditLog).where(eq(auditLog.action, "logout"));
    expect(entries.length).toBeGreaterThan(0);
  });

  it("ends a session idle for 30 minutes, and any session after 12 hours", async () => {
    const idle = await signIn(t.app);
    const fresh = await signIn(t.app);
    await t.database.db.execute(
      sql`update sessions set last_seen_at = now() - interval '29 minutes' where created_at > now() - interval '1 minute'`,
    );
    expect((await auth(fresh.cookie)).statusCode).toBe(200); // 29 min idle: still alive, and touched
    expect((await auth(idle.cookie)).statusCode).toBe(200);
    await t.database.db.execute(sql`update sessions set last_seen_at = now() - interval '31 minutes'`);
    expect((await auth(idle.cookie)).statusCode).toBe(401);

    await t.database.db.delete(sessions);
    const old = await signIn(t.app);
    await t.database.db.execute(sql`update sessions set expires_at = now() - interval '1 second'`);
    expect((await auth(old.cookie)).statusCode).toBe(401);
    // An expired row is removed, not just ignored.
    expect(await t.database.db.select().from(sessions)).toHaveLength(0);
  });

  it("keeps an active session alive by touching it", async () => {
    await t.database.db.delete(sessions);
    const { cookie } = await signIn(t.app);
    await t.database.db.execute(sql`update sessions set last_seen_at = now() - interval '20 minutes'`);
    expect((await auth(cookie)).statusCode).toBe(200);
    const [row] = await t.database.db.select({ lastSeenAt: sessions.lastSeenAt }).from(sessions);
    expect(Date.now() - (row?.lastSeenAt.getTime() ?? 0)).toBeLessThan(60_000);
  });

  it("records every attempt without the password", async () => {
    const rows = await t.database.db.select().from(loginAttempts);
    expect(rows.length).toBeGreaterThan(3);
    expect(JSON.stringify(rows)).not.toContain(STAFF.password);
  });
});

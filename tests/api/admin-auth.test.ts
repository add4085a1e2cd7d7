import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../server/app";
import { openDatabase } from "../../server/db/client";
import { auditLog, loginAttempts, sessions } from "../../server/db/schema";
import { parseEnv } from "../../server/env";
import { ensureAdminFromEnv } from "../../server/staff/accounts";
import { createStaffAndSignIn, STAFF, signIn } from "../helpers/admin-session";
import { createTestApp, SITE_ORIGIN, sameSite, type TestApp } from "../helpers/test-app";

describe("staff sign-in and sessions", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_PUBLIC_PER_MINUTE: "0" } });
  });
  afterAll(async () => {
    await t.close();
  });

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
    const res = await t.app.inject({
      method: "POST",
      url: "/api/admin/login",
      payload: { username: "  Staff ", password: STAFF.password },
      headers: sameSite,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ username: "staff" });
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
      const res = await plain.app.inject({
        method: "POST",
        url: "/api/admin/login",
        payload: STAFF,
        headers: { origin: "http://localhost:5000" },
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
    expect((await auth(cookie)).json()).toEqual({ username: "staff" });
    expect((await auth()).statusCode).toBe(401);
    expect((await auth("__Host-rpas_admin=forged.value")).statusCode).toBe(401);
    // A valid-looking token whose signature does not match.
    const [name, value] = cookie.split("=");
    expect((await auth(`${name}=${value?.split(".")[0]}.AAAA`)).statusCode).toBe(401);
  });

  it("issues a new session at every login and drops the one the browser carried", async () => {
    const first = await signIn(t.app);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/admin/login",
      payload: STAFF,
      headers: { ...sameSite, cookie: first.cookie },
    });
    const second = res.cookies.map((c) => `${c.name}=${c.value}`).join("; ");
    expect(second).not.toBe(first.cookie);
    expect((await auth(first.cookie)).statusCode).toBe(401);
    expect((await auth(second)).statusCode).toBe(200);
  });

  it("logout deletes the session: the old cookie is dead", async () => {
    const { cookie } = await signIn(t.app);
    const out = await t.app.inject({
      method: "POST",
      url: "/api/admin/logout",
      headers: { ...sameSite, cookie },
    });
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

  it("throttles a username after 5 failures in 15 minutes, even with the right password", async () => {
    await ensureAdminFromEnv(t.database.db, "pilot", "another-long-password");
    for (let i = 0; i < 5; i++) {
      const res = await signIn(t.app, { username: "pilot", password: `guess-${i}-wrong` }, `10.1.0.${i}`);
      expect(res.status).toBe(401);
    }
    const locked = await t.app.inject({
      method: "POST",
      url: "/api/admin/login",
      payload: { username: "pilot", password: "another-long-password" },
      headers: sameSite,
      remoteAddress: "10.1.0.99",
    });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe(
      "Too many failed sign-in attempts. Please wait 15 minutes and try again.",
    );
    expect(locked.headers["retry-after"]).toBe("900");
    // Failures older than the window no longer count.
    await t.database.db.execute(sql`update login_attempts set at = now() - interval '16 minutes'`);
    expect(
      (await signIn(t.app, { username: "pilot", password: "another-long-password" }, "10.1.0.99")).status,
    ).toBe(200);
  });

  it("throttles one address after 20 failures across usernames", async () => {
    for (let i = 0; i < 20; i++) {
      expect(
        (await signIn(t.app, { username: `user${i}`, password: "nope-nope-nope" }, "10.2.0.1")).status,
      ).toBe(401);
    }
    expect((await signIn(t.app, STAFF, "10.2.0.1")).status).toBe(429);
    expect((await signIn(t.app, STAFF, "10.2.0.2")).status).toBe(200);
  });

  it("creates the ADMIN_USERNAME account at start only when missing: a changed password survives a restart", async () => {
    expect(await ensureAdminFromEnv(t.database.db, "ops", "first-password-123")).toBe("created");
    expect(await ensureAdminFromEnv(t.database.db, "ops", "first-password-123")).toBe("unchanged");
    const { cookie } = await signIn(t.app, { username: "ops", password: "first-password-123" }, "10.3.0.1");
    // Changed in the dashboard, then the server restarts with the old environment values.
    const changed = await t.app.inject({
      method: "POST",
      url: "/api/admin/password",
      payload: { currentPassword: "first-password-123", newPassword: "second-password-456" },
      headers: { ...sameSite, cookie },
      remoteAddress: "10.3.0.1",
    });
    expect(changed.statusCode).toBe(200);
    expect(await ensureAdminFromEnv(t.database.db, "ops", "first-password-123")).toBe("unchanged");
    expect((await auth(cookie)).statusCode).toBe(200);
    expect(
      (await signIn(t.app, { username: "ops", password: "first-password-123" }, "10.3.0.1")).status,
    ).toBe(401);
    expect(
      (await signIn(t.app, { username: "ops", password: "second-password-456" }, "10.3.0.1")).status,
    ).toBe(200);
    await expect(ensureAdminFromEnv(t.database.db, "weak", "short")).rejects.toThrow(
      /at least 12 characters/,
    );
  });

  it("evaluates exactly 5 of 40 simultaneous wrong passwords; the rest are refused unevaluated", async () => {
    await ensureAdminFromEnv(t.database.db, "racer", "swift-long-secret-1");
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        signIn(t.app, { username: "racer", password: `wrong-guess-${i}` }, `10.5.0.${i}`),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(35);
    // Only the evaluated attempts were recorded.
    const rows = await t.database.db.select().from(loginAttempts).where(eq(loginAttempts.username, "racer"));
    expect(rows).toHaveLength(5);
    await t.database.db.execute(
      sql`update login_attempts set at = now() - interval '16 minutes' where username = 'racer'`,
    );
    expect(
      (await signIn(t.app, { username: "racer", password: "swift-long-secret-1" }, "10.5.1.1")).status,
    ).toBe(200);
  });

  it("shares the throttle between two app instances on one database", async () => {
    // A second instance: on PostgreSQL its own connection pool on the same schema, on PGlite the same database.
    const result = await t.database.db.execute(sql`select current_schema() as schema`);
    const { rows } = result as unknown as { rows: { schema: string }[] };
    const schema = rows[0]?.schema ?? "public";
    const url = process.env.TEST_DB === "postgres" ? process.env.TEST_DATABASE_URL : undefined;
    const second = url ? openDatabase({ url, searchPath: schema }) : undefined;
    const other = await buildApp({
      env: parseEnv({
        NODE_ENV: "test",
        DATA_DIR: t.app.env.DATA_DIR,
        PUBLIC_URL: SITE_ORIGIN,
        LOG_LEVEL: "silent",
        RATE_LIMIT_PUBLIC_PER_MINUTE: "0",
      }),
      db: second?.db ?? t.database.db,
      logger: false,
    });
    try {
      await ensureAdminFromEnv(t.database.db, "twin", "two-doors-one-lock-7");
      const results = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          signIn(i % 2 ? other : t.app, { username: "twin", password: `wrong-guess-${i}` }, `10.8.0.${i}`),
        ),
      );
      expect(results.filter((r) => r.status === 401)).toHaveLength(5);
      expect(results.filter((r) => r.status === 429)).toHaveLength(35);
    } finally {
      await other.close();
      await second?.close();
    }
  });

  it("does not extend a lockout with the attempts it refused", async () => {
    await ensureAdminFromEnv(t.database.db, "patient", "calm-long-secret-19");
    for (let i = 0; i < 5; i++) {
      expect(
        (await signIn(t.app, { username: "patient", password: `nope-${i}-wrong` }, "10.6.0.1")).status,
      ).toBe(401);
    }
    await t.database.db.execute(
      sql`update login_attempts set at = now() - interval '14 minutes' where username = 'patient'`,
    );
    // Keeps knocking during the lockout (wrong and right passwords alike): all refused, none evaluated.
    for (let i = 0; i < 5; i++) {
      expect(
        (await signIn(t.app, { username: "patient", password: `again-${i}-wrong` }, "10.6.0.1")).status,
      ).toBe(429);
    }
    await t.database.db.execute(
      sql`update login_attempts set at = at - interval '2 minutes' where username = 'patient'`,
    );
    expect(
      (await signIn(t.app, { username: "patient", password: "calm-long-secret-19" }, "10.6.0.1")).status,
    ).toBe(200);
  });
});

describe("CSRF: state-changing requests must come from the site", () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_PUBLIC_PER_MINUTE: "0" } });
    cookie = await createStaffAndSignIn(t.app, t.database.db);
  });
  afterAll(async () => {
    await t.close();
  });

  const contact = {
    firstName: "Mere",
    lastName: "Tui",
    email: "mere@example.fj",
    serviceInterest: "General Inquiry",
    message: "Hello",
    formStartedAt: Date.now() - 60_000,
  };

  it.each([
    ["a foreign Origin", { origin: "https://evil.example" }],
    ["a foreign Referer", { referer: "https://evil.example/page" }],
    ["no Origin or Referer", {}],
    ["Origin null (sandboxed frame)", { origin: "null" }],
    ["a look-alike origin", { origin: `${SITE_ORIGIN}.evil.example` }],
  ])("refuses %s with 403", async (_label, headers) => {
    const requests = [
      { method: "POST" as const, url: "/api/admin/login", payload: STAFF },
      { method: "POST" as const, url: "/api/contacts", payload: contact },
      { method: "POST" as const, url: "/api/admin/logout", payload: undefined },
      { method: "PATCH" as const, url: "/api/enrollments/1/processed", payload: { notes: "x" } },
    ];
    for (const request of requests) {
      const res = await t.app.inject({ ...request, headers: { ...headers, cookie } });
      expect(res.statusCode, request.url).toBe(403);
      expect(res.json().message).toBe("This request did not come from this website, so it was refused.");
    }
    expect(
      (await t.app.inject({ method: "GET", url: "/api/admin/auth", headers: { cookie } })).statusCode,
    ).toBe(200);
  });

  it("accepts the site's own Origin, its Referer, or the origin the request was addressed to", async () => {
    const own = await t.app.inject({
      method: "POST",
      url: "/api/contacts",
      payload: contact,
      headers: sameSite,
    });
    expect(own.statusCode).toBe(201);
    const referer = await t.app.inject({
      method: "POST",
      url: "/api/contacts",
      payload: { ...contact, message: "Second" },
      headers: { referer: `${SITE_ORIGIN}/#contact` },
    });
    expect(referer.statusCode).toBe(201);
    const byHost = await t.app.inject({
      method: "POST",
      url: "/api/contacts",
      payload: { ...contact, message: "Third" },
      headers: { origin: "http://192.168.1.20:5000", host: "192.168.1.20:5000" },
    });
    expect(byHost.statusCode).toBe(201);
  });
});

// The staff sign-in throttle for strangers' browsers (ADR 050): which attempts count, per username (a pause that grows)
// and per address, atomic across instances. Known browsers and the check cap: admin-sign-in-devices.test.ts.
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../server/app";
import { openDatabase } from "../../server/db/client";
import { loginAttempts } from "../../server/db/schema";
import { parseEnv } from "../../server/env";
import { ensureAdminFromEnv } from "../../server/staff/accounts";
import { createStaffAndSignIn, STAFF, signIn } from "../helpers/admin-session";
import { SITE_ORIGIN, sameSite, withTestApp } from "../helpers/test-app";

describe("the staff sign-in throttle", () => {
  const t = withTestApp({ env: { RATE_LIMIT_PUBLIC_PER_MINUTE: "0" } });
  beforeAll(async () => {
    // The tests below sign in beside a staff member who already has a session, as on a working site.
    await createStaffAndSignIn(t.app, t.database.db);
  });

  const signInAt = (username: string, password: string, remoteAddress: string) =>
    t.app.inject({
      method: "POST",
      url: "/api/admin/login",
      payload: { username, password },
      headers: sameSite,
      remoteAddress,
    });
  /** Moves a username's attempts `seconds` into the past, as if that time had gone by. */
  const wait = (username: string, seconds: number) =>
    t.database.db.execute(
      sql`update login_attempts set at = at - make_interval(secs => ${seconds}) where username = ${username}`,
    );

  it("pauses a username for strangers after 10 failures from any addresses, even with the right password, longer after each further failure", async () => {
    await ensureAdminFromEnv(t.database.db, "pilot", "another-long-password");
    for (let i = 0; i < 10; i++) {
      const res = await signIn(t.app, { username: "pilot", password: `guess-${i}-wrong` }, `10.1.0.${i}`);
      expect(res.status).toBe(401);
    }
    const locked = await signInAt("pilot", "another-long-password", "10.1.0.99");
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe(
      "Too many failed sign-in attempts. Please wait 1 minute and try again.",
    );
    expect(Number(locked.headers["retry-after"])).toBeGreaterThan(50);
    expect(Number(locked.headers["retry-after"])).toBeLessThanOrEqual(60);
    // A minute later one more guess is evaluated; it fails, and the pause doubles: 2 minutes, then 4.
    for (const [seconds, pause] of [
      [61, 120],
      [121, 240],
    ] as const) {
      await wait("pilot", seconds);
      expect((await signIn(t.app, { username: "pilot", password: "still-wrong-1" }, "10.1.1.1")).status).toBe(
        401,
      );
      const again = await signInAt("pilot", "another-long-password", "10.1.1.2");
      expect(again.statusCode).toBe(429);
      expect(Number(again.headers["retry-after"])).toBeGreaterThan(pause - 10);
      expect(Number(again.headers["retry-after"])).toBeLessThanOrEqual(pause);
      expect(again.json().message).toBe(
        `Too many failed sign-in attempts. Please wait ${pause / 60} minutes and try again.`,
      );
    }
    // Failures older than the window no longer count.
    await wait("pilot", 16 * 60);
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

  it("evaluates exactly 10 of 40 simultaneous wrong passwords; the rest are refused unevaluated", async () => {
    await ensureAdminFromEnv(t.database.db, "racer", "swift-long-secret-1");
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        signIn(t.app, { username: "racer", password: `wrong-guess-${i}` }, `10.5.0.${i}`),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30);
    // Only the evaluated attempts were recorded.
    const rows = await t.database.db.select().from(loginAttempts).where(eq(loginAttempts.username, "racer"));
    expect(rows).toHaveLength(10);
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
    const second = url ? await openDatabase({ url, searchPath: schema }) : undefined;
    const other = await buildApp({
      env: parseEnv({
        NODE_ENV: "test",
        DATA_DIR: t.app.env.DATA_DIR,
        PUBLIC_URL: SITE_ORIGIN,
        LOG_LEVEL: "silent",
        RATE_LIMIT_PUBLIC_PER_MINUTE: "0",
        ADMIN_PASSWORD_CHECKS_PER_SECOND: "1000",
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
      expect(results.filter((r) => r.status === 401)).toHaveLength(10);
      expect(results.filter((r) => r.status === 429)).toHaveLength(30);
    } finally {
      await other.close();
      await second?.close();
    }
  });

  it("does not extend a pause with the attempts it refused", async () => {
    await ensureAdminFromEnv(t.database.db, "patient", "calm-long-secret-19");
    for (let i = 0; i < 10; i++) {
      expect(
        (await signIn(t.app, { username: "patient", password: `nope-${i}-wrong` }, "10.6.0.1")).status,
      ).toBe(401);
    }
    await wait("patient", 40);
    // Keeps knocking during the pause (wrong and right passwords alike): all refused, none evaluated.
    for (let i = 0; i < 5; i++) {
      expect(
        (await signIn(t.app, { username: "patient", password: `again-${i}-wrong` }, "10.6.0.1")).status,
      ).toBe(429);
    }
    await wait("patient", 21);
    expect(
      (await signIn(t.app, { username: "patient", password: "calm-long-secret-19" }, "10.6.0.1")).status,
    ).toBe(200);
  });
});

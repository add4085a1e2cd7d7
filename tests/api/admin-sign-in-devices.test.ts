// Strangers cannot block a staff member's sign-in (ADR 050): a browser that signed in before carries a signed
// device cookie and is counted by its device only; the holder is told once an hour; the password checks have a cap.
import { eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { adminUsers, emailOutbox, loginAttempts, signInThrottleNotices } from "../../server/db/schema";
import { createAdmin } from "../../server/staff/accounts";
import { PASSWORD_CHECKS_BUSY } from "../../server/staff/password-check-cap";
import { signInNoticeText } from "../../shared/sign-in-notice";
import { parsedMailsTo } from "../helpers/outbox-mail";
import { sameSite, withTestApp } from "../helpers/test-app";

const PASSWORD = "a-long-and-private-passphrase";

/** A sign-in POST as a browser sends it, with the cookies it holds. */
function login(app: FastifyInstance, username: string, password: string, ip: string, cookie?: string) {
  return app.inject({
    method: "POST",
    url: "/api/admin/login",
    payload: { username, password },
    headers: { ...sameSite, ...(cookie ? { cookie } : {}) },
    remoteAddress: ip,
  });
}

/** The device cookie a response set, as the browser sends it back. */
function deviceCookieOf(res: { cookies: { name: string; value: string }[] }): string {
  const device = res.cookies.find((c) => c.name.endsWith("rpas_device"));
  if (!device) throw new Error("no device cookie");
  return `${device.name}=${device.value}`;
}

/** A stranger's `n` wrong passwords for `username`, each from its own address. */
async function strangersGuess(app: FastifyInstance, username: string, n: number, net: string) {
  for (let i = 0; i < n; i++) {
    expect((await login(app, username, `wrong-guess-number-${i}`, `${net}.${i}`)).statusCode).toBe(401);
  }
}

describe("sign-in from a browser that signed in before", () => {
  const t = withTestApp({ env: { RATE_LIMIT_PUBLIC_PER_MINUTE: "0" } });

  it("sets a long-lived, HttpOnly, Secure, same-site device cookie at the right password", async () => {
    await createAdmin(t.database.db, "vasiti", PASSWORD);
    const res = await login(t.app, "vasiti", PASSWORD, "10.30.0.1");
    expect(res.statusCode).toBe(200);
    const device = res.cookies.find((c) => c.name === "__Host-rpas_device");
    expect(device).toMatchObject({ httpOnly: true, secure: true, sameSite: "Strict", path: "/" });
    expect(device?.maxAge).toBe(365 * 24 * 60 * 60);
    // A wrong password sets none.
    const wrong = await login(t.app, "vasiti", "not-the-password-at-all", "10.30.0.1");
    expect(wrong.cookies.some((c) => c.name.endsWith("rpas_device"))).toBe(false);
  });

  it("keeps the holder's own browser signing in while strangers have paused the username", async () => {
    await createAdmin(t.database.db, "litia", PASSWORD);
    const first = await login(t.app, "litia", PASSWORD, "10.31.0.1");
    const own = deviceCookieOf(first);
    await strangersGuess(t.app, "litia", 10, "10.32.0");
    // Strangers, the right password included, are paused...
    const stranger = await login(t.app, "litia", PASSWORD, "10.33.0.1");
    expect(stranger.statusCode).toBe(429);
    expect(stranger.headers["retry-after"]).toBeDefined();
    // ...while the holder's browser signs in, from wherever it is now.
    const back = await login(t.app, "litia", PASSWORD, "10.34.0.1", own);
    expect(back.statusCode).toBe(200);
    // Its attempts are counted under its device id.
    const rows = await t.database.db
      .select({ device: loginAttempts.device })
      .from(loginAttempts)
      .where(eq(loginAttempts.ip, "10.34.0.1"));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.device).toMatch(/^[\w-]{22}$/);
  });

  it("does not exempt a forged cookie, or the cookie of another account", async () => {
    await createAdmin(t.database.db, "mere", PASSWORD);
    await createAdmin(t.database.db, "jone", PASSWORD);
    const jones = deviceCookieOf(await login(t.app, "jone", PASSWORD, "10.35.0.1"));
    const meres = deviceCookieOf(await login(t.app, "mere", PASSWORD, "10.35.0.2"));
    await strangersGuess(t.app, "mere", 10, "10.36.0");
    // Another account's device: a stranger to mere.
    expect((await login(t.app, "mere", PASSWORD, "10.35.0.3", jones)).statusCode).toBe(429);
    // Mere's own cookie with the account id changed to hers in jone's value, or without its signature.
    const [name, value] = jones.split("=") as [string, string];
    const [, , mereId] = (meres.split("=")[1] ?? "").split(".");
    const relabelled = value.replace(/^(d1\.[\w-]+\.)\d+/, `$1${mereId}`);
    expect(relabelled).not.toBe(value);
    expect((await login(t.app, "mere", PASSWORD, "10.35.0.4", `${name}=${relabelled}`)).statusCode).toBe(429);
    const unsigned = value.slice(0, value.lastIndexOf("."));
    expect((await login(t.app, "mere", PASSWORD, "10.35.0.5", `${name}=${unsigned}`)).statusCode).toBe(429);
    // The real one still works.
    expect((await login(t.app, "mere", PASSWORD, "10.35.0.6", meres)).statusCode).toBe(200);
  });

  it("limits a known browser by its own failures: a stolen device cookie cannot guess on", async () => {
    await createAdmin(t.database.db, "sione", PASSWORD);
    const stolen = deviceCookieOf(await login(t.app, "sione", PASSWORD, "10.37.0.1"));
    const own = deviceCookieOf(await login(t.app, "sione", PASSWORD, "10.37.0.2"));
    for (let i = 0; i < 10; i++) {
      expect((await login(t.app, "sione", `thief-guess-${i}-wrong`, `10.38.0.${i}`, stolen)).statusCode).toBe(
        401,
      );
    }
    const held = await login(t.app, "sione", PASSWORD, "10.38.0.99", stolen);
    expect(held.statusCode).toBe(429);
    expect(held.headers["retry-after"]).toBe("900");
    // The holder's other browser is not held by the thief's failures.
    expect((await login(t.app, "sione", PASSWORD, "10.37.0.2", own)).statusCode).toBe(200);
  });

  it("keeps the per-address limit for strangers", async () => {
    for (let i = 0; i < 20; i++) {
      expect((await login(t.app, `nobody${i}`, "nope-nope-nope", "10.39.0.1")).statusCode).toBe(401);
    }
    const held = await login(t.app, "vasiti", PASSWORD, "10.39.0.1");
    expect(held.statusCode).toBe(429);
    expect(held.headers["retry-after"]).toBe("900");
    expect((await login(t.app, "vasiti", PASSWORD, "10.39.0.2")).statusCode).toBe(200);
  });
});

describe("telling the holder", () => {
  const t = withTestApp({ env: { RATE_LIMIT_PUBLIC_PER_MINUTE: "0" } });
  const mailsTo = async (to: string) =>
    (await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, to))).length;

  it("e-mails the holder once within an hour, however many failures, saying from how many addresses", async () => {
    await createAdmin(t.database.db, "ana", PASSWORD);
    await createAdmin(t.database.db, "tevita", PASSWORD);
    await t.database.db
      .update(adminUsers)
      .set({ email: "ana@pacificskyrpas.com.fj" })
      .where(eq(adminUsers.username, "ana"));
    await t.database.db
      .update(adminUsers)
      .set({ email: "tevita@pacificskyrpas.com.fj" })
      .where(eq(adminUsers.username, "tevita"));
    await strangersGuess(t.app, "tevita", 9, "10.40.0");
    expect(await mailsTo("tevita@pacificskyrpas.com.fj")).toBe(0);
    await strangersGuess(t.app, "tevita", 1, "10.40.1");
    expect(await mailsTo("tevita@pacificskyrpas.com.fj")).toBe(1);
    // More failures, each after the pause has run out, and knocks during it: still one e-mail.
    for (let round = 0; round < 3; round++) {
      await t.database.db.execute(
        sql`update login_attempts set at = at - interval '4 minutes 1 second' where username = 'tevita'`,
      );
      expect((await login(t.app, "tevita", `round-${round}-wrong`, `10.41.0.${round}`)).statusCode).toBe(401);
      expect((await login(t.app, "tevita", `knock-${round}-wrong`, `10.41.1.${round}`)).statusCode).toBe(429);
    }
    expect(await mailsTo("tevita@pacificskyrpas.com.fj")).toBe(1);
    await t.app.outbox.drain();
    const [mail] = await parsedMailsTo(t.app.env.DATA_DIR, "tevita@pacificskyrpas.com.fj");
    expect(mail?.subject).toContain("paused for strangers");
    expect(mail?.text).toMatch(/^Bula,\n/);
    expect(mail?.text).toContain('10 wrong passwords were tried for your staff username "tevita"');
    expect(mail?.text).toContain("from 10 different addresses");
    expect(mail?.text).toContain("The browsers where you have signed in before still sign in as usual");
    // Ana is the site's owner (its first account), with an address: the one to ask.
    expect(mail?.text).toContain("ask the site's owner: ana (ana@pacificskyrpas.com.fj)");
    // An hour on, a new bout is told again.
    await t.database.db.execute(
      sql`update sign_in_throttle_notices set told_at = told_at - interval '61 minutes'`,
    );
    await t.database.db.execute(
      sql`update login_attempts set at = at - interval '16 minutes' where username = 'tevita'`,
    );
    await strangersGuess(t.app, "tevita", 10, "10.42.0");
    expect(await mailsTo("tevita@pacificskyrpas.com.fj")).toBe(2);
  });

  it("shows an account without an e-mail address the notice once, after its next sign-in", async () => {
    await createAdmin(t.database.db, "ops", PASSWORD);
    await strangersGuess(t.app, "ops", 10, "10.43.0");
    const notices = await t.database.db
      .select()
      .from(signInThrottleNotices)
      .innerJoin(adminUsers, eq(adminUsers.id, signInThrottleNotices.adminUserId))
      .where(eq(adminUsers.username, "ops"));
    expect(notices[0]?.sign_in_throttle_notices).toMatchObject({ unseen: true, failures: 10, addresses: 10 });
    // No e-mail to send it to; at the next sign-in (the pause over) the dashboard reads it once.
    await t.database.db.execute(sql`update login_attempts set at = at - interval '16 minutes'`);
    const signedIn = await login(t.app, "ops", PASSWORD, "10.44.0.1");
    expect(signedIn.statusCode).toBe(200);
    const cookie = signedIn.cookies.map((c) => `${c.name}=${c.value}`).join("; ");
    const read = () => t.app.inject({ method: "GET", url: "/api/admin/sign-in-notice", headers: { cookie } });
    const shown = await read();
    expect(shown.statusCode).toBe(200);
    const { notice } = shown.json();
    expect(notice).toMatchObject({ failures: 10, addresses: 10, windowMinutes: 15 });
    expect(signInNoticeText(notice)).toContain("10 wrong passwords were tried for your username");
    expect((await read()).json()).toEqual({ notice: null });
    // Staff only.
    expect((await t.app.inject({ method: "GET", url: "/api/admin/sign-in-notice" })).statusCode).toBe(401);
  });
});

describe("the cap on password checks per second", () => {
  const t = withTestApp({
    env: { RATE_LIMIT_PUBLIC_PER_MINUTE: "0", ADMIN_PASSWORD_CHECKS_PER_SECOND: "1" },
  });

  it("answers 429 at once without checking over the cap, and known browsers keep their own", async () => {
    await createAdmin(t.database.db, "owner", PASSWORD);
    const own = deviceCookieOf(await login(t.app, "owner", PASSWORD, "10.50.0.1"));
    // Wait out the second the owner's first sign-in used.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const flood = await Promise.all([
      ...Array.from({ length: 6 }, (_, i) => login(t.app, `guess${i}`, "wrong-wrong-wrong", `10.51.0.${i}`)),
      login(t.app, "owner", PASSWORD, "10.50.0.2", own),
    ]);
    const strangers = flood.slice(0, 6);
    expect(strangers.filter((r) => r.statusCode === 401)).toHaveLength(1);
    const busy = strangers.filter((r) => r.statusCode === 429);
    expect(busy).toHaveLength(5);
    for (const res of busy) {
      expect(res.json().message).toBe(PASSWORD_CHECKS_BUSY);
      expect(res.headers["retry-after"]).toBe("1");
    }
    // The refused ones were not checked and count for nothing.
    const { rows } = (await t.database.db.execute(
      sql`select count(*)::int as n from login_attempts where username like 'guess%'`,
    )) as unknown as { rows: { n: number }[] };
    expect(rows[0]?.n).toBe(1);
    expect(flood[6]?.statusCode).toBe(200);
  });
});

// The security points of "Money and trust" through the real app on a real database: CSRF decided by the matched
// route, return paths, keyed sign-in codes and their caps, logs without secrets, no-store on authenticated answers,
// TRUST_PROXY's default, the logout confirmation from other sites, and a CSV export that changes nothing.
import { createHash } from "node:crypto";
import { count, desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog, enrollments, signInCodes } from "../../server/db/schema";
import { parseEnv } from "../../server/env";
import { signInEmail } from "../../server/intake/emails";
import { SIGN_OUT_BUTTON } from "../../server/platform/sign-out-page";
import { UNTRUSTED_FORWARDED_MESSAGE } from "../../server/plugins/proxy-trust";
import { MAX_CODES_PER_DAY, MAX_CODES_PER_WINDOW } from "../../server/portal/sign-in-codes";
import { TOO_MANY_CODES, TOO_MANY_CODES_TODAY } from "../../server/portal/sign-in-routes";
import { createStaffAndSignIn, insertEnrollment } from "../helpers/admin-session";
import { OFF_SITE_RETURN_PATHS, requestSignInCode, signInSubscriber } from "../helpers/subscriber";
import { CROSS_SITE, postFromSite, sameSite, withTestApp } from "../helpers/test-app";

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

let staff: string;
const logLines: string[] = [];

const t = withTestApp({
  env: { RATE_LIMIT_PUBLIC_PER_MINUTE: "0" },
  logStream: { write: (line) => void logLines.push(line) },
});
beforeAll(async () => {
  staff = await createStaffAndSignIn(t.app, t.database.db);
});

const post = (url: string, payload: object, headers: Record<string, string> = sameSite) =>
  t.app.inject({ method: "POST", url, payload, headers });

const requestCode = (email: string, returnTo?: string) => requestSignInCode(t.app, email, returnTo);
const signInByCode = (email: string) => signInSubscriber(t.app, email);

describe("return paths", () => {
  it("never keeps a return path that leaves the site once a browser reads it", async () => {
    for (const returnTo of OFF_SITE_RETURN_PATHS) {
      const email = `return${returnTo.length}-${returnTo.charCodeAt(1)}@example.fj`;
      const { code } = await requestCode(email, returnTo);
      const res = await post("/api/login/email/verify", { email, code });
      expect(res.json().returnTo, JSON.stringify(returnTo)).toBe("/portal");
    }
    const login = await t.app.inject({ method: "GET", url: "/api/login?returnTo=%2F%09%2Fevil.example" });
    expect(login.headers.location).toBe("/sign-in?returnTo=%2Fportal");
  });
});

describe("sign-in codes and links", () => {
  it("stores the code and link token keyed with the server's secret, not as their plain SHA-256", async () => {
    const email = "keyed@example.fj";
    const { code, token } = await requestCode(email);
    const [row] = await t.database.db
      .select({ codeHash: signInCodes.codeHash, linkHash: signInCodes.linkHash })
      .from(signInCodes)
      .where(eq(signInCodes.email, email));
    expect(row?.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.codeHash).not.toBe(sha256(code));
    expect(row?.linkHash).not.toBe(sha256(token));
    // And the real code still signs in.
    expect((await post("/api/login/email/verify", { email, code })).statusCode).toBe(200);
  });

  it(`caps sign-in e-mails at ${MAX_CODES_PER_DAY} per address per day, with a clear message`, async () => {
    const email = "daily@example.fj";
    // Earlier today, spread out so the 15-minute cap never applies.
    await t.database.db.insert(signInCodes).values(
      Array.from({ length: MAX_CODES_PER_DAY }, (_, i) => ({
        email,
        codeHash: "0".repeat(64),
        linkHash: `${i}`.padStart(64, "a"),
        createdAt: new Date(Date.now() - (i + 1) * 60 * 60 * 1000),
        expiresAt: new Date(Date.now() - i * 60 * 60 * 1000),
      })),
    );
    const res = await post("/api/login/email", { email });
    expect(res.statusCode).toBe(429);
    expect(res.json().error.message).toBe(TOO_MANY_CODES_TODAY);
    expect(TOO_MANY_CODES_TODAY).toMatch(/today/);
  });

  it("counts concurrent requests for one address exactly against the 15-minute cap", async () => {
    const email = "burst@example.fj";
    const results = await Promise.all(
      Array.from({ length: MAX_CODES_PER_WINDOW + 3 }, () => post("/api/login/email", { email })),
    );
    const statuses = results.map((res) => res.statusCode).sort();
    expect(statuses.filter((s) => s === 202)).toHaveLength(MAX_CODES_PER_WINDOW);
    expect(statuses.filter((s) => s === 429)).toHaveLength(3);
    expect(results.find((res) => res.statusCode === 429)?.json().error.message).toBe(TOO_MANY_CODES);
  });

  it("marks the sign-in e-mail sensitive and keeps the code out of its subject", () => {
    const message = signInEmail(
      { email: "a@example.fj", firstName: null },
      "123456",
      "https://rpas.example.test/sign-in/confirm?token=t",
      "portal",
    );
    expect(message.sensitive).toBe(true);
    expect(message.subject).not.toContain("123456");
  });

  it("never writes a code or link token to the log", async () => {
    const email = "logged@example.fj";
    const { code, token } = await requestCode(email);
    await t.app.inject({ method: "GET", url: `/sign-in/confirm?token=${token}` });
    await t.app.inject({ method: "GET", url: `/api/auth/callback?code=${code}&state=${token}` });
    expect((await post("/api/login/link", { token })).statusCode).toBe(200);
    const log = logLines.join("");
    // The requests were logged, without their secrets.
    expect(log).toContain('"url":"/sign-in/confirm?[redacted]"');
    expect(log).toContain('"url":"/api/auth/callback?[redacted]"');
    expect(log).not.toContain(token);
    // As a number of its own: six digits can turn up inside a timestamp by chance.
    expect(log).not.toMatch(new RegExp(`(?<![\\d.])${code}(?![\\d.])`));
  });
});

describe("headers and defaults", () => {
  it("marks admin JSON, the CSV export, the user's own data and portal downloads no-store", async () => {
    const email = "reader@example.fj";
    await post(
      "/api/admin/subscriptions/grant",
      { email, until: "2099-12-31" },
      { ...sameSite, cookie: staff },
    );
    const user = await signInByCode(email);
    const responses = {
      adminJson: await t.app.inject({ method: "GET", url: "/api/enrollments", headers: { cookie: staff } }),
      adminAuth: await t.app.inject({ method: "GET", url: "/api/admin/auth", headers: { cookie: staff } }),
      csv: await t.app.inject({
        method: "GET",
        url: "/api/enrollments/export.csv",
        headers: { cookie: staff },
      }),
      user: await t.app.inject({ method: "GET", url: "/api/auth/user", headers: { cookie: user } }),
      download: await t.app.inject({
        method: "GET",
        url: "/api/documents/part-107-study-guide/download",
        headers: { cookie: user },
      }),
    };
    for (const [name, res] of Object.entries(responses)) {
      expect(res.headers["cache-control"], name).toMatch(/(^|, )no-store$/);
    }
    expect(responses.adminJson.statusCode).toBe(200);
    expect(responses.csv.statusCode).toBe(200);
  });

  it("trusts forwarded headers from loopback only by default, and warns once about any other peer", async () => {
    expect(parseEnv({}).TRUST_PROXY).toBe("loopback");
    const ipOf = async (email: string) => {
      const [row] = await t.database.db
        .select({ ip: signInCodes.ip })
        .from(signInCodes)
        .where(eq(signInCodes.email, email))
        .orderBy(desc(signInCodes.id));
      return row?.ip;
    };
    const forwarded = async (email: string, remoteAddress: string) => {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/login/email",
        payload: { email },
        headers: { ...sameSite, "x-forwarded-for": "198.51.100.7" },
        remoteAddress,
      });
      expect(res.statusCode).toBe(202);
      return ipOf(email);
    };
    expect(await forwarded("via-proxy@example.fj", "127.0.0.1")).toBe("198.51.100.7");
    // A private-network peer talking to us directly keeps its own address (trusted before this change).
    expect(await forwarded("direct@example.fj", "10.0.0.5")).toBe("10.0.0.5");
    expect(await forwarded("direct2@example.fj", "203.0.113.9")).toBe("203.0.113.9");
    const warnings = logLines.filter((line) => line.includes(UNTRUSTED_FORWARDED_MESSAGE));
    expect(warnings).toHaveLength(1);
    expect(JSON.parse(warnings[0] ?? "{}")).toMatchObject({ level: 40, peer: "10.0.0.5" });
  });

  describe("GET /api/logout", () => {
    const logout = (cookie: string, site?: string) =>
      t.app.inject({
        method: "GET",
        url: "/api/logout",
        headers: { cookie, ...(site ? { "sec-fetch-site": site } : {}) },
      });
    const signedIn = async (cookie: string) =>
      (await t.app.inject({ method: "GET", url: "/api/auth/user", headers: { cookie } })).statusCode === 200;

    it("from another site (or a client that does not say) shows a sign-out button and keeps the session", async () => {
      const cookie = await signInByCode("stay@example.fj");
      for (const site of ["cross-site", "same-site", undefined]) {
        const res = await logout(cookie, site);
        expect(res.statusCode, site).toBe(200);
        expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
        expect(res.headers["cache-control"]).toBe("no-store");
        expect(res.body).toContain('<form method="post" action="/api/logout">');
        expect(res.body).toContain(`>${SIGN_OUT_BUTTON}</button>`);
        expect(res.cookies).toEqual([]);
        expect(await signedIn(cookie)).toBe(true);
      }
      // The button's POST signs out (same-site, CSRF-checked); a forged one does not.
      const form = { cookie, "content-type": "application/x-www-form-urlencoded" };
      const forged = await postFromSite(t.app, "/api/logout", "", { ...form, ...CROSS_SITE });
      expect(forged.statusCode).toBe(403);
      expect(await signedIn(cookie)).toBe(true);
      const confirmed = await postFromSite(t.app, "/api/logout", "", form);
      expect(confirmed.statusCode).toBe(303);
      expect(confirmed.headers.location).toBe("/portal");
      expect(await signedIn(cookie)).toBe(false);
    });

    it("signs out at once when Sec-Fetch-Site is same-origin or none", async () => {
      for (const site of ["same-origin", "none"]) {
        const cookie = await signInByCode(`leave-${site}@example.fj`);
        const res = await logout(cookie, site);
        expect(res.statusCode).toBe(302);
        expect(res.headers.location).toBe("/portal");
        expect(await signedIn(cookie)).toBe(false);
      }
    });
  });

  it("exports the CSV without writing anything to the database", async () => {
    await insertEnrollment(t.database.db);
    const countOf = async (table: typeof auditLog | typeof enrollments) =>
      (await t.database.db.select({ n: count() }).from(table))[0]?.n;
    const before = { audit: await countOf(auditLog), enrollments: await countOf(enrollments) };
    const res = await t.app.inject({
      method: "GET",
      url: "/api/enrollments/export.csv",
      headers: { cookie: staff },
    });
    expect(res.statusCode).toBe(200);
    expect({ audit: await countOf(auditLog), enrollments: await countOf(enrollments) }).toEqual(before);
    // Still on record, in the server log.
    expect(logLines.some((line) => line.includes('"event":"csv-export"'))).toBe(true);
  });
});

import { beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../server/app";
import { parseEnv } from "../../server/env";
import { CROSS_SITE_MESSAGE, CSRF_EXEMPT_ROUTES } from "../../server/plugins/csrf";
import { createStaffAndSignIn } from "../helpers/admin-session";
import { CROSS_SITE, openTestDatabase, sameSite, withTestApp } from "../helpers/test-app";

const t = withTestApp({ env: { RATE_LIMIT_PUBLIC_PER_MINUTE: "0" } });
let staff: string;
beforeAll(async () => {
  staff = await createStaffAndSignIn(t.app, t.database.db);
});

const post = (url: string, payload: object, headers: Record<string, string> = sameSite) =>
  t.app.inject({ method: "POST", url, payload, headers });

describe("CSRF by route", () => {
  it("refuses POST /%61pi/contacts from another site, as it does /api/contacts", async () => {
    const contact = {
      firstName: "Eve",
      lastName: "Forger",
      email: "eve@example.com",
      serviceInterest: "Training",
      message: "A forged enquiry from another site.",
    };
    for (const url of ["/%61pi/contacts", "/api/contacts", "/api/%63ontacts"]) {
      const res = await post(url, contact, CROSS_SITE);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().error.message).toBe(CROSS_SITE_MESSAGE);
    }
    // Without Origin or Referer too.
    expect((await post("/%61pi/contacts", contact, {})).statusCode).toBe(403);
    // The encoded path does reach the contacts route: from the site itself it gets as far as validation.
    const fromSite = await post("/%61pi/contacts", contact, sameSite);
    expect(fromSite.statusCode).toBe(400);
    expect(fromSite.json().error.message).not.toBe(CROSS_SITE_MESSAGE);
  });

  it("refuses a cross-site request on every registered state-changing route not in the exempt list", async () => {
    const checked: string[] = [];
    for (const route of t.app.registeredRoutes) {
      const [method = "", url = ""] = route.split(" ");
      if (["GET", "HEAD", "OPTIONS"].includes(method) || CSRF_EXEMPT_ROUTES.includes(route)) continue;
      const concrete = url.replace(/:\w+/g, "1").replace("*", "x");
      const res = await t.app.inject({
        method: method as "POST",
        url: concrete,
        payload: {},
        headers: { ...CROSS_SITE, cookie: staff },
      });
      expect(res.statusCode, route).toBe(403);
      // JSON for the API; a page for a page's own form (the review withdraw link's button).
      if (url.startsWith("/api/")) expect(res.json().error.message, route).toBe(CROSS_SITE_MESSAGE);
      else expect(res.body, route).toContain(CROSS_SITE_MESSAGE);
      checked.push(route);
    }
    expect(checked).toEqual(
      expect.arrayContaining([
        "POST /api/contacts",
        "PATCH /api/enrollments/:id/processed",
        "POST /api/logout",
        "POST /reviews/withdraw/:token",
      ]),
    );
  });

  it("refuses a cross-site request that matches no route, too", async () => {
    expect((await post("/api/no-such-route", {}, CROSS_SITE)).statusCode).toBe(403);
    expect((await post("/api/no-such-route", {}, sameSite)).statusCode).toBe(404);
  });

  it("will not start when the exempt list names a route that does not exist", async () => {
    const list = CSRF_EXEMPT_ROUTES as string[];
    list.push("POST /api/stripe/old-webhook");
    const { database, drop } = await openTestDatabase();
    try {
      await database.migrate();
      const env = parseEnv({ NODE_ENV: "test", DATA_DIR: t.app.env.DATA_DIR, LOG_LEVEL: "silent" });
      const app = await buildApp({ env, db: database.db, logger: false });
      await expect(app.ready()).rejects.toThrow(
        "CSRF_EXEMPT_ROUTES names routes that do not exist: POST /api/stripe/old-webhook",
      );
      await app.close().catch(() => {});
    } finally {
      list.pop();
      await drop();
      await database.close();
    }
  });

  it("exempts exactly the signed server-to-server routes in the one list, each of which exists", async () => {
    // M-PAiSA calls us on no route of its own: its payer comes back by GET /api/mpaisa/return, which needs none.
    // Mail programs' one-click unsubscribe carries the digest link's signed token; `npm run backup` the server's own.
    expect([...CSRF_EXEMPT_ROUTES].sort()).toEqual([
      "POST /api/backups/local",
      "POST /api/digest/unsubscribe",
      "POST /api/sms/inbound",
      "POST /api/sms/status",
      "POST /api/stripe/webhook",
    ]);
    for (const route of CSRF_EXEMPT_ROUTES) {
      expect(t.app.registeredRoutes.has(route), route).toBe(true);
      const [method = "", url = ""] = route.split(" ");
      const res = await t.app.inject({ method: method as "POST", url, payload: {}, headers: CROSS_SITE });
      // Refused by their own check (signature, configuration), never by the Origin check. (Twilio's delivery
      // report and inbound webhook answer an unsigned request 403 too, with their own message.)
      expect(res.json().error?.message, route).not.toBe(CROSS_SITE_MESSAGE);
    }
  });
});

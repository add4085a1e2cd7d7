// Every staff route answers 401 without a staff session, found by walking the routes the app registered, so a
// route added later cannot forget the guard. The guard runs before the body is read, so an anonymous caller learns
// nothing from validation either. Only signing in is open, by design.
import { describe, expect, it } from "vitest";
import { sameSite, withTestApp } from "../helpers/test-app";

const SIGN_IN = new Set([
  "GET /api/admin/status", // tells the sign-in screen whether any account exists yet
  "POST /api/admin/login",
  "POST /api/admin/login/mfa",
]);

describe("the staff guard", () => {
  const t = withTestApp();

  it("covers every staff route the app registers", async () => {
    const staffRoutes = t.app.apiRoutes
      .filter((route) => /^\/api\/(admin|enrollments)(\/|$)/.test(route.url))
      .map((route) => ({
        method: route.method,
        url: route.url.replace(/:(\w+)/g, (_, name) => (name === "kind" ? "contact" : "1")),
      }))
      .filter((route) => !SIGN_IN.has(`${route.method} ${route.url}`));
    expect(staffRoutes.length).toBeGreaterThan(20);
    const open: string[] = [];
    for (const route of staffRoutes) {
      const res = await t.app.inject({
        method: route.method as "GET",
        url: route.url,
        headers: sameSite,
        ...(route.method === "GET" ? {} : { payload: {} }),
      });
      if (res.statusCode !== 401 || res.json().message !== "Please sign in as staff to continue.") {
        open.push(`${route.method} ${route.url} answered ${res.statusCode}`);
      }
    }
    expect(open).toEqual([]);
  });
});

import { beforeAll, describe, expect, it } from "vitest";
import { createStaffAndSignIn, STAFF } from "../helpers/admin-session";
import { SITE_ORIGIN, sameSite, withTestApp } from "../helpers/test-app";

describe("CSRF: state-changing requests must come from the site", () => {
  const t = withTestApp({ env: { RATE_LIMIT_PUBLIC_PER_MINUTE: "0" } });
  let cookie: string;
  beforeAll(async () => {
    cookie = await createStaffAndSignIn(t.app, t.database.db);
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

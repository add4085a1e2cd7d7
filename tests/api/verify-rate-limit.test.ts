// Certificate lookups are limited per address (issue 15: enumeration attempts): the number search and the code
// pages share one budget of VERIFY_LOOKUPS_PER_MINUTE; past it, the page says to try again in a minute (429) and
// no lookup runs. The form itself is never limited.
import { describe, expect, it } from "vitest";
import { VERIFY_LOOKUPS_PER_MINUTE } from "../../server/certificates/verify-routes";
import { siteIsBuilt, withTestApp } from "../helpers/test-app";
import { insertCertificate, newCode } from "../helpers/verify-rows";

describe.skipIf(!siteIsBuilt)("certificate lookups per address", () => {
  const t = withTestApp({ site: true });
  const get = (url: string, ip = "203.0.113.7") => t.app.inject({ method: "GET", url, remoteAddress: ip });

  it("answers 429 with Retry-After once an address has looked up too many, across both lookups", async () => {
    const row = await insertCertificate(t.database.db);
    // Guessing: half the budget on numbers, half on codes.
    for (let i = 0; i < VERIFY_LOOKUPS_PER_MINUTE; i += 1) {
      const url =
        i % 2 === 0
          ? `/verify?number=PSR-B-2026-${String(i).padStart(4, "0")}&surname=Smith`
          : `/verify/${newCode()}`;
      expect((await get(url)).statusCode, url).toBe(404);
    }
    for (const url of [`/verify/${row.code}`, `/verify?number=${row.number}&surname=${row.surname}`]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(429);
      expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
      expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
      expect(res.body).toContain("Too many checks");
      expect(res.body).toContain("Please try again in a minute.");
      // Nothing of the certificate leaks while limited.
      expect(res.body).not.toContain("Nailatikau");
    }
    // The form is still served, and another address still looks up.
    expect((await get("/verify")).statusCode).toBe(200);
    expect((await get(`/verify/${row.code}`, "203.0.113.8")).statusCode).toBe(200);
  });

  it("does not count showing the form", async () => {
    const ip = "203.0.113.9";
    for (let i = 0; i < VERIFY_LOOKUPS_PER_MINUTE + 5; i += 1)
      expect((await get("/verify", ip)).statusCode).toBe(200);
    const row = await insertCertificate(t.database.db);
    expect((await get(`/verify/${row.code}`, ip)).statusCode).toBe(200);
  });
});

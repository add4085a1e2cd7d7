// The built site as the server answers it: statuses, redirects, headers, compression and caching.
// `npm test` builds before this runs; DIST_DIR points at another build.
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { LEGACY_REDIRECTS, ROUTES } from "../../shared/routes";
import { clientDir, createTestApp, siteIsBuilt, withTestApp } from "../helpers/test-app";

const ORIGIN = "https://rpas.example.test";

describe.skipIf(!siteIsBuilt)("the built site", () => {
  const t = withTestApp({ site: true, env: { PUBLIC_URL: ORIGIN } });
  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: "GET", url, headers });

  it.each(ROUTES.map((r) => r.path))("serves %s as prerendered HTML with its own head tags", async (path) => {
    const res = await get(path);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
    const html = res.body;
    expect(html).toMatch(/<title>[^<]+<\/title>/);
    expect(html).toMatch(/<meta name="description" content="[^"]{30,}"/);
    expect(html).toContain(`<link rel="canonical" href="${ORIGIN}${path}" />`);
    expect(html).toContain(`<meta property="og:url" content="${ORIGIN}${path}" />`);
    expect(html).toMatch(/<meta property="og:title" content="[^"]+"/);
    expect(html).not.toContain("__PUBLIC_ORIGIN__");
    // Prerendered: the page's own markup is in the HTML, not an empty root.
    expect(html).toMatch(/<div id="root">(<!--\$-->)?<[a-z]/);
    expect(html).toMatch(/<h1[^>]*>/);
  });

  it("gives every route a distinct title", async () => {
    const titles = await Promise.all(
      ROUTES.map(async (r) => (await get(r.path)).body.match(/<title>([^<]+)<\/title>/)?.[1]),
    );
    expect(new Set(titles).size).toBe(ROUTES.length);
  });

  it("answers unknown paths with the 404 page and status 404", async () => {
    for (const path of ["/no-such-page", "/service/unknown", "/enroll/expert", "/admin/other"]) {
      const res = await get(path);
      expect(res.statusCode, path).toBe(404);
      expect(res.body).toContain("404 Page Not Found");
      expect(res.body).toContain("Did you forget to add the page to the router?");
      expect(res.body).toContain('<meta name="robots" content="noindex" />');
    }
  });

  it.each(Object.entries(LEGACY_REDIRECTS))("redirects the old link %s to %s with 301", async (from, to) => {
    const res = await get(from);
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe(to);
  });

  it("redirects a trailing slash to the canonical path", async () => {
    const res = await get("/service/mapping/");
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe("/service/mapping");
  });

  it("sends the security headers on pages and API responses", async () => {
    for (const res of [await get("/"), await get("/api/health"), await get("/nope")]) {
      const csp = String(res.headers["content-security-policy"]);
      const scriptSrc = csp.split(";").find((d) => d.trim().startsWith("script-src")) ?? "";
      expect(scriptSrc).toContain("'self'");
      expect(scriptSrc).not.toContain("unsafe-inline");
      expect(scriptSrc).not.toContain("unsafe-eval");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(res.headers["x-content-type-options"]).toBe("nosniff");
      expect(res.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
      expect(res.headers["strict-transport-security"]).toMatch(/max-age=\d+/);
      expect(res.headers["x-powered-by"]).toBeUndefined();
    }
  });

  it("allows the inline JSON-LD by hash, not by unsafe-inline", async () => {
    const res = await get("/");
    const blocks = [...res.body.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)];
    expect(blocks.length).toBeGreaterThanOrEqual(4);
    const { createHash } = await import("node:crypto");
    for (const [, json] of blocks) {
      const hash = createHash("sha256")
        .update(json ?? "")
        .digest("base64");
      expect(res.headers["content-security-policy"]).toContain(`'sha256-${hash}'`);
    }
  });

  it("publishes Organization and Course structured data with FJD prices", async () => {
    const res = await get("/");
    const data = [...res.body.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
      ([, json]) => JSON.parse(json ?? "{}") as Record<string, unknown>,
    );
    expect(data.filter((d) => d["@type"] === "Organization")).toHaveLength(1);
    const courses = data.filter((d) => d["@type"] === "Course");
    expect(courses.map((c) => (c.offers as { price: string; priceCurrency: string }).price)).toEqual([
      "300.00",
      "1500.00",
      "2500.00",
    ]);
    for (const course of courses)
      expect((course.offers as { priceCurrency: string }).priceCurrency).toBe("FJD");
  });

  it("compresses pages with brotli or gzip as the client accepts", async () => {
    const br = await get("/", { "accept-encoding": "br, gzip" });
    expect(br.headers["content-encoding"]).toBe("br");
    const gz = await get("/", { "accept-encoding": "gzip" });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.rawPayload).toString()).toBe((await get("/")).body);
    expect(br.headers.vary).toContain("Accept-Encoding");
  });

  it("answers a matching ETag with 304", async () => {
    const first = await get("/portal");
    const again = await get("/portal", { "if-none-match": String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
  });

  it("serves hashed assets precompressed with immutable caching", async () => {
    const js = readdirSync(join(clientDir, "assets")).find((f) => f.endsWith(".js"));
    expect(js).toBeDefined();
    const res = await get(`/assets/${js}`, { "accept-encoding": "br" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(String(res.headers["content-type"])).toContain("javascript");
  });

  it("serves the favicon with an hour's caching, and unknown assets as the 404 page", async () => {
    const icon = await get("/favicon.svg");
    expect(icon.statusCode).toBe(200);
    expect(icon.headers["cache-control"]).toBe("public, max-age=3600");
    const missing = await get("/assets/missing-0000.js");
    expect(missing.statusCode).toBe(404);
    expect(String(missing.headers["content-type"])).toContain("text/html");
    expect((await get("/assets/../index.html")).statusCode).toBe(404);
  });

  it("serves the e-mails' logo as a PNG that webmail on another origin may show", async () => {
    const logo = await get("/email-logo.png");
    expect(logo.statusCode).toBe(200);
    expect(logo.headers["content-type"]).toBe("image/png");
    expect(logo.rawPayload.subarray(1, 4).toString("latin1")).toBe("PNG");
    expect(logo.headers["cross-origin-resource-policy"]).toBe("cross-origin");
    // Every other file keeps the site's own policy.
    expect((await get("/favicon.svg")).headers["cross-origin-resource-policy"]).toBe("same-origin");
  });

  it("does not expose build internals", async () => {
    expect((await get("/.vite/manifest.json")).statusCode).toBe(404);
    expect((await get("/index.html")).statusCode).toBe(404);
    // The compressed copies are sent for their asset (preCompressed), not under their own names.
    const js = readdirSync(join(clientDir, "assets")).find((f) => f.endsWith(".js"));
    expect((await get(`/assets/${js}.br`)).statusCode).toBe(404);
    expect((await get(`/assets/${js}.gz`)).statusCode).toBe(404);
  });

  it("lists the indexable routes in sitemap.xml and hides the rest in robots.txt", async () => {
    const sitemap = (await get("/sitemap.xml")).body;
    for (const route of ROUTES) {
      const loc = `<loc>${ORIGIN}${route.path}</loc>`;
      if (route.indexable) expect(sitemap).toContain(loc);
      else expect(sitemap).not.toContain(loc);
    }
    const robots = (await get("/robots.txt")).body;
    expect(robots).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
    expect(robots).toContain("Disallow: /admin");
  });
});

describe("plain http deployments", () => {
  it("send no HSTS header", async () => {
    const t = await createTestApp({ env: { PUBLIC_URL: "http://localhost:5000" } });
    const res = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(res.headers["strict-transport-security"]).toBeUndefined();
    await t.close();
  });
});

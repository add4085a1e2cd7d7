// Pages that show intakes are filled with the current schedule whenever they are served (ADR 029): an intake staff
// add after the server started is on the page, with its CourseInstance JSON-LD, and a taken seat changes the page
// and its ETag. `npm test` builds the site first; DIST_DIR points at another build.
import { createHash } from "node:crypto";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { intakes } from "../../server/db/schema";
import { addDays } from "../../server/training/calendar";
import { LIVE_SCHEDULE_TTL_MS } from "../../server/training/live-schedule";
import { fijiToday } from "../../shared/fiji-time";
import { createStaffAndSignIn, insertIntake } from "../helpers/admin-session";
import { sampleEnrollment } from "../helpers/enrollment-samples";
import { postFromSite, SITE_ORIGIN, sameSite, siteIsBuilt, withTestApp } from "../helpers/test-app";

type Json = Record<string, unknown>;

const jsonScripts = (html: string, type: string) =>
  [
    ...html.matchAll(
      new RegExp(`<script type="${type.replace("+", "\\+")}"[^>]*>([\\s\\S]*?)</script>`, "g"),
    ),
  ].map(([, json]) => json ?? "");

/** The CourseInstance objects of the page's JSON-LD. */
function courseInstances(html: string): Json[] {
  return jsonScripts(html, "application/ld+json")
    .map((json) => JSON.parse(json) as Json)
    .flatMap((doc) => (Array.isArray(doc["@graph"]) ? (doc["@graph"] as Json[]) : [doc]))
    .filter((doc) => doc["@type"] === "CourseInstance");
}

describe.skipIf(!siteIsBuilt)("pages with live intakes", () => {
  const t = withTestApp({ site: true, env: { RATE_LIMIT_PUBLIC_PER_MINUTE: "0" } });
  let cookie: string;
  let serial = 0;
  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: "GET", url, headers });
  const staff = (method: "POST" | "PATCH", url: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: { ...sameSite, cookie } });
  const apply = (intakeId: number) => {
    serial += 1;
    const applicant = { email: `live${serial}@example.fj`, formElapsedMs: 60_000, intakeId };
    return postFromSite(t.app, "/api/enrollment/basic", { ...sampleEnrollment("basic"), ...applicant });
  };
  const start = addDays(fijiToday(), 40);

  beforeAll(async () => {
    cookie = await createStaffAndSignIn(t.app, t.database.db);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("with no intakes, says new dates are announced soon, with a contact link, and has no CourseInstance", async () => {
    for (const path of ["/schedule", "/", "/enroll/basic", "/service/training"]) {
      const html = (await get(path)).body;
      expect(html, path).toContain("New dates are announced soon.");
      expect(html, path).toContain('href="/#contact"');
      expect(html, path).toMatch(/<!--live:[a-z-]+--><(p|ul|div)/);
      expect(courseInstances(html), path).toEqual([]);
    }
  });

  it("shows an intake created after the server started on every page of its course, and only there", async () => {
    const created = await staff("POST", "/api/admin/intakes", {
      courseType: "basic",
      startDate: start,
      location: "Nadi Airport Hangar",
      feeCents: 32_500,
    });
    expect(created.statusCode, created.body).toBe(201);
    for (const path of ["/schedule", "/", "/enroll/basic", "/service/training"]) {
      const html = (await get(path)).body;
      // The renderer may separate adjacent text with empty comments.
      expect(html.replaceAll("<!-- -->", ""), path).toContain("Nadi Airport Hangar · FJD 325");
      expect(html, path).toContain("8 seats left");
      // Its Enroll link chooses it on the form.
      expect(html, path).toContain(`href="/enroll/basic?intake=${created.json().id}"`);
    }
    expect((await get("/enroll/advanced")).body).not.toContain("Nadi Airport Hangar");
  });

  it("describes the intake as a schema.org CourseInstance with its dates, place and offer", async () => {
    const [instance] = courseInstances((await get("/schedule")).body);
    expect(instance).toMatchObject({
      "@type": "CourseInstance",
      courseMode: "Onsite",
      startDate: start,
      endDate: addDays(start, 4),
      location: { "@type": "Place", name: "Nadi Airport Hangar", address: { addressCountry: "FJ" } },
      offers: {
        "@type": "Offer",
        price: "325.00",
        priceCurrency: "FJD",
        availability: "https://schema.org/InStock",
        url: `${SITE_ORIGIN}/enroll/basic`,
      },
      url: `${SITE_ORIGIN}/enroll/basic`,
    });
  });

  it("allows the page's live JSON-LD by CSP hash, not by unsafe-inline", async () => {
    const res = await get("/enroll/basic");
    const blocks = jsonScripts(res.body, "application/ld+json");
    expect(blocks.some((block) => block.includes("CourseInstance"))).toBe(true);
    const csp = String(res.headers["content-security-policy"]);
    const scriptSrc = csp.split(";").find((directive) => directive.trim().startsWith("script-src")) ?? "";
    for (const block of blocks) {
      expect(scriptSrc).toContain(`'sha256-${createHash("sha256").update(block).digest("base64")}'`);
    }
    expect(scriptSrc).not.toContain("unsafe-inline");
  });

  it("changes the page and its ETag when seats change, and answers the old ETag in full", async () => {
    const [row] = await t.database.db.select({ id: intakes.id }).from(intakes);
    const first = await get("/enroll/basic");
    const etag = String(first.headers.etag);
    expect((await get("/enroll/basic", { "if-none-match": etag })).statusCode).toBe(304);

    expect((await apply(row?.id ?? 0)).statusCode).toBe(201);
    const after = await get("/enroll/basic", { "if-none-match": etag });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    expect(after.body).toContain("7 seats left");

    expect((await staff("PATCH", `/api/admin/intakes/${row?.id}`, { seats: 3 })).statusCode).toBe(200);
    const few = (await get("/schedule")).body;
    expect(few).toContain("2 seats left");
    expect(courseInstances(few)[0]).toMatchObject({
      offers: { availability: "https://schema.org/LimitedAvailability" },
    });
  });

  it("compresses each version with brotli and gzip, both decoding to the page", async () => {
    const plain = (await get("/schedule")).body;
    const br = await get("/schedule", { "accept-encoding": "br" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain);
    const gz = await get("/schedule", { "accept-encoding": "gzip" });
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain);
    expect(br.headers.etag).toBe(gz.headers.etag);
  });

  it("shows a change made outside this server's requests within a few seconds", async () => {
    await get("/schedule");
    await insertIntake(t.database.db, 20, "Labasa Civic Centre", 8);
    expect((await get("/schedule")).body).not.toContain("Labasa Civic Centre");
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + LIVE_SCHEDULE_TTL_MS });
    expect((await get("/schedule")).body).toContain("Labasa Civic Centre");
  });

  it("shows neither a cancelled nor a past intake, and marks a closed one Full", async () => {
    const past = await insertIntake(t.database.db, -3, "Savusavu Past Venue", 8);
    const cancelled = await insertIntake(t.database.db, 25, "Cancelled Venue", 8);
    const closed = await insertIntake(t.database.db, 30, "Closed Venue", 8);
    expect((await staff("POST", `/api/admin/intakes/${cancelled}/cancel`)).statusCode).toBe(200);
    expect((await staff("POST", `/api/admin/intakes/${closed}/close`)).statusCode).toBe(200);
    expect(past).toBeGreaterThan(0);
    const schedule = (await get("/schedule")).body;
    expect(schedule).not.toContain("Savusavu Past Venue");
    expect(schedule).not.toContain("Cancelled Venue");
    expect(schedule).toContain("Closed Venue");
    const closedInstance = courseInstances(schedule).find(
      (instance) => (instance.location as Json).name === "Closed Venue",
    );
    expect(closedInstance).toMatchObject({ offers: { availability: "https://schema.org/SoldOut" } });
    // The landing page shows a course's next open intakes only.
    expect((await get("/")).body).not.toContain("Closed Venue");
  });

  it("lists /schedule in the sitemap", async () => {
    expect((await get("/sitemap.xml")).body).toContain(`<loc>${SITE_ORIGIN}/schedule</loc>`);
  });
});

// Issue 32's "done when": the owner renames the company, edits a testimonial and a service figure and publishes;
// every public page, the sitemap and the share metadata then speak for the new company, with nothing of the old
// one left (certificates already issued, past references and e-mails already sent excepted: none exist here).
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { ROUTES } from "../../shared/routes";
import { DEFAULT_SETTINGS } from "../../shared/settings";
import { createStaffAndSignIn } from "../helpers/admin-session";
import { sameSite, siteIsBuilt, withTestApp } from "../helpers/test-app";
import { uploadPicture } from "./library-fixtures";

const OLD = /Pacific Sky|pacificsky|PSR-/i;
const NEW_NAME = "Coral Coast Drones";

/** Every line of `text` that still names the old company, for a readable failure. */
const oldMentions = (text: string) =>
  [...text.matchAll(new RegExp(`.{0,80}(?:${OLD.source}).{0,80}`, "gi"))].map((match) => match[0]);

describe.skipIf(!siteIsBuilt)("making the site the owner's own", () => {
  const t = withTestApp({ site: siteIsBuilt, env: { RATE_LIMIT_PUBLIC_PER_MINUTE: "0" } });

  it("leaves nothing of the seeded company on any public page, the sitemap or the share metadata", async () => {
    const owner = await createStaffAndSignIn(t.app, t.database.db);
    const call = (method: "GET" | "PUT" | "POST", url: string, payload?: object) =>
      t.app.inject({ method, url, payload, headers: { ...sameSite, cookie: owner } });
    const company = DEFAULT_SETTINGS.company;
    const renamed = await call("PUT", "/api/admin/settings", {
      referencePrefix: "CCD",
      company: {
        ...company,
        name: NEW_NAME,
        legalName: "Coral Coast Drones Pte Limited",
        emails: {
          general: "hello@coralcoastdrones.com.fj",
          training: "train@coralcoastdrones.com.fj",
          support: "help@coralcoastdrones.com.fj",
        },
        social: company.social.map((link) => ({
          ...link,
          href: link.href ? `https://example.org/coralcoastdrones/${link.name}` : "",
        })),
        mpaisa: { ...company.mpaisa, merchantName: NEW_NAME },
        bank: { ...company.bank, accountName: "Coral Coast Drones Pte Limited" },
      },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);

    // The owner's logo (ADR 060).
    const uploaded = await uploadPicture(t.app, owner, {
      kind: "logo",
      alt: "Coral Coast Drones logo",
      width: 600,
      height: 300,
      png: true,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const brand = await call("PUT", "/api/admin/brand", {
      logo: { mediaId: uploaded.json().id, alt: "Coral Coast Drones logo" },
    });
    expect(brand.statusCode, brand.body).toBe(200);

    const state = (await call("GET", "/api/admin/content")).json();
    const draftOf = (id: string) =>
      structuredClone(state.sections.find((s: { id: string }) => s.id === id).draft);
    const testimonials = draftOf("home.testimonials");
    testimonials[0].quote = "Coral Coast Drones mapped every flooded crossing in the district before noon.";
    const disaster = draftOf("services.disaster-management");
    disaster.page.metrics.items[0].value = "45 min";
    const saved = await call("PUT", "/api/admin/content/draft", {
      revision: state.revision,
      sections: { "home.testimonials": testimonials, "services.disaster-management": disaster },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const published = await call("POST", "/api/admin/content/publish", { revision: saved.json().revision });
    expect(published.statusCode, published.body).toBe(200);

    for (const route of ROUTES) {
      const res = await t.app.inject({ method: "GET", url: route.path });
      expect(res.statusCode, route.path).toBe(200);
      expect(oldMentions(res.body), route.path).toEqual([]);
      expect(res.body, route.path).toContain(NEW_NAME);
      expect(res.body, route.path).toMatch(new RegExp(`<meta property="og:site_name" content="${NEW_NAME}"`));
    }
    // The share image: a new, content-hashed address on every page, drawn 1200 x 630 from the new name and logo.
    const shareImages = new Set<string>();
    for (const route of ROUTES.filter((r) => r.indexable)) {
      const body = (await t.app.inject({ method: "GET", url: route.path })).body;
      const image = /<meta property="og:image" content="([^"]+)"/.exec(body)?.[1];
      expect(image, route.path).toMatch(/\/og\/[0-9a-f]{32}\.png$/);
      shareImages.add(String(image));
      expect(body, route.path).toContain('alt="Coral Coast Drones logo"');
    }
    expect(shareImages.size).toBe(1);
    const share = await t.app.inject({ method: "GET", url: new URL([...shareImages][0] ?? "").pathname });
    expect(share.statusCode).toBe(200);
    expect(share.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(await sharp(share.rawPayload).metadata()).toMatchObject({
      format: "png",
      width: 1200,
      height: 630,
    });

    const home = (await t.app.inject({ method: "GET", url: "/" })).body;
    expect(home).toContain("mapped every flooded crossing in the district before noon");
    const disasterPage = (await t.app.inject({ method: "GET", url: "/service/disaster-management" })).body;
    expect(disasterPage).toContain("45 min");
    const verify = (await t.app.inject({ method: "GET", url: "/verify" })).body;
    expect(verify).toContain("For example CCD-B-2026-0042");

    const sitemap = (await t.app.inject({ method: "GET", url: "/sitemap.xml" })).body;
    expect(oldMentions(sitemap)).toEqual([]);
    expect(sitemap).toMatch(/\/service\/disaster-management<\/loc><lastmod>\d{4}-\d\d-\d\dT/);
    expect(sitemap).toMatch(/<loc>[^<]*\/<\/loc><lastmod>\d{4}-/);
    const notFound = await t.app.inject({ method: "GET", url: "/no-such-page" });
    expect(oldMentions(notFound.body)).toEqual([]);
    const favicon = await t.app.inject({ method: "GET", url: "/favicon.svg" });
    expect(favicon.body).toContain(`<title>${NEW_NAME}</title>`);
  });
});

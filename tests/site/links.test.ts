// No dead link on the site: linkinator crawls the built site as the server answers it (pages, scripts, styles,
// fonts, images, #fragments) from / and from the sitemap's pages, and finds every link answered. Links to other
// sites are skipped, as the tests run offline; links to the site's own public address (canonical, og:url) are
// checked on this server (ADR 040). `npm test` builds first; DIST_DIR points at another build.
import { LinkChecker, LinkState } from "linkinator";
import { beforeAll, describe, expect, it } from "vitest";
import { ROUTES } from "../../shared/routes";
import { insertIntake } from "../helpers/admin-session";
import { SITE_ORIGIN, siteIsBuilt, withTestApp } from "../helpers/test-app";

if (!siteIsBuilt) console.warn("The link check is skipped: the site is not built (npm run build).");

describe.skipIf(!siteIsBuilt)("the link check", () => {
  const t = withTestApp({ site: true, env: { RATE_LIMIT_PUBLIC_PER_MINUTE: "0" } });
  let origin = "";
  beforeAll(async () => {
    // An intake, so the pages link its intake cards' addresses too.
    await insertIntake(t.database.db, 30, "Suva", 8);
    origin = (await t.app.listen({ port: 0, host: "127.0.0.1" })).replace("localhost", "127.0.0.1");
  });

  it("finds no broken link crawling the site from /", { timeout: 180_000 }, async () => {
    const sitemapXml = (await t.app.inject({ method: "GET", url: "/sitemap.xml" })).body;
    const sitemap = [...sitemapXml.matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, url]) => url ?? "");
    expect(sitemap).toContain(`${SITE_ORIGIN}/verify`);
    const result = await new LinkChecker().check({
      // From /, and from every page of the sitemap, as a search engine arrives (/verify has no link on the site).
      path: [`${origin}/`, ...sitemap.map((url) => url.replace(SITE_ORIGIN, origin))],
      recurse: true,
      checkCss: true,
      checkFragments: true,
      concurrency: 4,
      timeout: 20_000,
      urlRewriteExpressions: [
        { pattern: new RegExp(`^${SITE_ORIGIN.replaceAll(".", "\\.")}`), replacement: origin },
      ],
      linksToSkip: async (link) => !link.startsWith(`${origin}/`) && link !== origin,
    });
    const broken = result.links
      .filter((link) => link.state === LinkState.BROKEN)
      .map((link) => `${link.url} (${link.status}) on ${link.parent}`);
    expect(broken).toEqual([]);
    // The crawl reached the site: every indexable page, and pages only links lead to, were answered.
    const checked = new Set(
      result.links.filter((link) => link.state === LinkState.OK).map((link) => new URL(link.url).pathname),
    );
    for (const path of [...ROUTES.filter((r) => r.indexable).map((r) => r.path), "/mpaisa-payment"]) {
      expect(checked, path).toContain(path);
    }
  });

  it("finds every script the pages load", { timeout: 60_000 }, async () => {
    // The pages name their scripts in a JSON list their loader reads (scripts/lib/paint-first.ts), which a link
    // checker does not follow: every /assets/ address in a page must answer.
    const missing: string[] = [];
    let assets = 0;
    for (const path of ROUTES.map((r) => r.path)) {
      const html = (await t.app.inject({ method: "GET", url: path })).body;
      for (const [, asset] of html.matchAll(/"(\/assets\/[^"]+)"/g)) {
        assets += 1;
        const res = await t.app.inject({ method: "GET", url: asset ?? "" });
        if (res.statusCode !== 200) missing.push(`${asset} (${res.statusCode}) on ${path}`);
      }
    }
    expect(missing).toEqual([]);
    expect(assets).toBeGreaterThan(ROUTES.length);
  });

  it("would report a dead link", async () => {
    const dead = `${origin}/no-such-page`;
    const result = await new LinkChecker().check({ path: dead });
    expect(result.passed).toBe(false);
    const answer = result.links.find((link) => link.url === dead);
    expect([answer?.state, answer?.status]).toEqual([LinkState.BROKEN, 404]);
  });
});

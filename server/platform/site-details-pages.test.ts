// The page rewrite keeps everything around the app's markup (head tags, styles, the script list) and swaps the
// markup, the JSON-LD and the site name; a render that fails leaves the pages as they were and is not retried for
// the same details.
import { describe, expect, it } from "vitest";
import { NOT_FOUND_FILE } from "../../shared/routes";
import { SEEDED_SITE_DETAILS, type SiteDetails } from "../../shared/site-details";
import { siteDetailsPages, withSiteDetails } from "./site-details-pages";
import type { VersionedDetails } from "./site-details-source";
import { inlineScriptHashes, pageOf, type SitePages } from "./site-pages";

/** Nothing published yet (the content domain's SEEDED_CONTENT, without importing a domain). */
const SEEDED_CONTENT = { sections: {}, changedAt: {}, featured: [] };

const built = [
  "<html><head><title>Services | Pacific Sky RPAS</title>",
  '<meta name="description" content="Pacific Sky RPAS trains pilots." />',
  '<meta property="og:site_name" content="Pacific Sky RPAS" />',
  '<script type="application/ld+json">{"old":1}</script>',
  "<style>a{}</style></head><body>",
  '<div id="root"><main>old <div>nested</div></main></div>',
  '<script type="application/json" id="app-scripts">{"entry":"/a.js","preload":[]}</script><script>L()</script>',
  "</body></html>",
].join("\n");

const changed: SiteDetails = {
  ...SEEDED_SITE_DETAILS,
  company: { ...SEEDED_SITE_DETAILS.company, name: 'Coral & "Co"' },
};

describe("withSiteDetails", () => {
  it("swaps the markup, the JSON-LD and the site name, and adds the details block", () => {
    const text = withSiteDetails(
      built,
      { html: "<main>new</main>", jsonLd: [{ new: "</script>" }] },
      changed,
    );
    expect(text).toContain('<div id="root"><main>new</main></div>');
    expect(text).not.toContain("nested");
    expect(text).toContain('<script type="application/ld+json">{"new":"\\u003c/script>"}</script>');
    expect(text).not.toContain('{"old":1}');
    expect(text).toContain('content="Coral &amp; &quot;Co&quot;"');
    expect(text).toContain("<title>Services | Coral &amp; &quot;Co&quot;</title>");
    expect(text).toContain('<meta name="description" content="Coral &amp; &quot;Co&quot; trains pilots." />');
    expect(text).toContain('<script type="application/json" id="site-details">');
    expect(text).toContain('id="app-scripts">{"entry":"/a.js","preload":[]}</script><script>L()</script>');
    expect(text).toContain("<style>a{}</style>");
  });
});

describe("siteDetailsPages", () => {
  const sitePages = (): SitePages => ({
    byPath: new Map([["/", pageOf(built)]]),
    live: new Map(),
    answered: new Map(),
    notFound: pageOf(built),
    scriptHashes: inlineScriptHashes(built),
    built: new Map([
      ["/", built],
      [NOT_FOUND_FILE, built],
    ]),
  });
  const source = (value: VersionedDetails) => ({
    current: async () => value,
    peek: () => value,
    changed: () => {},
  });

  it("serves the built pages while the details are the seeded ones, without loading the renderer", async () => {
    const pages = sitePages();
    let loads = 0;
    const details = siteDetailsPages({
      pages,
      source: source({ version: "a", details: SEEDED_SITE_DETAILS, content: SEEDED_CONTENT }),
      origin: "https://x.test",
      loadRenderer: async () => {
        loads += 1;
        throw new Error("not wanted");
      },
    });
    expect(details.upToDate()).toBe(false);
    expect(await details.refresh()).toBe(false);
    expect(loads).toBe(0);
    expect(details.upToDate()).toBe(true);
  });

  it("keeps the pages when a render fails, and does not retry the same details", async () => {
    const pages = sitePages();
    const before = pages.byPath.get("/");
    let loads = 0;
    const details = siteDetailsPages({
      pages,
      source: source({ version: "b", details: changed, content: SEEDED_CONTENT }),
      origin: "https://x.test",
      loadRenderer: async () => {
        loads += 1;
        throw new Error("renderer missing");
      },
    });
    await expect(details.refresh()).rejects.toThrow("renderer missing");
    expect(await details.refresh()).toBe(false);
    expect(loads).toBe(1);
    expect(pages.byPath.get("/")).toBe(before);
  });

  it("renders every page with the new details and lists their new inline hashes", async () => {
    const pages = sitePages();
    let value: VersionedDetails | undefined = { version: "c", details: changed, content: SEEDED_CONTENT };
    const details = siteDetailsPages({
      pages,
      source: {
        current: async () => ({ version: "c", details: changed, content: SEEDED_CONTENT }),
        peek: () => value,
        changed: () => {},
      },
      origin: "https://x.test",
      loadRenderer: async () => ({
        renderPage: async (path) => ({
          html: `<main>${path}</main>`,
          jsonLd: path.startsWith("/__") ? [] : [{ n: 1 }],
        }),
        seededSections: () => [],
      }),
    });
    const rendering = details.refresh();
    // Not up to date while the pages are being rendered, nor when the details are due to be read again.
    expect(details.upToDate()).toBe(false);
    expect(await rendering).toBe(true);
    expect(details.upToDate()).toBe(true);
    value = undefined;
    expect(details.upToDate()).toBe(false);
    value = { version: "d", details: changed, content: SEEDED_CONTENT };
    expect(details.upToDate()).toBe(false);
    expect(details.generation()).toBe(1);
    expect(String(pages.byPath.get("/")?.html)).toContain("<main>/</main>");
    expect(String(pages.notFound.html)).toContain("<main>/__not-found__</main>");
    expect(details.hashesFor("/")).toHaveLength(2);
  });
});

// The prerenderer's script list (ADR 033): Vite's entry and preloads leave the head and come back as one list that
// the inline loader reads after the first paint. The built pages are checked too when there is a build.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { LOADER, loaderTags, SCRIPT_LIST_ID, scriptListOf, takeEntryScripts } from "./paint-first";

const VITE_TEMPLATE = `<!doctype html>
<html lang="en">
  <head>
    <!--app-head-->
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/c-one.js">
    <link rel="modulepreload" crossorigin href="/assets/c-two.js">
  </head>
  <body>
    <div id="root"><!--app-html--></div>
  </body>
</html>`;

describe("takeEntryScripts", () => {
  it("takes the entry and its preloads out of the template, leaving the rest", () => {
    const taken = takeEntryScripts(VITE_TEMPLATE);
    expect(taken.entry).toBe("/assets/index-abc.js");
    expect(taken.preload).toEqual(["/assets/c-one.js", "/assets/c-two.js"]);
    expect(taken.template).not.toMatch(/<script|modulepreload/);
    expect(taken.template).toContain("<!--app-head-->");
    expect(taken.template).toContain('<div id="root"><!--app-html--></div>');
  });

  it("refuses a template without an entry script (a changed Vite output must not ship a page without scripts)", () => {
    expect(() => takeEntryScripts("<html><head></head><body></body></html>")).toThrow(/entry script/);
  });
});

describe("loaderTags and scriptListOf", () => {
  it("round-trip the page's scripts, entry first", () => {
    const tags = loaderTags({ entry: "/assets/index-abc.js", preload: ["/assets/c-one.js"] });
    expect(scriptListOf(`<body>${tags}</body>`)).toEqual(["/assets/index-abc.js", "/assets/c-one.js"]);
    expect(tags).toContain(`<script>${LOADER}</script>`);
  });

  it("cannot close the script element early whatever a path holds", () => {
    const tags = loaderTags({ entry: "/assets/</script><b>.js", preload: [] });
    expect(tags.match(/<\/script>/g)).toHaveLength(2);
    expect(scriptListOf(tags)).toEqual(["/assets/</script><b>.js"]);
  });

  it("answers nothing for a page without a list", () => {
    expect(scriptListOf("<html></html>")).toEqual([]);
  });

  it("loads only after the first paint unless the tab is hidden or paint timing is missing", () => {
    expect(LOADER).toContain('observe({type:"paint",buffered:true})');
    expect(LOADER).toContain('d.visibilityState!=="visible"');
    expect(LOADER).toContain(`getElementById("${SCRIPT_LIST_ID}")`);
  });
});

const clientDir = join(
  process.env.DIST_DIR ?? fileURLToPath(new URL("../../dist", import.meta.url)),
  "client",
);
const built = existsSync(join(clientDir, "index.html"));

function htmlFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === "assets") return [];
    if (statSync(path).isDirectory()) return htmlFiles(path);
    return name.endsWith(".html") ? [path] : [];
  });
}

describe("the built pages", () => {
  if (!built) {
    it.skip(`skipped: ${clientDir} is not built (\`npm test\` builds first)`, () => {});
    return;
  }
  const pages = htmlFiles(clientDir);

  it("request no script from the head: every page lists its scripts for the loader instead", () => {
    expect(pages.length).toBeGreaterThan(20);
    for (const page of pages) {
      const html = readFileSync(page, "utf8");
      const head = html.slice(0, html.indexOf("</head>"));
      expect(head, page).not.toMatch(/<script[^>]*\bsrc=|rel="modulepreload"/);
      const scripts = scriptListOf(html);
      expect(scripts[0], page).toMatch(/^\/assets\/index-[\w-]+\.js$/);
      for (const script of scripts)
        expect(existsSync(join(clientDir, script)), `${page}: ${script}`).toBe(true);
      expect(html, page).toContain(`<script>${LOADER}</script>`);
    }
  });
});

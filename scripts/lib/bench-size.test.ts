// The pages' JS budgets (LANDING_JS_BUDGET_BYTES, PAGE_JS_BUDGET_BYTES) as tests, plus the measurement's own logic on a tiny fake build.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { ROUTES } from "../../shared/routes";
import {
  everyPageBytes,
  formatKiB,
  LANDING_JS_BUDGET_BYTES,
  landingPageBytes,
  PAGE_JS_BUDGET_BYTES,
} from "./bench-size";
import { loaderTags } from "./paint-first";

const distDir = process.env.DIST_DIR ?? fileURLToPath(new URL("../../dist", import.meta.url));
const clientDir = join(distDir, "client");
const MAX_LANDING_JS_FILES = 6;
const built = existsSync(join(clientDir, "index.html")) && existsSync(join(clientDir, ".vite/manifest.json"));

describe("landingPageBytes on a fake build", () => {
  const dir = mkdtempSync(join(tmpdir(), "bench-size-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const write = (path: string, text: string) => {
    mkdirSync(join(dir, path, ".."), { recursive: true });
    writeFileSync(join(dir, path), text);
  };
  const gz = (text: string) => gzipSync(Buffer.from(text), { level: 9 }).length;
  const files = {
    "assets/entry.js": "import './shared.js'; console.log('entry');",
    "assets/shared.js": "export const shared = 1;",
    "assets/home.js": "import './shared.js'; import './icon.js'; export default 1;",
    "assets/icon.js": "export const icon = '<svg/>';",
    "assets/lazy.js": "export const lazy = 'never loaded by the landing page';",
    "assets/index.css": "body{margin:0}",
    "assets/home.css": ".home{color:red}",
  };
  for (const [path, text] of Object.entries(files)) write(path, text);
  const html = [
    '<html><head><link rel="modulepreload" crossorigin href="/assets/home.js" />',
    '<script type="module" crossorigin src="/assets/entry.js"></script>',
    '<link rel="stylesheet" crossorigin href="/assets/index.css"></head><body></body></html>',
  ].join("\n");
  write("index.html", html);
  write(
    ".vite/manifest.json",
    JSON.stringify({
      "index.html": {
        file: "assets/entry.js",
        imports: ["_shared.js"],
        dynamicImports: ["home.tsx", "lazy.tsx"],
      },
      "_shared.js": { file: "assets/shared.js" },
      "home.tsx": { file: "assets/home.js", imports: ["_shared.js", "_icon.js"], css: ["assets/home.css"] },
      "_icon.js": { file: "assets/icon.js", imports: ["index.html"] },
      "lazy.tsx": { file: "assets/lazy.js", imports: ["_shared.js"] },
    }),
  );

  it("counts the entry, the preloads and their static imports once each, but no lazy chunk", () => {
    const bytes = landingPageBytes(dir);
    const js = ["entry", "shared", "home", "icon"].map((name) =>
      gz(files[`assets/${name}.js` as keyof typeof files]),
    );
    expect(bytes.js).toBe(js.reduce((a, b) => a + b, 0));
    expect(bytes.files.map((file) => file.file)).not.toContain("assets/lazy.js");
    expect(bytes.css).toBe(gz(files["assets/index.css"]) + gz(files["assets/home.css"]));
    expect(bytes.html).toBe(gz(html));
  });

  it("does not count the entry's stylesheet twice once it is inlined into the HTML", () => {
    const inlined = html.replace(
      /<link rel="stylesheet"[^>]*>/,
      `<style>${files["assets/index.css"]}</style>`,
    );
    const sub = join(dir, "inlined");
    mkdirSync(join(sub, ".vite"), { recursive: true });
    mkdirSync(join(sub, "assets"), { recursive: true });
    for (const [path, text] of Object.entries(files)) writeFileSync(join(sub, path), text);
    writeFileSync(join(sub, "index.html"), inlined);
    writeFileSync(join(sub, ".vite/manifest.json"), readFileSync(join(dir, ".vite/manifest.json")));
    const bytes = landingPageBytes(sub);
    expect(bytes.css).toBe(gz(files["assets/home.css"]));
    expect(bytes.html).toBe(gz(inlined));
  });

  it("counts the scripts a page lists for its after-paint loader (ADR 033) as the tags they replace", () => {
    const listed = html
      .replace(/<link rel="modulepreload"[^>]*>\n?/, "")
      .replace(/<script type="module"[^>]*><\/script>\n?/, "")
      .replace(
        "</body>",
        `${loaderTags({ entry: "/assets/entry.js", preload: ["/assets/home.js"] })}</body>`,
      );
    const sub = join(dir, "listed");
    mkdirSync(join(sub, ".vite"), { recursive: true });
    mkdirSync(join(sub, "assets"), { recursive: true });
    for (const [path, text] of Object.entries(files)) writeFileSync(join(sub, path), text);
    writeFileSync(join(sub, "index.html"), listed);
    writeFileSync(join(sub, ".vite/manifest.json"), readFileSync(join(dir, ".vite/manifest.json")));
    expect(landingPageBytes(sub).js).toBe(landingPageBytes(dir).js);
  });

  it("says how to build when there is no build", () => {
    expect(() => landingPageBytes(join(dir, "missing"))).toThrow(/npm run build/);
  });
});

describe("the landing page's JS budget", () => {
  if (!built) {
    it.skip(`skipped: ${clientDir} is not built (run \`npm run build\`; \`npm test\` builds first)`, () => {});
    return;
  }
  it(`loads at most ${formatKiB(LANDING_JS_BUDGET_BYTES)} of gzipped JS up front`, () => {
    const bytes = landingPageBytes(clientDir);
    const breakdown = bytes.files
      .filter((file) => file.kind === "js")
      .sort((a, b) => b.gzipBytes - a.gzipBytes)
      .map((file) => `  ${formatKiB(file.gzipBytes).padStart(9)}  ${file.file}`)
      .join("\n");
    expect(bytes.js, `landing JS is ${formatKiB(bytes.js)} gzipped:\n${breakdown}`).toBeLessThanOrEqual(
      LANDING_JS_BUDGET_BYTES,
    );
  });

  // Each file is a round trip on a mobile network; vite.config.ts groups what the landing page shares (ADR 011).
  it("loads that JS in a handful of files", () => {
    const files = landingPageBytes(clientDir).files.filter((file) => file.kind === "js");
    expect(files.length, files.map((file) => file.file).join("\n")).toBeLessThanOrEqual(MAX_LANDING_JS_FILES);
  });
});

describe("every other page's JS budget", () => {
  if (!built) {
    it.skip(`skipped: ${clientDir} is not built`, () => {});
    return;
  }
  const pages = everyPageBytes(
    clientDir,
    ROUTES.map((route) => route.path),
  ).filter((page) => page.path !== "/");

  it("covers the service, enrollment, payment, portal, schedule and verify pages and the 404 page", () => {
    const paths = pages.map((page) => page.path);
    for (const path of [
      "/service/mapping",
      "/enroll/basic",
      "/subscribe",
      "/payment",
      "/portal",
      "/schedule",
    ]) {
      expect(paths).toContain(path);
    }
    expect(paths).toEqual(expect.arrayContaining(["/verify", "404"]));
    expect(paths).not.toContain("/admin/dashboard");
  });

  it.each(pages.map((page) => [page.path, page] as const))(
    `%s loads at most ${formatKiB(PAGE_JS_BUDGET_BYTES)} of gzipped JS up front`,
    (_path, page) => {
      expect(page.budget).toBe(PAGE_JS_BUDGET_BYTES);
      expect(page.js, `${page.path}: ${formatKiB(page.js)}`).toBeLessThanOrEqual(PAGE_JS_BUDGET_BYTES);
    },
  );
});

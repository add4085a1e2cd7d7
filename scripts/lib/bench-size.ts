// Transfer size of the landing page as a first visit downloads it: the prerendered HTML, the stylesheets, and
// every JS file it loads up front (entry script, modulepreloads, and the chunks those import statically), each
// gzipped at level 9. Lazy chunks (other routes, the toaster) are not counted: they load only when used. CSS
// inlined into the HTML counts as HTML.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { ROUTES } from "../../shared/routes";
import { scriptListOf } from "./paint-first";

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface SizedFile {
  /** Path under the client directory, e.g. "assets/index-abc123.js". */
  file: string;
  kind: "js" | "css" | "html";
  rawBytes: number;
  gzipBytes: number;
}

export interface LandingBytes {
  /** Gzipped bytes of all JS the landing page loads up front. */
  js: number;
  css: number;
  html: number;
  files: SizedFile[];
}

const gzippedSize = (data: Buffer) => gzipSync(data, { level: 9 }).length;

function attributeValues(html: string, tag: RegExp, attribute: string): string[] {
  const values: string[] = [];
  for (const [element] of html.matchAll(tag)) {
    const value = new RegExp(`\\b${attribute}="([^"]+)"`).exec(element)?.[1];
    if (value) values.push(value);
  }
  return values;
}

/**
 * The page's own references: its script list (loaded after the first paint, scripts/lib/paint-first.ts),
 * `<script type="module" src>`, `<link rel="modulepreload">`, stylesheets.
 */
export function referencedAssets(html: string): { scripts: string[]; stylesheets: string[] } {
  const scripts = [
    ...scriptListOf(html),
    ...attributeValues(html, /<script\b[^>]*\btype="module"[^>]*>/g, "src"),
    ...attributeValues(html, /<link\b[^>]*\brel="modulepreload"[^>]*>/g, "href"),
  ];
  const stylesheets = attributeValues(html, /<link\b[^>]*\brel="stylesheet"[^>]*>/g, "href");
  return { scripts, stylesheets };
}

const toRelative = (url: string) => url.replace(/^\//, "").split(/[?#]/)[0] ?? "";

/** The landing page's transfer size (see pageBytes). */
export function landingPageBytes(clientDir: string): LandingBytes {
  return pageBytes(clientDir, "index.html");
}

/** Transfer size of one prerendered page (`htmlFile` under the client directory) on a first visit. */
export function pageBytes(clientDir: string, htmlFile: string): LandingBytes {
  const htmlPath = join(clientDir, htmlFile);
  const manifestPath = join(clientDir, ".vite/manifest.json");
  if (!existsSync(htmlPath) || !existsSync(manifestPath)) {
    throw new Error(
      `${clientDir} has no built site (index.html and .vite/manifest.json): run \`npm run build\``,
    );
  }
  const html = readFileSync(htmlPath);
  const manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as Manifest;
  const keyByFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));

  const { scripts, stylesheets } = referencedAssets(html.toString("utf8"));
  const jsFiles = new Set<string>();
  const cssFiles = new Set(stylesheets.map(toRelative));
  const visit = (file: string) => {
    if (jsFiles.has(file)) return;
    jsFiles.add(file);
    const chunk = manifest[keyByFile.get(file) ?? ""];
    // Vite loads a lazy chunk's CSS with the chunk; the entry's CSS only through the page's own <link> (which the
    // prerenderer may have inlined into the HTML, where it is already counted).
    if (!chunk?.isEntry) for (const css of chunk?.css ?? []) cssFiles.add(css);
    for (const key of chunk?.imports ?? []) {
      const imported = manifest[key]?.file;
      if (imported) visit(imported);
    }
  };
  for (const script of scripts) visit(toRelative(script));

  const files: SizedFile[] = [
    { file: htmlFile, kind: "html", rawBytes: html.length, gzipBytes: gzippedSize(html) },
  ];
  for (const [kind, set] of [
    ["js", jsFiles],
    ["css", cssFiles],
  ] as const) {
    for (const file of [...set].sort()) {
      const data = readFileSync(join(clientDir, file));
      files.push({ file, kind, rawBytes: data.length, gzipBytes: gzippedSize(data) });
    }
  }
  const total = (kind: SizedFile["kind"]) =>
    files.filter((file) => file.kind === kind).reduce((sum, file) => sum + file.gzipBytes, 0);
  return { js: total("js"), css: total("css"), html: total("html"), files };
}

/**
 * 120 KB until issue 14; 112 KB once tailwind-merge left the pages (ADR 033); 90 KB on another runtime (ADR 042); issue 30's
 * 100 KB with React itself (ADR 047).
 */
export const LANDING_JS_BUDGET_BYTES = 100 * 1024;

/** Issue 30: every other page a visitor may open (all but the staff dashboard) loads at most this much script. */
export const PAGE_JS_BUDGET_BYTES = 130 * 1024;

/** Issue 30: what a page has loaded once each of its forms was first focused (form libraries, schemas, parts). */
export const FOCUSED_JS_BUDGET_BYTES = 170 * 1024;

/** The staff's own screens, behind sign-in, are not held to the public pages' budget. */
export const STAFF_ONLY_PAGES: ReadonlySet<string> = new Set(["/admin/dashboard"]);

/** Every prerendered page a visitor may open (shared/routes.ts, the staff dashboard aside). */
export const PUBLIC_PAGES = ROUTES.map((route) => route.path).filter((path) => !STAFF_ONLY_PAGES.has(path));

export interface PageBytes extends LandingBytes {
  path: string;
  budget: number;
}

/** The prerendered file of a page's path ("404" for the not-found page). */
export const pageFileOf = (path: string) =>
  path === "/" ? "index.html" : path === "404" ? "404.html" : `${path.slice(1)}/index.html`;

/**
 * Every prerendered page with its script budget (the landing page's own, or the public pages'), by path; a path the
 * build has no page for (an older build measured for comparison) is left out.
 */
/** Gzipped bytes of one built file (level 9, as every figure here). */
export const gzippedFileSize = (path: string) => gzippedSize(readFileSync(path));

/** Gzipped bytes of built files, by path under the client directory ("assets/..."). */
export const gzippedFilesSize = (clientDir: string, files: Iterable<string>) =>
  [...files].reduce((sum, file) => sum + gzippedFileSize(join(clientDir, file)), 0);

export function everyPageBytes(clientDir: string, paths: readonly string[]): PageBytes[] {
  return [...paths, "404"]
    .filter((path) => !STAFF_ONLY_PAGES.has(path) && existsSync(join(clientDir, pageFileOf(path))))
    .map((path) => {
      const budget = path === "/" ? LANDING_JS_BUDGET_BYTES : PAGE_JS_BUDGET_BYTES;
      return { path, budget, ...pageBytes(clientDir, pageFileOf(path)) };
    });
}

export function formatKiB(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

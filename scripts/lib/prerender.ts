// Renders every route of the route table (and the 404 page) to static HTML with its own head tags, so crawlers
// and first paint get the full text before any script runs; the client then hydrates it.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { COMPANY } from "../../shared/company";
import { htmlFileFor, NOT_FOUND_FILE, ORIGIN_PLACEHOLDER } from "../../shared/routes";
import { EARLY_INPUT } from "../../web/lib/early-input";
import { loaderTags, takeEntryScripts } from "./paint-first";

interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

interface ServerEntry {
  render(path: string): Promise<{ html: string; meta: { title: string; description: string } }>;
  structuredDataFor(path: string, origin: string): object[];
  ROUTE_TABLE: readonly { path: string; module: string; indexable: boolean }[];
}

export function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/** The route's chunk and the chunks it imports, minus what the entry script already pulls in. */
function preloadsFor(manifest: Manifest, module: string | undefined): string[] {
  if (!module) return [];
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  const skip = new Set<string>();
  const walk = (key: string, into: Set<string>) => {
    const chunk = manifest[key];
    if (!chunk || into.has(key)) return;
    into.add(key);
    for (const dep of chunk.imports ?? []) walk(dep, into);
  };
  if (entryKey) walk(entryKey, skip);
  if (!manifest[module]) throw new Error(`Route module ${module} is not in Vite's manifest`);
  const wanted = new Set<string>();
  walk(module, wanted);
  return [...wanted].filter((key) => !skip.has(key)).map((key) => `/${manifest[key]?.file}`);
}

function headFor(
  path: string | null,
  meta: { title: string; description: string },
  indexable: boolean,
  jsonLd: object[],
): string {
  const url = `${ORIGIN_PLACEHOLDER}${path ?? "/"}`;
  const tags = [
    `<title>${escapeHtml(meta.title)}</title>`,
    `<meta name="description" content="${escapeHtml(meta.description)}" />`,
    indexable ? "" : `<meta name="robots" content="noindex" />`,
    path ? `<link rel="canonical" href="${url}" />` : "",
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="${COMPANY.name}" />`,
    `<meta property="og:locale" content="en_FJ" />`,
    `<meta property="og:title" content="${escapeHtml(meta.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(meta.description)}" />`,
    path ? `<meta property="og:url" content="${url}" />` : "",
    `<meta property="og:image" content="${ORIGIN_PLACEHOLDER}/og-image.png" />`,
    `<meta name="twitter:card" content="summary_large_image" />`,
    // '<' is escaped so the JSON can never close the script element early.
    ...jsonLd.map(
      (data) =>
        `<script type="application/ld+json">${JSON.stringify(data).replace(/</g, "\\u003c")}</script>`,
    ),
  ];
  return tags.filter(Boolean).join("\n    ");
}

/**
 * The whole stylesheet is ~10 KB gzipped: inlining it saves the render-blocking request, which is most of the
 * first paint on a slow mobile connection. (style-src allows inline styles; scripts stay external.)
 */
function inlineStylesheets(template: string, clientDir: string): string {
  return template.replace(
    /<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g,
    (_tag, file: string) => {
      const css = readFileSync(join(clientDir, file), "utf8");
      return `<style>${css.replace(/<\/style/gi, "<\\/style")}</style>`;
    },
  );
}

export async function prerender(dist: string): Promise<number> {
  const clientDir = join(dist, "client");
  // The scripts leave the head: each page lists them for the loader that runs after its first paint.
  const {
    template,
    entry: entryScript,
    preload,
  } = takeEntryScripts(readFileSync(join(clientDir, "index.html"), "utf8"));
  const manifest = JSON.parse(readFileSync(join(clientDir, ".vite/manifest.json"), "utf8")) as Manifest;
  const entry = (await import(pathToFileURL(join(dist, "ssr/entry-server.js")).href)) as ServerEntry;

  const targets = [
    ...entry.ROUTE_TABLE.map((route) => ({ ...route, file: htmlFileFor(route.path) })),
    { path: null, module: undefined, indexable: false, file: NOT_FOUND_FILE },
  ];
  for (const target of targets) {
    const { html, meta } = await entry.render(target.path ?? "/__not-found__");
    const jsonLd = target.path ? entry.structuredDataFor(target.path, ORIGIN_PLACEHOLDER) : [];
    const head = headFor(target.path, meta, target.indexable, jsonLd);
    const scripts = loaderTags({
      entry: entryScript,
      preload: [...preload, ...preloadsFor(manifest, target.module)],
    });
    const page = inlineStylesheets(template, clientDir)
      // First in the head, before anything can be clicked: keeps a click or submit made before the page's script runs.
      .replace(/(<meta charset="UTF-8" \/>)/, `$1\n    <script>${EARLY_INPUT}</script>`)
      .replace("<!--app-head-->", head)
      .replace("<!--app-html-->", html)
      .replace("</body>", `${scripts}\n  </body>`);
    if (!page.includes(EARLY_INPUT))
      throw new Error("The page template has no <meta charset> for the form hold");
    const out = join(clientDir, target.file);
    mkdirSync(dirname(out), { recursive: true });
    writeFileSync(out, page);
  }
  return targets.length;
}

// The built pages show the seeded company details and prices; once the owner saves others (ADR 036), every page is
// rendered again with the site's own server renderer (dist/ssr/entry-server.js, the one the build prerenders with)
// and the results replace the served pages. Each page also carries the details as a JSON block, which the browser
// applies before it hydrates (shared/served-details.ts), so both sides render the same text.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { SITE_CONTENT_ELEMENT_ID } from "../../shared/content/served-content";
import type { TextValue } from "../../shared/content/text-tree";
import { NOT_FOUND_FILE } from "../../shared/routes";
import { SEEDED_SITE_DETAILS, SITE_DETAILS_ELEMENT_ID, type SiteDetails } from "../../shared/site-details";
import { quickPage, recompress } from "./live-pages";
import { escapeHtml } from "./plain-page";
import type { SiteDetailsSource, VersionedDetails } from "./site-details-source";
import { inlineScriptHashes, pageOf, placePage, type SitePages } from "./site-pages";

/** What a page is rendered with (web/entry-server.tsx's PageState). */
export interface PageState {
  details: SiteDetails;
  sections: Record<string, TextValue>;
  featured: unknown[];
}

/** What the server entry of the built site offers for this (web/entry-server.tsx). */
export interface PageRenderer {
  /** The page and its JSON-LD rendered with `state` (applied and rendered in one synchronous step). */
  renderPage(path: string, state: PageState, origin: string): Promise<{ html: string; jsonLd: object[] }>;
  /** Every content section with its seeded text (ADR 058). */
  seededSections(): { id: string; title: string; paths: string[]; seeded: TextValue }[];
}

/** The content block of a page: null while nothing differs from the seeded content. */
export function contentBlockOf(state: Pick<PageState, "sections" | "featured">) {
  return Object.keys(state.sections).length === 0 && state.featured.length === 0
    ? null
    : { sections: state.sections, featured: state.featured };
}

export async function loadPageRenderer(clientDir: string): Promise<PageRenderer> {
  const file = join(clientDir, "..", "ssr", "entry-server.js");
  if (!existsSync(file)) throw new Error(`The site is not built (missing ${file}): run \`npm run build\`.`);
  return (await import(pathToFileURL(file).href)) as PageRenderer;
}

const ROOT_OPEN = '<div id="root">';
const SCRIPT_LIST = '<script type="application/json" id="app-scripts"';
const JSON_LD = /<script type="application\/ld\+json">[\s\S]*?<\/script>/g;
/** The head's text that names the company: the title, and the description and Open Graph title/description. */
const NAMED_TEXT =
  /<title>[^<]*<\/title>|<meta (?:name="description"|property="og:(?:title|description)") content="[^"]*"/g;
const SITE_NAME = /(<meta property="og:site_name" content=")[^"]*(")/;
/** The built share image's address (origin included) in og:image and twitter:image (ADR 060). */
const SHARE_IMAGE = /(<meta (?:property="og:image"|name="twitter:image") content="[^"]*?)\/og-image\.png(")/g;
/** '<' is escaped so the JSON can never close the script element early. */
const jsonBlock = (attributes: string, data: unknown) =>
  `<script ${attributes}>${JSON.stringify(data).replace(/</g, "\\u003c")}</script>`;

/**
 * A built page with the app's markup, JSON-LD and site name rendered with `details`, the details block, and the
 * content block when the content differs from the seeded one.
 */
export function withSiteDetails(
  text: string,
  rendered: { html: string; jsonLd: readonly object[] },
  details: SiteDetails,
  content: object | null = null,
): string {
  const headEnd = text.indexOf("</head>");
  let head = text.slice(0, headEnd);
  let body = text.slice(headEnd);
  const blocks = rendered.jsonLd.map((data) => jsonBlock('type="application/ld+json"', data)).join("");
  const firstLd = head.search(JSON_LD);
  head = head.replace(JSON_LD, "");
  head = firstLd < 0 ? head + blocks : head.slice(0, firstLd) + blocks + head.slice(firstLd);
  head = head.replace(
    SITE_NAME,
    (_match, open: string, close: string) => open + escapeHtml(details.company.name) + close,
  );
  // The titles and descriptions were written with the seeded name (shared/routes.ts, page-descriptions.ts).
  const seededName = escapeHtml(SEEDED_SITE_DETAILS.company.name);
  const name = escapeHtml(details.company.name);
  head = head.replace(NAMED_TEXT, (tag) => tag.replaceAll(seededName, () => name));
  const shareImage = details.brand?.shareImage;
  if (shareImage)
    head = head.replace(SHARE_IMAGE, (_match, open: string, close: string) => open + shareImage + close);
  head += jsonBlock(`type="application/json" id="${SITE_DETAILS_ELEMENT_ID}"`, details);
  if (content) head += jsonBlock(`type="application/json" id="${SITE_CONTENT_ELEMENT_ID}"`, content);
  // The root's markup ends at the last </div> before the page's script list (scripts/lib/paint-first.ts).
  const start = body.indexOf(ROOT_OPEN);
  if (start < 0) throw new Error("A built page has no #root element");
  const anchor = body.indexOf(SCRIPT_LIST) >= 0 ? body.indexOf(SCRIPT_LIST) : body.lastIndexOf("</body>");
  const end = body.lastIndexOf("</div>", anchor);
  body = body.slice(0, start + ROOT_OPEN.length) + rendered.html + body.slice(end);
  return head + body;
}

export interface SiteDetailsPages {
  /** Brings the served pages up to the current details; answers whether they changed. */
  refresh(): Promise<boolean>;
  /** Whether refresh() would have nothing to do now: the details are at hand and the pages show them. */
  upToDate(): boolean;
  /** Counts the times the served pages changed: a cache of filled live pages is stale when it moved. */
  generation(): number;
  /** The CSP hashes of a page's inline blocks that the built pages did not have (its JSON-LD, its details). */
  hashesFor(path: string): string[];
}

export function siteDetailsPages(options: {
  pages: SitePages;
  source: SiteDetailsSource;
  origin: string;
  loadRenderer: () => Promise<PageRenderer>;
}): SiteDetailsPages {
  const { pages, source } = options;
  const seeded = JSON.stringify(SEEDED_SITE_DETAILS);
  const builtHashes = new Set(pages.scriptHashes);
  let shown: string | null = null;
  let renderer: Promise<PageRenderer> | null = null;
  let hashes = new Map<string, string[]>();
  let allHashes: string[] = [];
  let running: Promise<boolean> | null = null;
  let generation = 0;

  const show = async ({ version, details, content }: VersionedDetails): Promise<boolean> => {
    const state: PageState = { details, sections: content.sections, featured: content.featured };
    const block = contentBlockOf(state);
    const asBuilt = JSON.stringify(details) === seeded && block === null;
    if (shown === null && asBuilt) {
      shown = version;
      return false;
    }
    const texts = new Map<string, string>();
    if (asBuilt) for (const [path, text] of pages.built) texts.set(path, text);
    else {
      renderer ??= options.loadRenderer();
      const render = await renderer;
      for (const [path, text] of pages.built) {
        const notFound = path === NOT_FOUND_FILE;
        const rendered = await render.renderPage(notFound ? "/__not-found__" : path, state, options.origin);
        texts.set(path, withSiteDetails(text, rendered, details, block));
      }
    }
    const nextHashes = new Map<string, string[]>();
    for (const [path, text] of texts) {
      nextHashes.set(
        path,
        [...new Set(inlineScriptHashes(text))].filter((hash) => !builtHashes.has(hash)),
      );
      const quick = (value: string) => {
        const page = quickPage(value);
        recompress(page).catch(() => {
          // The quick compression stays; it is valid, only larger.
        });
        return page;
      };
      if (path === NOT_FOUND_FILE) pages.notFound = asBuilt ? pageOf(text) : quick(text);
      else placePage(pages, path, text, quick);
    }
    hashes = nextHashes;
    allHashes = [...new Set([...nextHashes.values()].flat())];
    shown = version;
    generation += 1;
    return true;
  };

  return {
    async refresh() {
      // One render at a time: the renderer's details are global to it.
      while (running) await running;
      const current = await source.current();
      const { version } = current;
      if (version === shown) return false;
      running = show(current)
        .catch((error: unknown) => {
          // Not tried again for this version: the pages shown so far stay, and the next change tries anew.
          shown = version;
          throw error;
        })
        .finally(() => {
          running = null;
        });
      return running;
    },
    upToDate() {
      return running === null && source.peek()?.version === shown;
    },
    generation: () => generation,
    hashesFor(path) {
      return hashes.get(path) ?? allHashes;
    },
  };
}

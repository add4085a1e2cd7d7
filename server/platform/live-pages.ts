// Pages with live slots (ADR 029): the prerendered page is a template whose slots the server fills, per request,
// from a live data source (the training schedule), using the renderer built with the site (web/entry-live.tsx).
// A filled page is kept while the data's version stands, so serving it costs a lookup; a new version is rendered
// and compressed quickly at once, then recompressed at the best level in the background.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { compressBothLater } from "./compress";
import { etagOf, inlineScriptHashes, LIVE_SLOT, type LiveTemplate, type Page } from "./site-pages";

export interface LiveData {
  /** Changes whenever `data` does. */
  version: string;
  data: unknown;
}

export interface LiveSource {
  /** The current data, which the source may keep for a few seconds. */
  current(): Promise<LiveData>;
  /**
   * What current() would answer at once, without waiting, or undefined when it is due to be read (or being read):
   * the front door answers a page in the same turn when everything it shows is at hand (ADR 043).
   */
  peek(): LiveData | undefined;
  /** Something it shows may have changed: the next current() reads it afresh. */
  changed(): void;
}

/** What web/entry-live.tsx answers for one page. */
interface RenderedSlots {
  html: Record<string, string>;
  jsonLd: object | null;
}

export interface SlotRenderer {
  renderSlots(slots: readonly string[], data: unknown, origin: string): RenderedSlots;
}

export interface LivePage {
  page: Page;
  /** CSP hash of the page's live JSON-LD, which changes with the data. */
  scriptHashes: string[];
}

/**
 * The slot renderer of the built site, beside the client files (dist/ssr/entry-live.js); it also renders the
 * certificate check's answer (`T`, server/certificates/verify-routes.ts).
 */
export async function loadSlotRenderer<T = SlotRenderer>(clientDir: string): Promise<T> {
  const file = join(clientDir, "..", "ssr", "entry-live.js");
  if (!existsSync(file)) throw new Error(`The site is not built (missing ${file}): run \`npm run build\`.`);
  return (await import(pathToFileURL(file).href)) as T;
}

/** The template with each slot's HTML in place, and the slots' JSON-LD at the end of the head. */
export function fillTemplate(
  template: LiveTemplate,
  rendered: RenderedSlots,
): { text: string; scriptHashes: string[] } {
  // '<' is escaped so the JSON can never close the script element early.
  const jsonLd = rendered.jsonLd
    ? `<script type="application/ld+json">${JSON.stringify(rendered.jsonLd).replace(/</g, "\\u003c")}</script>`
    : "";
  // Replacement functions, not strings: a '$' in the content must stay a '$'.
  const text = template.text
    // The marker stays in front: it tells the browser the container holds the server's list (live-intakes.tsx).
    .replace(LIVE_SLOT, (marker, slot: string) => marker + (rendered.html[slot] ?? ""))
    .replace("</head>", () => `${jsonLd}</head>`);
  return { text, scriptHashes: inlineScriptHashes(jsonLd) };
}

const QUICK_BROTLI = { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } };

/**
 * A page compressed quickly (~5 ms for the landing page), each encoding on its first request: a start does not
 * compress the 27 pages before it answers (ADR 039). `recompress` brings it to the best level later.
 */
export function quickPage(text: string): Page {
  const html = Buffer.from(text);
  let br: Buffer | undefined;
  let gzip: Buffer | undefined;
  return {
    html,
    etag: etagOf(html),
    get br() {
      br ??= brotliCompressSync(html, QUICK_BROTLI);
      return br;
    },
    set br(best) {
      br = best;
    },
    get gzip() {
      gzip ??= gzipSync(html, { level: 6 });
      return gzip;
    },
    set gzip(best) {
      gzip = best;
    },
  };
}

/** The page's best compression; the same bytes once decoded, so the ETag stands. */
export async function recompress(page: Page): Promise<void> {
  const { br, gz } = await compressBothLater(page.html);
  page.br = br;
  page.gzip = gz;
}

/**
 * Brings pages compressed by quickPage to the best level one at a time, off the main thread: the server's start
 * serves its pages quick first and calls this once it answers, so the work never takes both cores (ADR 039).
 */
export async function recompressInTurn(pages: Iterable<Page>): Promise<void> {
  for (const page of pages) {
    await recompress(page).catch(() => {
      // The quick compression stays; it is valid, only larger.
    });
  }
}

export interface LivePages {
  /** The page filled with the current data (read or rendered first when needed). */
  fill(path: string): Promise<LivePage>;
  /** The page already filled with the data at hand, without waiting; undefined when fill() has work to do. */
  filledNow(path: string): LivePage | undefined;
}

export function livePages(options: {
  templates: ReadonlyMap<string, LiveTemplate>;
  renderer: SlotRenderer;
  source: LiveSource;
  origin: string;
}): LivePages {
  const filled = new Map<string, { version: string; page: LivePage }>();
  const filledNow = (path: string): LivePage | undefined => {
    const current = options.source.peek();
    const known = filled.get(path);
    return current && known?.version === current.version ? known.page : undefined;
  };
  const fill = async (path: string): Promise<LivePage> => {
    const template = options.templates.get(path);
    if (!template) throw new Error(`${path} has no live slots`);
    let current: LiveData;
    try {
      current = await options.source.current();
    } catch (error) {
      // The data could not be read: the last filled page is better than none.
      const last = filled.get(path);
      if (last) return last.page;
      throw error;
    }
    const known = filled.get(path);
    if (known?.version === current.version) return known.page;
    const { text, scriptHashes } = fillTemplate(
      template,
      options.renderer.renderSlots(template.slots, current.data, options.origin),
    );
    const page = { page: quickPage(text), scriptHashes };
    filled.set(path, { version: current.version, page });
    recompress(page.page).catch(() => {
      // The quick compression stays; it is valid, only larger.
    });
    return page;
  };
  return { fill, filledNow };
}

// The prerendered pages, loaded once at boot: the PUBLIC_URL origin is written into canonical and Open Graph tags,
// the inline JSON-LD blocks are hashed for the CSP, and each page is compressed once instead of per request.
// A page with live slots (<!--live:name-->, ADR 029) is kept as a template too; live-pages.ts fills it per request.
// A page with an answer slot (<!--answer:name-->) is a template that a route of its own fills (the certificate check).
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { htmlFileFor, NOT_FOUND_FILE, ORIGIN_PLACEHOLDER, ROUTES } from "../../shared/routes";
import { compressBoth } from "./compress";

export interface Page {
  html: Buffer;
  br: Buffer;
  gzip: Buffer;
  etag: string;
}

/** A page with live slots: its text (origin filled in) and the names of its slots, in page order. */
export interface LiveTemplate {
  text: string;
  slots: string[];
}

export interface SitePages {
  /** Pages served as they were built. */
  byPath: Map<string, Page>;
  /** Pages whose live slots are filled at each request (live-pages.ts). */
  live: Map<string, LiveTemplate>;
  /** Pages whose own route puts an answer at their ANSWER_SLOT per request (server/certificates/verify-routes.ts). */
  answered: Map<string, string>;
  notFound: Page;
  /** CSP source expressions ('sha256-…') of every inline script across the pages. */
  scriptHashes: string[];
  /** Each page's text as built (origin filled in), by route path and NOT_FOUND_FILE: site-details-pages.ts renders
   * them again with the owner's company details (ADR 036) and puts the results in the maps above. */
  built: ReadonlyMap<string, string>;
}

const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g;
/** The marker a live slot's container holds in a prerendered page (web/features/schedule/live-intakes.tsx). */
export const LIVE_SLOT = /<!--live:([a-z-]+)-->/g;
/** Where a page's route puts its answer (web/components/layout/answer-slot.tsx). */
export const ANSWER_SLOT = /<!--answer:[a-z-]+-->/;

export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(INLINE_SCRIPT)].map(
    (match) =>
      `sha256-${createHash("sha256")
        .update(match[1] ?? "")
        .digest("base64")}`,
  );
}

/** A strong ETag of a page's bytes: it changes whenever the content does. */
export function etagOf(html: Buffer): string {
  return `"${createHash("sha256").update(html).digest("base64url").slice(0, 27)}"`;
}

/** A page as it is sent: its bytes, compressed once (brotli at its best, gzip level 9), and its ETag. */
export function pageOf(text: string): Page {
  const html = Buffer.from(text);
  const { br, gz } = compressBoth(html);
  return { html, br, gzip: gz, etag: etagOf(html) };
}

/**
 * `toPage` compresses each page: at the best level by default; the server's start compresses quickly and
 * recompresses once it answers, as 28 pages at brotli's best level take 1.5 s (ADR 039).
 */
export function loadSitePages(
  clientDir: string,
  origin: string,
  toPage: (text: string) => Page = pageOf,
): SitePages {
  const missing = [...ROUTES.map((r) => htmlFileFor(r.path)), NOT_FOUND_FILE].filter(
    (file) => !existsSync(join(clientDir, file)),
  );
  if (missing.length > 0) {
    throw new Error(`The site is not built (missing ${missing[0]} in ${clientDir}): run \`npm run build\`.`);
  }
  const hashes = new Set<string>();
  const read = (file: string) => {
    const text = readFileSync(join(clientDir, file), "utf8").replaceAll(ORIGIN_PLACEHOLDER, origin);
    for (const hash of inlineScriptHashes(text)) hashes.add(hash);
    return text;
  };
  const built = new Map<string, string>();
  for (const route of ROUTES) built.set(route.path, read(htmlFileFor(route.path)));
  built.set(NOT_FOUND_FILE, read(NOT_FOUND_FILE));
  const pages: SitePages = {
    byPath: new Map(),
    live: new Map(),
    answered: new Map(),
    notFound: toPage(built.get(NOT_FOUND_FILE) ?? ""),
    scriptHashes: [...hashes].sort(),
    built,
  };
  for (const [path, text] of built) if (path !== NOT_FOUND_FILE) placePage(pages, path, text, toPage);
  return pages;
}

/** Puts a page's text where its kind of page is served from: answered, live, or as it is. */
export function placePage(
  pages: SitePages,
  path: string,
  text: string,
  toPage: (text: string) => Page,
): void {
  const slots = [...text.matchAll(LIVE_SLOT)].map((match) => match[1] ?? "");
  if (ANSWER_SLOT.test(text)) pages.answered.set(path, text);
  else if (slots.length > 0) pages.live.set(path, { text, slots });
  else pages.byPath.set(path, toPage(text));
}

// The prerendered pages, loaded once at boot: the PUBLIC_URL origin is written into canonical and Open Graph tags,
// the inline JSON-LD blocks are hashed for the CSP, and each page is compressed once instead of per request.
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

export interface SitePages {
  byPath: Map<string, Page>;
  notFound: Page;
  /** CSP source expressions ('sha256-…') of every inline script across the pages. */
  scriptHashes: string[];
}

const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g;

function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(INLINE_SCRIPT)].map(
    (match) =>
      `sha256-${createHash("sha256")
        .update(match[1] ?? "")
        .digest("base64")}`,
  );
}

function preparePage(raw: string, origin: string): { page: Page; hashes: string[] } {
  const text = raw.replaceAll(ORIGIN_PLACEHOLDER, origin);
  const html = Buffer.from(text);
  const { br, gz } = compressBoth(html);
  return {
    page: {
      html,
      br,
      gzip: gz,
      etag: `"${createHash("sha256").update(html).digest("base64url").slice(0, 27)}"`,
    },
    hashes: inlineScriptHashes(text),
  };
}

export function loadSitePages(clientDir: string, origin: string): SitePages {
  const missing = [...ROUTES.map((r) => htmlFileFor(r.path)), NOT_FOUND_FILE].filter(
    (file) => !existsSync(join(clientDir, file)),
  );
  if (missing.length > 0) {
    throw new Error(`The site is not built (missing ${missing[0]} in ${clientDir}): run \`npm run build\`.`);
  }
  const hashes = new Set<string>();
  const load = (file: string) => {
    const { page, hashes: pageHashes } = preparePage(readFileSync(join(clientDir, file), "utf8"), origin);
    for (const hash of pageHashes) hashes.add(hash);
    return page;
  };
  const byPath = new Map(ROUTES.map((route) => [route.path, load(htmlFileFor(route.path))]));
  return { byPath, notFound: load(NOT_FOUND_FILE), scriptHashes: [...hashes].sort() };
}

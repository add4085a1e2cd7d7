// How a prerendered page is answered, as pure functions of the page and the request's headers: Fastify's page
// routes (server/plugins/static-site.ts) and the front door (server/plugins/page-door.ts, ADR 043) both answer
// with these, so the two cannot drift apart.
import type { Page } from "./site-pages";

/** What a page request is answered: its status, the page's own headers (in the order sent) and the bytes. */
export interface PageAnswer {
  status: number;
  headers: [string, string][];
  body?: Buffer;
}

/**
 * The one rule for answering a page, which Fastify's routes (sendPage) and the front door (ADR 043) both follow:
 * 304 when the browser holds this very page, else brotli, gzip or plain bytes as the browser accepts them.
 */
export function pageAnswer(
  page: Page,
  request: { acceptEncoding?: string | string[]; ifNoneMatch?: string | string[] },
  status = 200,
): PageAnswer {
  const headers: [string, string][] = [
    ["content-type", "text/html; charset=utf-8"],
    ["vary", "Accept-Encoding"],
    // Pages change with each deploy: always revalidate, cheaply thanks to the ETag.
    ["cache-control", "no-cache"],
    ["etag", page.etag],
  ];
  if (status === 200 && request.ifNoneMatch === page.etag) return { status: 304, headers };
  const accepted = String(request.acceptEncoding ?? "");
  if (/\bbr\b/.test(accepted))
    return { status, headers: [...headers, ["content-encoding", "br"]], body: page.br };
  if (/\bgzip\b/.test(accepted)) {
    return { status, headers: [...headers, ["content-encoding", "gzip"]], body: page.gzip };
  }
  return { status, headers, body: page.html };
}

/** A CSP with `hashes` (a page's own inline blocks) added to its script-src, next to the built pages' hashes. */
export function withScriptHashes(csp: string, hashes: readonly string[]): string {
  if (hashes.length === 0) return csp;
  const sources = hashes.map((hash) => ` '${hash}'`).join("");
  return csp.replace(
    /(^|;)(\s*script-src[^;]*)/,
    (_match, start: string, directive: string) => `${start}${directive}${sources}`,
  );
}

// The prerendered pages answered at the front door (ADR 043): a GET of a page path, without a body, is answered
// here with what Fastify's page route would send (static-site.ts), from the same pieces (server/platform/page-answer.ts): the security headers worked
// out at start, the page's answer (pageAnswer), its CSP hashes (withScriptHashes), the company details brought up to
// date first, and one log line like OneLineRequestLog's. Anything else is left to Fastify: HEAD and other methods,
// other paths (a trailing slash, an encoded letter, /api, assets), a body, forwarded headers from an untrusted peer
// (Fastify logs the warning), and a page whose live data cannot be read (Fastify's error handling answers).
import type { IncomingMessage, ServerResponse } from "node:http";
import { performance } from "node:perf_hooks";
import type { FastifyBaseLogger } from "fastify";
import type { LivePage } from "../platform/live-pages";
import { pageAnswer, withScriptHashes } from "../platform/page-answer";
import type { SiteDetailsPages } from "../platform/site-details-pages";
import type { Page, SitePages } from "../platform/site-pages";
import type { FastAnswer } from "./front-door";
import { clientOf, trustsPeer, untrustedForwarding } from "./proxy-trust";

export interface PageDoorOptions {
  pages: SitePages;
  details: SiteDetailsPages;
  /** A live page as its route fills it (null when the site has none). */
  liveAnswer: ((path: string) => Promise<LivePage>) | null;
  /** The security headers of every response, names in lower case, in the order Fastify sends them. */
  securityHeaders: Readonly<Record<string, string>>;
  trustProxy: boolean | string;
  nextRequestId: () => string;
  log: FastifyBaseLogger;
}

const CSP = "content-security-policy";

export function pageDoor(options: PageDoorOptions): FastAnswer {
  const { pages, details, liveAnswer, securityHeaders, log } = options;
  const trusted = trustsPeer(options.trustProxy);
  const client = clientOf(trusted);
  const security = Object.entries(securityHeaders);
  // The few CSPs the pages use, by their added hashes: worked out once each, not per request.
  const csps = new Map<string, string>();
  const cspFor = (liveHashes: readonly string[], detailsHashes: readonly string[]): string => {
    const key = `${liveHashes.join(" ")}|${detailsHashes.join(" ")}`;
    let csp = csps.get(key);
    if (csp === undefined) {
      // The page route adds the live blocks' hashes, then static-site's onSend hook the details' ones (same order).
      csp = withScriptHashes(withScriptHashes(securityHeaders[CSP] ?? "", liveHashes), detailsHashes);
      // Old pages' hash sets are not asked for again once the details or the schedule change: start afresh.
      if (csps.size >= 256) csps.clear();
      csps.set(key, csp);
    }
    return csp;
  };

  const headersFor = (page: Page, request: IncomingMessage, path: string, liveHashes: readonly string[]) => {
    const answer = pageAnswer(page, {
      acceptEncoding: request.headers["accept-encoding"],
      ifNoneMatch: request.headers["if-none-match"],
    });
    const csp = cspFor(liveHashes, details.hashesFor(path));
    const flat: string[] = [];
    for (const [name, value] of security) flat.push(name, name === CSP ? csp : value);
    for (const [name, value] of answer.headers) flat.push(name, value);
    if (answer.body) flat.push("content-length", String(answer.body.length));
    return { status: answer.status, flat, body: answer.body };
  };

  const logged = (request: IncomingMessage, response: ServerResponse, reqId: string, started: number) => {
    const line = (error?: Error) => {
      const entry = {
        reqId,
        // Shaped as the req serializer reads a Fastify request (logging.ts), so the line is the same.
        req: {
          method: request.method,
          url: request.url,
          host: client.host(request),
          ip: client.ip(request),
          socket: request.socket,
        },
        res: { statusCode: response.statusCode },
        ...(error ? { err: error } : {}),
        responseTime: performance.now() - started,
      };
      if (error) log.error(entry, "request errored");
      else log.info(entry, "request completed");
    };
    response.once("finish", () => line());
    response.once("error", (error) => line(error));
  };

  const answerPage = async (
    request: IncomingMessage,
    response: ServerResponse,
    fallback: (request: IncomingMessage, response: ServerResponse) => void,
    path: string,
  ): Promise<void> => {
    const started = performance.now();
    const reqId = options.nextRequestId();
    await details.refresh().catch((error: unknown) => {
      // As static-site's onRequest hook: a failed read or render leaves the pages as they were.
      log.error({ reqId, err: error }, "could not show the current company details on the pages");
    });
    let page: Page | undefined;
    let liveHashes: readonly string[] = [];
    if (liveAnswer && pages.live.has(path)) {
      try {
        const live = await liveAnswer(path);
        page = live.page;
        liveHashes = live.scriptHashes;
      } catch {
        // Nothing written yet: Fastify's route meets the same failure and its error handler answers.
        return fallback(request, response);
      }
    } else page = pages.byPath.get(path);
    if (!page) return fallback(request, response);
    const { status, flat, body } = headersFor(page, request, path, liveHashes);
    logged(request, response, reqId, started);
    response.writeHead(status, flat);
    response.end(body);
  };

  return (request, response, fallback) => {
    if (request.method !== "GET") return false;
    if (
      request.headers["content-length"] !== undefined ||
      request.headers["transfer-encoding"] !== undefined
    ) {
      return false;
    }
    const url = request.url ?? "";
    const query = url.indexOf("?");
    const path = query === -1 ? url : url.slice(0, query);
    if (!pages.byPath.has(path) && !pages.live.has(path)) return false;
    if (untrustedForwarding(request, trusted)) return false;
    void answerPage(request, response, fallback, path).catch(() => {
      // answerPage falls back before writing; an error after writing leaves the socket to node:http.
      if (!response.headersSent) fallback(request, response);
    });
    return true;
  };
}

// The prerendered pages answered at the front door (ADR 043): a GET of a page path, without a body, is answered
// here with what Fastify's page route would send (static-site.ts), from the same pieces (server/platform/page-answer.ts):
// the security headers worked out at start, the page's answer (pageAnswer), its CSP hashes (withScriptHashes), the
// company details brought up to date first, and OneLineRequestLog's line. When the details and the live data are
// at hand (the usual case: they are read at most every few seconds) the answer is written in the same turn;
// otherwise after they are read. Anything else is left to Fastify: HEAD and other methods, other paths (a trailing
// slash, an encoded letter, /api, assets), a body, forwarded headers from an untrusted peer (Fastify logs the
// warning), and a page whose live data cannot be read (Fastify's error handling answers).
import type { IncomingMessage, ServerResponse } from "node:http";
import { performance } from "node:perf_hooks";
import type { FastifyBaseLogger } from "fastify";
import type { LivePage, LivePages } from "../platform/live-pages";
import { pageAnswer, withScriptHashes } from "../platform/page-answer";
import type { SiteDetailsPages } from "../platform/site-details-pages";
import type { Page, SitePages } from "../platform/site-pages";
import type { FastAnswer } from "./front-door";
import { completedLineWriter } from "./logging";
import { clientOf, trustsPeer, untrustedForwarding } from "./proxy-trust";

export interface PageDoorOptions {
  pages: SitePages;
  details: SiteDetailsPages;
  /** The live pages as their routes fill them (null when the site has none). */
  live: LivePages | null;
  /** The security headers of every response, names in lower case, in the order Fastify sends them. */
  securityHeaders: Readonly<Record<string, string>>;
  trustProxy: boolean | string;
  nextRequestId: () => string;
  log: FastifyBaseLogger;
}

const CSP = "content-security-policy";
const NO_HASHES: readonly string[] = [];

export function pageDoor(options: PageDoorOptions): FastAnswer {
  const { pages, details, live, securityHeaders, log } = options;
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

  const writeCompleted = completedLineWriter(log);
  const logged = (request: IncomingMessage, response: ServerResponse, reqId: string, started: number) => {
    const req = () => ({
      method: request.method ?? "GET",
      url: request.url ?? "",
      host: client.host(request),
      ip: client.ip(request),
    });
    response.once("finish", () => {
      const responseTime = performance.now() - started;
      const { statusCode } = response;
      if (writeCompleted) {
        writeCompleted({ reqId, ...req(), remotePort: request.socket.remotePort, statusCode, responseTime });
      } else {
        // Shaped as the req serializer reads a Fastify request (logging.ts), so the line is the same.
        const entry = { reqId, req: { ...req(), socket: request.socket }, res: { statusCode }, responseTime };
        log.info(entry, "request completed");
      }
    });
    response.once("error", (error) => {
      const entry = {
        reqId,
        req: { ...req(), socket: request.socket },
        res: { statusCode: response.statusCode },
        err: error,
        responseTime: performance.now() - started,
      };
      log.error(entry, "request errored");
    });
  };

  const send = (
    request: IncomingMessage,
    response: ServerResponse,
    path: string,
    answer: { reqId: string; started: number; page: Page; liveHashes: readonly string[] },
  ) => {
    const { status, flat, body } = headersFor(answer.page, request, path, answer.liveHashes);
    logged(request, response, answer.reqId, answer.started);
    response.writeHead(status, flat);
    response.end(body);
  };

  /** The answer in this turn, when nothing is to be read first: false leaves it to answerPage. */
  const answerNow = (request: IncomingMessage, response: ServerResponse, path: string): boolean => {
    if (!details.upToDate()) return false;
    const started = performance.now();
    let page: Page | undefined;
    let liveHashes: readonly string[] = NO_HASHES;
    if (pages.live.has(path)) {
      const filled = live?.filledNow(path);
      if (!filled) return false;
      page = filled.page;
      liveHashes = filled.scriptHashes;
    } else page = pages.byPath.get(path);
    if (!page) return false;
    send(request, response, path, { reqId: options.nextRequestId(), started, page, liveHashes });
    return true;
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
    let liveHashes: readonly string[] = NO_HASHES;
    if (live && pages.live.has(path)) {
      try {
        const filled: LivePage = await live.fill(path);
        page = filled.page;
        liveHashes = filled.scriptHashes;
      } catch {
        // Nothing written yet: Fastify's route meets the same failure and its error handler answers.
        return fallback(request, response);
      }
    } else page = pages.byPath.get(path);
    if (!page) return fallback(request, response);
    send(request, response, path, { reqId, started, page, liveHashes });
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
    if (answerNow(request, response, path)) return true;
    void answerPage(request, response, fallback, path).catch(() => {
      // answerPage falls back before writing; an error after writing leaves the socket to node:http.
      if (!response.headersSent) fallback(request, response);
    });
    return true;
  };
}

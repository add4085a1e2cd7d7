// Serves the built site: prerendered pages (status 404 for unknown paths), pages whose live slots are filled per
// request (ADR 029), hashed assets with immutable caching, legacy redirects, robots.txt and sitemap.xml. When the
// owner's company details differ from the built ones, every page is rendered again with them (ADR 036).
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from "fastify";
import fp from "fastify-plugin";
import { COMPANY } from "../../shared/company";
import { EMAIL_LOGO_PATH, LEGACY_REDIRECTS, ROUTES } from "../../shared/routes";
import { type LivePages, type LiveSource, livePages, loadSlotRenderer } from "../platform/live-pages";
import { pageAnswer, withScriptHashes } from "../platform/page-answer";
import { escapeHtml } from "../platform/plain-page";
import { loadPageRenderer, type SiteDetailsPages, siteDetailsPages } from "../platform/site-details-pages";
import type { Page, SitePages } from "../platform/site-pages";
import type { FrontDoor } from "./front-door";
import { pageDoor } from "./page-door";

export interface StaticSiteOptions {
  clientDir: string;
  pages: SitePages;
  origin: string;
  /** What the pages' live slots show (the training schedule). */
  live?: LiveSource;
  /** Answer plain page requests at the server's front door too (ADR 043); absent in tests that only inject. */
  door?: { door: FrontDoor; trustProxy: boolean | string; nextRequestId: () => string };
}

const READS = new Set(["GET", "HEAD", "OPTIONS"]);

/** The site's icon: served by its own route, so its <title> names the company as Settings hold it (ADR 056). */
const FAVICON = "favicon.svg";

export function sendPage(
  request: FastifyRequest,
  reply: FastifyReply,
  page: Page,
  status = 200,
): FastifyReply {
  const answer = pageAnswer(
    page,
    { acceptEncoding: request.headers["accept-encoding"], ifNoneMatch: request.headers["if-none-match"] },
    status,
  );
  reply.status(answer.status);
  for (const [name, value] of answer.headers) reply.header(name, value);
  return reply.send(answer.body);
}

/** A page's route, and a 301 from its address with a trailing slash. */
function pageRoute(app: FastifyInstance, path: string, handler: RouteHandlerMethod): void {
  app.get(path, handler);
  if (path !== "/") app.get(`${path}/`, (_request, reply) => reply.redirect(path, 301));
}

function allowInlineScripts(reply: FastifyReply, hashes: readonly string[]): void {
  const csp = reply.getHeader("content-security-policy");
  if (typeof csp !== "string" || hashes.length === 0) return;
  reply.header("content-security-policy", withScriptHashes(csp, hashes));
}

/**
 * The pages with live slots: filled from `live` at each request, with their own ETag and CSP hashes. Returns how a
 * live page is filled now (the front door answers with it too), or null when the site has none. Both callers have
 * brought the company details up to date first (the onRequest hook, the front door).
 */
async function liveRoutes(
  app: FastifyInstance,
  options: StaticSiteOptions,
  details: SiteDetailsPages,
): Promise<LivePages | null> {
  const { pages, live } = options;
  if (pages.live.size === 0) return null;
  if (!live) throw new Error("The site has pages with live slots but no live data source.");
  const renderer = await loadSlotRenderer(options.clientDir);
  const fill = () => livePages({ templates: pages.live, renderer, source: live, origin: options.origin });
  let filled = fill();
  let filledFor = details.generation();
  // New company details gave the page a new template: the pages filled from the old one are dropped.
  const current = () => {
    if (filledFor !== details.generation()) {
      filled = fill();
      filledFor = details.generation();
    }
    return filled;
  };
  const liveAnswer: LivePages = {
    fill: (path) => current().fill(path),
    filledNow: (path) => current().filledNow(path),
  };
  for (const path of pages.live.keys()) {
    pageRoute(app, path, async (request, reply) => {
      const { page, scriptHashes } = await liveAnswer.fill(path);
      allowInlineScripts(reply, scriptHashes);
      return sendPage(request, reply, page);
    });
  }
  // A write through this instance (a new intake, a seat taken or freed) may change what the slots show.
  app.addHook("onSend", async (request, reply) => {
    if (!READS.has(request.method) && reply.statusCode < 400) live.changed();
  });
  return liveAnswer;
}

function robotsTxt(origin: string): string {
  const hidden = ROUTES.filter((route) => !route.indexable).map((route) => `Disallow: ${route.path}`);
  return [
    "User-agent: *",
    "Allow: /",
    "Disallow: /api/",
    ...hidden,
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
}

/**
 * The sitemap; a page's lastmod is when a publish last changed what it shows (ADR 059), and is left out for a page
 * still as built: the build's time says nothing about when its words changed.
 */
function sitemapXml(origin: string, lastmod: (path: string) => string | undefined): string {
  const urls = ROUTES.filter((route) => route.indexable).map((route) => {
    const at = lastmod(route.path);
    return `  <url><loc>${escapeHtml(origin + (route.path === "/" ? "/" : route.path))}</loc>${at ? `<lastmod>${at}</lastmod>` : ""}<priority>${route.path === "/" ? "1.0" : "0.7"}</priority></url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
}

async function staticSite(app: FastifyInstance, options: StaticSiteOptions): Promise<void> {
  const { pages, origin } = options;

  // Webmail shows the e-mails' logo from its own origin: same-origin (every other file's) would hide it. Set on the
  // reply, as the security headers are (setHeaders below writes the raw response, which the reply's headers win over).
  app.addHook("onSend", async (request, reply) => {
    if (request.url.split("?")[0] === EMAIL_LOGO_PATH)
      reply.header("Cross-Origin-Resource-Policy", "cross-origin");
  });
  await app.register(fastifyStatic, {
    root: options.clientDir,
    prefix: "/",
    wildcard: false,
    index: false,
    preCompressed: true,
    // A route per emitted file; HTML pages are answered by the routes below, compressed copies via preCompressed.
    globIgnore: ["**/*.html", ".vite/**", "**/*.br", "**/*.gz", FAVICON],
    cacheControl: false,
    setHeaders: (response, path) => {
      // Files under /assets/ carry a content hash in their name, so they never change.
      const immutable = path.startsWith(join(options.clientDir, "assets"));
      response.setHeader(
        "Cache-Control",
        immutable ? "public, max-age=31536000, immutable" : "public, max-age=3600",
      );
    },
  });

  // The company details the pages show (ADR 036): brought up to date before a page is answered (at most every
  // few seconds a settings read; a render of every page only when they changed).
  const details = siteDetailsPages({
    pages,
    source: app.siteDetails,
    origin,
    loadRenderer: () => app.siteRenderer?.load() ?? loadPageRenderer(options.clientDir),
  });
  // At boot, before the first visitor waits for it.
  app.addHook("onReady", async () => {
    await details.refresh().catch((error: unknown) => {
      app.log.error({ err: error }, "could not show the current company details on the pages");
    });
  });
  app.addHook("onRequest", async (request) => {
    if (
      READS.has(request.method) &&
      !request.url.startsWith("/api/") &&
      !request.url.startsWith("/assets/")
    ) {
      // A failed read or render leaves the pages as they were: better than no page.
      await details.refresh().catch((error: unknown) => {
        request.log.error({ err: error }, "could not show the current company details on the pages");
      });
    }
  });
  app.addHook("onSend", async (request, reply) => {
    if (String(reply.getHeader("content-type") ?? "").startsWith("text/html")) {
      allowInlineScripts(reply, details.hashesFor(request.url.split("?")[0] ?? ""));
    }
  });
  for (const [path, page] of pages.byPath) {
    pageRoute(app, path, (request, reply) => sendPage(request, reply, pages.byPath.get(path) ?? page));
  }
  const liveAnswer = await liveRoutes(app, options, details);
  if (options.door) {
    const { door, trustProxy, nextRequestId } = options.door;
    door.open(
      pageDoor({
        pages,
        details,
        live: liveAnswer,
        securityHeaders: app.securityHeaders,
        trustProxy,
        nextRequestId,
        log: app.log,
      }),
    );
    app.addHook("preClose", async () => door.close());
  }
  for (const [from, to] of Object.entries(LEGACY_REDIRECTS)) {
    app.get(from, (_request, reply) => reply.redirect(to, 301));
  }
  // Public and the same for everyone: cacheable (dynamic answers default to no-store, see no-store.ts).
  const favicon = await readFile(join(options.clientDir, FAVICON), "utf8").catch(() => null);
  if (favicon !== null) {
    // The onRequest hook above brought COMPANY up to date before this runs.
    app.get(`/${FAVICON}`, (_request, reply) =>
      reply
        .type("image/svg+xml")
        .header("Cache-Control", "public, max-age=3600")
        .send(favicon.replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(COMPANY.name)}</title>`)),
    );
  }
  app.get("/robots.txt", (_request, reply) =>
    reply
      .type("text/plain; charset=utf-8")
      .header("Cache-Control", "public, max-age=3600")
      .send(robotsTxt(origin)),
  );
  app.get("/sitemap.xml", async (_request, reply) => {
    const { content } = await app.siteDetails.current();
    const changed = Object.entries(content.changedAt);
    const sections =
      changed.length > 0 && app.siteRenderer ? (await app.siteRenderer.load()).seededSections() : [];
    const lastmod = (path: string) =>
      changed
        .filter(([id]) => sections.find((section) => section.id === id)?.paths.includes(path))
        .map(([, at]) => at)
        .sort()
        .at(-1);
    return reply
      .type("application/xml; charset=utf-8")
      .header("Cache-Control", "public, max-age=3600")
      .send(sitemapXml(origin, lastmod));
  });

  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith("/api/") || !["GET", "HEAD"].includes(request.method)) {
      return reply.status(404).send({ message: "Not found", error: { message: "Not found" } });
    }
    return sendPage(request, reply, pages.notFound, 404);
  });
}

export default fp(staticSite, { name: "static-site" });

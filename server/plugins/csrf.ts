// Cross-site request forgery guard for every state-changing /api request, public forms included: the browser's
// Origin (or, lacking it, Referer) must be this site. Browsers always send Origin on cross-site POSTs, so a forged
// request cannot pass; a request with neither header is refused too. Routes called by other servers (payment
// webhooks) opt out with `config: { csrf: false }` and authenticate by signature instead.
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { errorBody } from "./errors";

declare module "fastify" {
  interface FastifyContextConfig {
    csrf?: boolean;
  }
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
export const CROSS_SITE_MESSAGE = "This request did not come from this website, so it was refused.";

function requestOrigin(request: FastifyRequest): string | undefined {
  const origin = request.headers.origin;
  if (origin && origin !== "null") return origin;
  const referer = request.headers.referer;
  if (!referer) return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return undefined;
  }
}

/**
 * The site's own origins: PUBLIC_URL, and the origin the request itself was addressed to (its Host), so a site
 * reached by another name than PUBLIC_URL (a LAN address on the embedded default) still works. An attacker's page
 * cannot forge either: Origin names the attacker's site, and Host names ours.
 */
export function isSameSite(request: FastifyRequest, publicUrl: string): boolean {
  const origin = requestOrigin(request);
  if (!origin) return false;
  if (origin === new URL(publicUrl).origin) return true;
  try {
    return new URL(origin).host === request.host;
  } catch {
    return false;
  }
}

async function csrf(app: FastifyInstance): Promise<void> {
  app.addHook("onRequest", async (request, reply) => {
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith("/api/")) return;
    if (request.routeOptions.config?.csrf === false) return;
    if (!isSameSite(request, app.env.PUBLIC_URL)) {
      request.log.warn({ origin: request.headers.origin, url: request.url }, "cross-site request refused");
      return reply.status(403).send(errorBody(CROSS_SITE_MESSAGE));
    }
  });
}

export default fp(csrf, { name: "csrf" });

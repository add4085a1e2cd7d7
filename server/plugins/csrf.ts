// Cross-site request forgery guard for every state-changing request, public forms included: the browser's Origin
// (or, lacking it, Referer) must be this site. Browsers always send Origin on cross-site POSTs, so a forged request
// cannot pass; a request with neither header is refused too.
//
// The decision is taken from the route the request matched, as registered, never from the raw URL: "/%61pi/x"
// reaches the same handler as "/api/x" and must meet the same check. Every method but GET, HEAD and OPTIONS is
// checked, on every route, except the few in CSRF_EXEMPT_ROUTES, which other servers call and which prove
// themselves another way (a signature, a token from an e-mail). The app refuses to start if one of those is not a
// registered route, so a renamed webhook cannot leave a stale exemption behind.
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { httpError } from "./errors";

/**
 * "METHOD /route/as/registered" of each route that takes requests from other sites. Add a route here only when it
 * authenticates every request by itself (a provider's signature, a one-time token), never by cookie.
 */
export const CSRF_EXEMPT_ROUTES: readonly string[] = [
  // Stripe signs each event (Stripe-Signature over the raw body).
  "POST /api/stripe/webhook",
  // Twilio's delivery reports for texts: X-Twilio-Signature over PUBLIC_URL's URL and the form parameters.
  "POST /api/sms/status",
  // Twilio's inbound replies (STOP, START, HELP): signed the same way.
  "POST /api/sms/inbound",
  // Mail programs' one-click unsubscribe (RFC 8058): the digest link's signed token is the proof.
  "POST /api/digest/unsubscribe",
  // `npm run backup` on the server's own machine: the token only the server's user can read (DATA_DIR/backup-token).
  "POST /api/backups/local",
  // M-PAiSA has no server-to-server callback: its payer comes back by a GET (/api/mpaisa/return), never checked.
];

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
export const CROSS_SITE_MESSAGE = "This request did not come from this website, so it was refused.";

declare module "fastify" {
  interface FastifyInstance {
    /** "METHOD /url" of every route registered, as the CSRF check sees them (tests walk it). */
    registeredRoutes: ReadonlySet<string>;
  }
}

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

/** Whether this request must come from the site itself: decided by its method and the route it matched. */
export function needsSameSite(request: FastifyRequest): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  // No route matched (a 404): nothing will run, but refusing costs nothing either.
  const route = request.routeOptions.url;
  if (route === undefined) return true;
  return !CSRF_EXEMPT_ROUTES.includes(`${request.method} ${route}`);
}

async function csrf(app: FastifyInstance): Promise<void> {
  const routes = new Set<string>();
  app.decorate("registeredRoutes", routes);
  app.addHook("onRoute", (route) => {
    for (const method of [route.method].flat()) routes.add(`${method} ${route.url}`);
  });
  app.addHook("onReady", async () => {
    const missing = CSRF_EXEMPT_ROUTES.filter((route) => !routes.has(route));
    if (missing.length > 0) {
      throw new Error(`CSRF_EXEMPT_ROUTES names routes that do not exist: ${missing.join(", ")}`);
    }
  });

  // onRequest runs after routing, so routeOptions already names the matched route; the body is not read yet.
  app.addHook("onRequest", async (request) => {
    if (!needsSameSite(request) || isSameSite(request, app.env.PUBLIC_URL)) return;
    request.log.warn(
      { origin: request.headers.origin, route: request.routeOptions.url ?? null },
      "cross-site request refused",
    );
    // Thrown, not sent: the route's error handler answers (JSON for the API, a page for a form posted without script).
    throw httpError(403, CROSS_SITE_MESSAGE);
  });
}

export default fp(csrf, { name: "csrf" });

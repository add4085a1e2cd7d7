// Security headers on every response. The CSP allows only our own scripts plus the hashes of the inline JSON-LD
// blocks in the prerendered pages: no 'unsafe-inline', no 'unsafe-eval'.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import helmet, { type HelmetOptions } from "helmet";

export interface SecurityOptions {
  https: boolean;
  scriptHashes: readonly string[];
  /** Stripe is configured: admit Stripe.js and its frames (Payment Element, 3-D Secure), nothing more. */
  stripe?: boolean;
}

/** Stripe's documented CSP origins for Stripe.js and the Payment Element. */
export const STRIPE_ORIGINS = {
  script: ["https://js.stripe.com"],
  frame: ["https://js.stripe.com", "https://hooks.stripe.com"],
  connect: ["https://api.stripe.com"],
} as const;

export function contentSecurityPolicy(options: SecurityOptions): Record<string, string[]> {
  return {
    defaultSrc: ["'self'"],
    scriptSrc: [
      "'self'",
      ...options.scriptHashes.map((hash) => `'${hash}'`),
      ...(options.stripe ? STRIPE_ORIGINS.script : []),
    ],
    // Radix positions popovers and toasts with inline style attributes.
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", "data:"],
    fontSrc: ["'self'"],
    connectSrc: ["'self'", ...(options.stripe ? STRIPE_ORIGINS.connect : [])],
    frameSrc: options.stripe ? [...STRIPE_ORIGINS.frame] : ["'none'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
    ...(options.https ? { upgradeInsecureRequests: [] } : {}),
  };
}

/**
 * The headers helmet sets with `options`, worked out once. They depend on the options alone (no nonce, nothing per
 * request), and @fastify/helmet rebuilt helmet's middleware and its CSP string at every request: about 15% of the
 * server's CPU on `GET /` (issue 17, point 6).
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name];
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, () => {});
  return headers;
}

declare module "fastify" {
  interface FastifyInstance {
    /** Every response's security headers, names in lower case, in the order they are sent (the front door's too). */
    securityHeaders: Readonly<Record<string, string>>;
  }
}

async function security(app: FastifyInstance, options: SecurityOptions): Promise<void> {
  const given = {
    ...helmetHeaders({
      contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(options) },
      strictTransportSecurity: options.https ? { maxAge: 63_072_000, includeSubDomains: true } : false,
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
      // The portal opens payment pages in new tabs/popups; same-origin-allow-popups keeps window.opener-free links working.
      crossOriginOpenerPolicy: { policy: "same-origin-allow-popups" },
      crossOriginEmbedderPolicy: false,
    }),
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(self)",
  };
  // Fastify keeps header names in lower case (reply.header), and so must the front door to send the same bytes.
  const headers = Object.freeze(
    Object.fromEntries(Object.entries(given).map(([name, value]) => [name.toLowerCase(), value])),
  );
  app.decorate("securityHeaders", headers);
  // Set before the route runs, so a route may still change one (as with @fastify/helmet).
  app.addHook("onRequest", async (_request, reply) => {
    reply.headers(headers);
  });
}

export default fp(security, { name: "security" });

// Per-IP rate limit shared by the public POST endpoints. RATE_LIMIT_PUBLIC_PER_MINUTE=0 turns it off: the
// rate-limit plugin is then not registered at all (server/app.ts) and this route config is ignored.
import type { FastifyInstance } from "fastify";

export const RATE_LIMIT_MESSAGE =
  "Too many submissions from your network. Please wait a minute and try again.";

export function publicWriteLimit(app: FastifyInstance) {
  return { rateLimit: { max: Math.max(app.env.RATE_LIMIT_PUBLIC_PER_MINUTE, 1), timeWindow: "1 minute" } };
}

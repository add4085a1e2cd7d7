// Each integration plugin decorates the app with its client, or null while the service is not set up. A route that
// cannot work without one asks for it here: the answer is then a 503 whose message says "not configured", which the
// pages turn into their "is being set up" text (see docs/product.md, Sandbox and demonstration), never a crash.
import { httpError } from "../plugins/errors";

/** The client, or a thrown 503 with `message` (it must say "not configured": the pages look for those words). */
export function requireIntegration<T>(client: T | null, message: string): T {
  if (client === null) throw httpError(503, message);
  return client;
}

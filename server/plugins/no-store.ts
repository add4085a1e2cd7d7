// No browser or proxy cache keeps a copy of anything personal: every dynamic response that does not set its own
// cache policy (admin JSON, the portal's calls, error answers) is marked no-store, and so is every response to a
// signed-in member of staff, whatever the route set (CSV exports, downloads). Prerendered pages and assets set
// their own headers in static-site.ts and keep them.
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

async function noStore(app: FastifyInstance): Promise<void> {
  app.addHook("onSend", async (request, reply) => {
    if (request.admin || !reply.hasHeader("cache-control")) reply.header("Cache-Control", "no-store");
  });
}

export default fp(noStore, { name: "no-store", dependencies: ["session"] });

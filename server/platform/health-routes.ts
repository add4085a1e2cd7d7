import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { HealthSchema } from "../../shared/contracts/platform";
import { pingDatabase } from "../db/client";

/** Liveness and readiness in one: 200 only when the database answers. */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/api/health",
    { schema: { response: { 200: HealthSchema, 503: HealthSchema } } },
    async (_request, reply) => {
      try {
        await pingDatabase(app.db);
        return { status: "ok", database: "ok" } as const;
      } catch (error) {
        app.log.error({ err: error }, "health check: database unreachable");
        reply.status(503);
        return { status: "error", database: "unreachable", message: "Database unreachable" } as const;
      }
    },
  );
};

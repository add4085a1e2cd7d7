import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { pingDatabase } from "../db/client";

/** Liveness and readiness in one: 200 only when the database answers. */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/api/health", async (_request, reply) => {
    try {
      await pingDatabase(app.db);
      return { status: "ok", database: "ok" };
    } catch (error) {
      app.log.error({ err: error }, "health check: database unreachable");
      return reply
        .status(503)
        .send({ status: "error", database: "unreachable", message: "Database unreachable" });
    }
  });
};

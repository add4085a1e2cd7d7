// GET /api/admin/sample-content: what the site still shows only because it shipped with it (staff only: the scope
// in app.ts guards it).
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { SampleContentSchema } from "../../shared/sample-content";
import { listSampleContent } from "./sample-content";

export const sampleContentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/api/admin/sample-content", { schema: { response: { 200: SampleContentSchema } } }, async () => ({
    items: await listSampleContent(app.db),
  }));
};

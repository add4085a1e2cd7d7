// LEAD (issue 34): a stand-in for GET /api/texts/options, which the enrollment-form helper builds, so /my-training's
// texts part answers in this branch without a 404 in the browser's console. Drop this file and its line in app.ts
// at merge (Fastify refuses to start with the route twice, so a forgotten one shows at once).
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { TextOptionsSchema } from "../../shared/texts";

export const textOptionsStandIn: FastifyPluginAsyncZod = async (app) => {
  app.get("/api/texts/options", { schema: { response: { 200: TextOptionsSchema } } }, async () => ({
    whatsapp: app.textContext.whatsappTemplates !== null,
  }));
};

// GET /api/texts/options: what the enrollment forms and /my-training may offer beside SMS. WhatsApp only when it is
// configured in full (server/integrations/sms/whatsapp-templates.ts); otherwise the form says texts go by SMS.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { TextOptionsSchema } from "../../shared/texts";

export const textOptionsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/api/texts/options", { schema: { response: { 200: TextOptionsSchema } } }, async () => ({
    whatsapp: app.textContext.whatsappTemplates !== null,
  }));
};

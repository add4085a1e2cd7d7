// Staff read the business settings; only an owner changes them (mounted in the staff-only scope of app.ts). A save
// applies the new site details at once: the next page this instance serves shows them (ADR 036).
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { SettingsPatchSchema, SettingsSchema } from "../../shared/settings";
import { requireOwner, staffAction } from "../plugins/session";
import { readSettings, updateSettings } from "./settings";

export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/api/admin/settings", { schema: { response: { 200: SettingsSchema } } }, async () =>
    readSettings(app.db),
  );

  app.put(
    "/api/admin/settings",
    { preHandler: requireOwner, schema: { body: SettingsPatchSchema, response: { 200: SettingsSchema } } },
    async (request) => {
      const saved = await updateSettings(app.db, request.body, staffAction(request));
      app.siteDetails.changed();
      await app.siteDetails.current();
      return saved;
    },
  );
};

// Staff read and change the business settings (mounted in the staff-only scope of app.ts).
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { SettingsPatchSchema, SettingsSchema } from "../../shared/settings";
import { staffAction } from "../plugins/session";
import { readSettings, updateSettings } from "./settings";

export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/api/admin/settings", { schema: { response: { 200: SettingsSchema } } }, async () =>
    readSettings(app.db),
  );

  app.put(
    "/api/admin/settings",
    { schema: { body: SettingsPatchSchema, response: { 200: SettingsSchema } } },
    async (request) => updateSettings(app.db, request.body, staffAction(request)),
  );
};

// Staff read the business settings; only an owner changes them (mounted in the staff-only scope of app.ts). A save
// applies the new site details at once: the next page this instance serves shows them (ADR 036).
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { SettingsAnswerSchema, SettingsPatchSchema, SettingsSchema } from "../../shared/settings";
import { requireOwner, staffAction } from "../plugins/session";
import { readSettings, updateSettings } from "./settings";
import { staffNotifications } from "./staff-notifications";

export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  // With where staff notifications go now, so the dashboard can warn while nobody would be told (ADR 044).
  app.get("/api/admin/settings", { schema: { response: { 200: SettingsAnswerSchema } } }, async () => ({
    ...(await readSettings(app.db)),
    staffNotifications: await staffNotifications(app.db, app.env),
  }));

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

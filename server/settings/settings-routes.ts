// Staff read the business settings; only an owner changes them (mounted in the staff-only scope of app.ts). A save
// applies the new site details at once: the next page this instance serves shows them (ADR 036).
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  type Settings,
  SettingsAnswerSchema,
  SettingsPatchSchema,
  SettingsSchema,
} from "../../shared/settings";
import { prepareShareImage } from "../media/serve-routes";
import { requireOwner, staffAction } from "../plugins/session";
import { requireRecentSecondFactorWhen } from "../staff/step-up";
import { payeeChanges } from "./payee-change-email";
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
    {
      // Changing where customers pay (bank or M-PAiSA) asks for a second factor within 10 minutes (ADR 051).
      preHandler: [
        requireOwner,
        requireRecentSecondFactorWhen(async (request) => {
          const company = (request.body as { company?: Settings["company"] }).company;
          return (
            company !== undefined && payeeChanges((await readSettings(app.db)).company, company).length > 0
          );
        }),
      ],
      schema: { body: SettingsPatchSchema, response: { 200: SettingsSchema } },
    },
    async (request) => {
      const saved = await updateSettings(app.db, request.body, staffAction(request), {
        publicUrl: app.env.PUBLIC_URL,
      });
      app.outbox.kick();
      app.siteDetails.changed();
      const { details } = await app.siteDetails.current();
      // A new name gives a new share image (ADR 060): drawn now, else at its first request.
      await prepareShareImage(app, details.brand.shareImage).catch((error: unknown) =>
        request.log.warn({ err: error }, "the share image could not be drawn yet"),
      );
      return saved;
    },
  );
};

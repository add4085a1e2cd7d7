// The course prices (ADR 045): staff read them with the open intakes a change may update; only an owner changes them
// (mounted in the staff-only scope of app.ts). A save shows on the pages at once, as every settings save does (ADR 036).
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  CoursePriceChangedSchema,
  CoursePriceChangeSchema,
  CoursePricesSchema,
} from "../../shared/course-prices";
import { requireOwner, staffAction } from "../plugins/session";
import { readSettings } from "../settings/settings";
import { changeCoursePrices, unpaidOpenIntakes } from "./course-prices";

export const coursePriceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/api/admin/course-prices", { schema: { response: { 200: CoursePricesSchema } } }, async () => ({
    coursePriceCents: (await readSettings(app.db)).coursePriceCents,
    openIntakes: await unpaidOpenIntakes(app.db),
  }));

  app.put(
    "/api/admin/course-prices",
    {
      preHandler: requireOwner,
      schema: { body: CoursePriceChangeSchema, response: { 200: CoursePriceChangedSchema } },
    },
    async (request) => {
      const changed = await changeCoursePrices(app.db, request.body, staffAction(request));
      app.siteDetails.changed();
      await app.siteDetails.current();
      return changed;
    },
  );
};

// app.siteDetails (site-details.ts): read and applied before the app answers anything, kept fresh by a short timer
// when the app runs its background tasks, and a production start still showing the seeded example details says so.
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { companyIsExample } from "../../shared/site-details";
import type { SiteDetailsSource } from "../platform/site-details-source";
import { SITE_DETAILS_MAX_AGE_MS, siteDetailsSource } from "./site-details";

declare module "fastify" {
  interface FastifyInstance {
    siteDetails: SiteDetailsSource;
  }
}

export const EXAMPLE_DETAILS_WARNING =
  "The company details are still the seeded examples (.example e-mail addresses, invented phone numbers): the owner should set the real ones in the dashboard's Settings.";

async function siteDetailsPlugin(app: FastifyInstance, options: { refresh?: boolean }): Promise<void> {
  const source = siteDetailsSource(app.db);
  app.decorate("siteDetails", source);
  const { details } = await source.current();
  if (app.env.NODE_ENV === "production" && companyIsExample(details.company))
    app.log.warn(EXAMPLE_DETAILS_WARNING);
  if (!options.refresh) return;
  // E-mails and certificates read COMPANY directly: keep it current even while no page is requested.
  const timer = setInterval(() => {
    source
      .current()
      .catch((error: unknown) => app.log.warn({ err: error }, "could not read the site details"));
  }, SITE_DETAILS_MAX_AGE_MS);
  timer.unref();
  app.addHook("onClose", async () => clearInterval(timer));
}

export default fp(siteDetailsPlugin, { name: "site-details" });

// app.sheets: the Google Sheets adapter staff's Sync button appends enrollments with, or null while
// GOOGLE_SERVICE_ACCOUNT_JSON and GOOGLE_SHEETS_ID are unset. Built at start, so a bad key stops the server
// (a SheetsError saying what to fix) instead of surfacing weeks later as a failed Sync click.
import fp from "fastify-plugin";
import { createSheetsAdapter, type SheetsAdapter, sheetsConfigFrom } from "./google-sheets";

declare module "fastify" {
  interface FastifyInstance {
    sheets: SheetsAdapter | null;
  }
}

export interface SheetsPluginOptions {
  /** Stands in for the adapter the environment would give (tests). */
  client?: SheetsAdapter | null;
}

export default fp<SheetsPluginOptions>(
  async (app, options) => {
    const fromEnv = () => {
      const config = sheetsConfigFrom(app.env);
      return config ? createSheetsAdapter(config) : null;
    };
    app.decorate("sheets", options.client === undefined ? fromEnv() : options.client);
  },
  { name: "sheets" },
);

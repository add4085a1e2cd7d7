// app.sheets: the Google Sheets adapter staff's Sync button appends enrollments with, or null while
// GOOGLE_SERVICE_ACCOUNT_JSON and GOOGLE_SHEETS_ID are unset. Built at start, so a bad key stops the server
// (a SheetsError saying what to fix) instead of surfacing weeks later as a failed Sync click.
import { createSheetsAdapter, type SheetsAdapter, sheetsConfigFrom } from "./google-sheets";
import { integrationPlugin, whenConfigured } from "./require-integration";

declare module "fastify" {
  interface FastifyInstance {
    sheets: SheetsAdapter | null;
  }
}

export default integrationPlugin("sheets", whenConfigured(sheetsConfigFrom, createSheetsAdapter));

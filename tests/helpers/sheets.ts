// A local Google Sheets fake with one service account and one spreadsheet, started and closed around a describe,
// and the settings that point an app's real Sheets client at it.
import { afterAll, beforeAll } from "vitest";
import { createTestServiceAccount, type FakeSheets, startFakeSheets } from "../fakes/google-sheets";

export function withFakeSheets(spreadsheetId: string) {
  const account = createTestServiceAccount();
  const ctx = {} as { fake: FakeSheets };
  beforeAll(async () => {
    ctx.fake = await startFakeSheets({ accounts: [account] });
    ctx.fake.addSpreadsheet(spreadsheetId);
  });
  afterAll(async () => {
    await ctx.fake?.close();
  });
  return {
    account,
    get fake() {
      return ctx.fake;
    },
    /** The GOOGLE_* env for the app; `sheetsId` is what staff would paste: the ID or the sheet's whole URL. */
    env: (sheetsId = spreadsheetId) => ({
      GOOGLE_SERVICE_ACCOUNT_JSON: JSON.stringify(account),
      GOOGLE_SHEETS_ID: sheetsId,
      GOOGLE_SHEETS_API_URL: ctx.fake.url,
    }),
  };
}

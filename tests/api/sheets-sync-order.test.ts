// No network call inside a database transaction: while Google Sheets holds its answer to a sync, the rest of the
// site still reaches the database. Decided by which finishes first, not by the clock. On the embedded database a
// transaction held across the call would stall /api/health until the call timed out.
import { describe, expect, it } from "vitest";
import { syncEnrollmentsToSheets } from "../../server/enrollments/sheets-sync";
import { createSheetsAdapter } from "../../server/integrations/google-sheets";
import { insertEnrollment } from "../helpers/admin-session";
import { withFakeSheets } from "../helpers/sheets";
import { withTestApp } from "../helpers/test-app";

describe("Google Sheets sync and the database", () => {
  const t = withTestApp();
  const sheets = withFakeSheets("order");
  const { account } = sheets;

  it("answers /api/health and takes an enrollment while Sheets holds its reply", async () => {
    await insertEnrollment(t.database.db);
    sheets.fake.failAppends(1, "hang");
    const adapter = createSheetsAdapter({
      serviceAccount: JSON.stringify(account),
      spreadsheetId: "order",
      rootUrl: sheets.fake.url,
      timeoutMs: 3000,
    });
    const sync = syncEnrollmentsToSheets(t.app.db, adapter).then(
      () => "sync",
      () => "sync",
    );
    // Wait until the append is out at the fake (and hanging there).
    while (!sheets.fake.requests.some((request) => request.call === "append")) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const health = t.app.inject({ method: "GET", url: "/api/health" }).then((res) => {
      expect(res.statusCode).toBe(200);
      return "health";
    });
    const enrollment = insertEnrollment(t.database.db).then(() => "enrollment");
    expect(await Promise.race([health, sync])).toBe("health");
    expect(await Promise.race([enrollment, sync])).toBe("enrollment");
    // The hung append times out and flags nothing; the next sync takes the lease again.
    expect(await sync).toBe("sync");
  });
});

// POST /api/admin/sync-google-sheets end to end: the route, the real @googleapis/sheets client and the local fake.
import { beforeAll, describe, expect, it } from "vitest";
import { createStaffAndSignIn, insertEnrollment } from "../helpers/admin-session";
import { withFakeSheets } from "../helpers/sheets";
import { sameSite, withTestApp } from "../helpers/test-app";

describe("POST /api/admin/sync-google-sheets", () => {
  const sheets = withFakeSheets("staff-sheet");
  const t = withTestApp(() => ({
    env: sheets.env("https://docs.google.com/spreadsheets/d/staff-sheet/edit#gid=0"),
  }));
  let cookie: string;
  const sync = () =>
    t.app.inject({ method: "POST", url: "/api/admin/sync-google-sheets", headers: { ...sameSite, cookie } });

  beforeAll(async () => {
    cookie = await createStaffAndSignIn(t.app, t.database.db);
  });

  it("appends new enrollments once, answers { synced }, and a repeat appends nothing", async () => {
    await insertEnrollment(t.database.db, { firstName: "Vilimone" });
    await insertEnrollment(t.database.db, { firstName: "Salote", courseType: "advanced" });
    const first = await sync();
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ synced: 2 });
    expect(await sync().then((res) => res.json())).toEqual({ synced: 0 });
    const rows = sheets.fake.rows("staff-sheet");
    expect(rows[0]?.[0]).toBe("ID");
    expect(rows.slice(1).map((row) => row[2])).toEqual(["Vilimone", "Salote"]);
    const list = await t.app.inject({ method: "GET", url: "/api/enrollments", headers: { cookie } });
    expect(list.json().every((row: { googleSheetsSync: boolean }) => row.googleSheetsSync)).toBe(true);
  });

  it("answers 502 with a readable message when Sheets fails, and the retry appends each row once", async () => {
    await insertEnrollment(t.database.db, { firstName: "Retry" });
    sheets.fake.failAppends(1, "500");
    const failed = await sync();
    expect(failed.statusCode).toBe(502);
    expect(failed.json().message).toMatch(/^Google Sheets did not accept the enrollments: /);
    expect((await sync()).json()).toEqual({ synced: 1 });
    expect(sheets.fake.rows("staff-sheet").filter((row) => row[2] === "Retry")).toHaveLength(1);
    const audit = await t.app.inject({ method: "GET", url: "/api/admin/audit", headers: { cookie } });
    const actions = audit.json().items.map((entry: { action: string }) => entry.action);
    expect(actions).toEqual(expect.arrayContaining(["sheets.sync", "sheets.sync-failed"]));
  });
});

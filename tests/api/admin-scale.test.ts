// The dashboard stays light with 10,000 enrollments: it reads pages and counts, never the whole table. Only
// deterministic budgets (rows, bytes) are asserted; timings are in BENCHMARKS.md (npm run bench).
import { beforeAll, describe, expect, it } from "vitest";
import { DASHBOARD_ROWS, seedEnrollments } from "../../scripts/lib/bench-dashboard";
import type { EnrollmentSummary } from "../../shared/admin";
import { createStaffAndSignIn } from "../helpers/admin-session";
import { withTestApp } from "../helpers/test-app";

describe(`the dashboard with ${DASHBOARD_ROWS.toLocaleString("en")} enrollments`, () => {
  const t = withTestApp();
  let cookie: string;
  beforeAll(async () => {
    cookie = await createStaffAndSignIn(t.app, t.database.db);
    await seedEnrollments(t.database.db, DASHBOARD_ROWS);
  }, 120_000);
  const get = (url: string) => t.app.inject({ method: "GET", url, headers: { cookie } });

  it("answers a page of 25 in under 25 KB and the counts in under 2 KB", async () => {
    const page = await get("/api/enrollments?tab=pending&limit=25&offset=5000");
    expect(page.json()).toHaveLength(25);
    expect(page.rawPayload.length).toBeLessThan(25 * 1024);
    const summary = await get("/api/enrollments/summary");
    expect((summary.json() as EnrollmentSummary).total).toBe(DASHBOARD_ROWS);
    expect((summary.json() as EnrollmentSummary).pending).toBe(7500);
    expect(summary.rawPayload.length).toBeLessThan(2 * 1024);
  });

  it("exports every row to CSV", async () => {
    const csv = await get("/api/enrollments/export.csv");
    expect(csv.rawPayload.toString("utf8").trimEnd().split("\r\n")).toHaveLength(DASHBOARD_ROWS + 1);
  });
});

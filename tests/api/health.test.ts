import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createTestApp, withTestApp } from "../helpers/test-app";

describe("GET /api/health", () => {
  const t = withTestApp();

  it("answers 200 when the database answers", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "ok", database: "ok" });
  });

  it("has the migrated tables", async () => {
    const { rows } = (await t.database.db.execute(
      sql`select table_name from information_schema.tables where table_schema = current_schema() order by 1`,
    )) as unknown as { rows: { table_name: string }[] };
    expect(rows.map((r) => r.table_name)).toEqual(
      expect.arrayContaining(["contact_messages", "enrollments", "reviews"]),
    );
  });

  it("answers 404 JSON for unknown API paths", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/nope" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ message: "Not found" });
  });
});

describe("GET /api/health with the database down", () => {
  it("answers 503 with a message", async () => {
    const t = await createTestApp();
    await t.database.close();
    const res = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ status: "error", message: "Database unreachable" });
    await t.app.close();
  });
});

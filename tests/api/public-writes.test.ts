// The rules every public write path shares, checked on each endpoint: malformed JSON, wrong content type,
// oversized body, idempotent retry, honeypot, rate limit (8 a minute: the earlier tests spend 6 of them).
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { sameSite, withTestApp } from "../helpers/test-app";

const person = {
  firstName: "Ana",
  lastName: "Vula",
  email: "ana@example.fj",
  phone: "+679 330 0000",
  highestEducation: "bachelor",
};
const advanced = { ...person, dronesFlown: "DJI Matrice 300", totalFlyingHours: 60, totalPICHours: 40 };
const ENDPOINTS = [
  {
    url: "/api/contacts",
    table: "contact_messages",
    body: {
      firstName: "Ana",
      lastName: "Vula",
      email: "ana@example.fj",
      serviceInterest: "General Inquiry",
      message: "Hello",
    },
  },
  { url: "/api/reviews", table: "reviews", body: { name: "Ana Vula", rating: 4, text: "Great course" } },
  { url: "/api/enrollment/basic", table: "enrollments", body: { ...person, hasDroneExperience: false } },
  { url: "/api/enrollment/advanced", table: "enrollments", body: advanced },
  {
    url: "/api/enrollment/instructor",
    table: "enrollments",
    body: { ...advanced, teachingExperience: "Two years" },
  },
] as const;

describe.each(ENDPOINTS)("$url", ({ url, table, body }) => {
  const t = withTestApp({ env: { RATE_LIMIT_PUBLIC_PER_MINUTE: "8" } });
  const count = async () =>
    Number(
      (
        (await t.database.db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as {
          rows: { n: number }[];
        }
      ).rows[0]?.n,
    );
  const post = (payload: string | object, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: "POST",
      url,
      payload,
      headers: { ...sameSite, "content-type": "application/json", ...headers },
    });

  it("rejects malformed JSON, other content types and oversized bodies without storing anything", async () => {
    expect((await post("{not json")).statusCode).toBe(400);
    expect((await post("<xml/>", { "content-type": "text/xml" })).statusCode).toBe(400);
    const huge = await post({ ...body, padding: "x".repeat(1_048_577) });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().message).toMatch(/1 MB/);
    expect(await count()).toBe(0);
  });

  it("stores one row for a retried Idempotency-Key and a honeypot submission as spam", async () => {
    const headers = { "idempotency-key": `retry-${url.replaceAll("/", "-")}` };
    const first = await post(body, headers);
    const second = await post(body, headers);
    expect(first.statusCode).toBe(201);
    expect(second.json()).toEqual(first.json());
    expect(await count()).toBe(1);
    const bot = await post({ ...body, website: "https://spam.example" });
    expect(bot.statusCode).toBe(201);
    const spam = (await t.database.db.execute(
      sql.raw(
        table === "reviews"
          ? "select count(*)::int as n from reviews where status = 'spam'"
          : `select count(*)::int as n from ${table} where is_spam`,
      ),
    )) as unknown as { rows: { n: number }[] };
    expect(spam.rows[0]?.n).toBe(1);
  });

  it("answers 429 once the per-minute limit is spent", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await post(body)).statusCode);
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
  });
});

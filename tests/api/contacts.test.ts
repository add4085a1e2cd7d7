import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { contactMessages, emailOutbox } from "../../server/db/schema";
import { contactFromSkewedClock, contactNamed } from "../helpers/stored-rows";
import { createTestApp, postFromSite, sameSite, withTestApp } from "../helpers/test-app";

const valid = {
  firstName: "Mere",
  lastName: "Tuilagi",
  email: "Mere.Tuilagi@Example.FJ",
  organization: "NDMO",
  serviceInterest: "Disaster Management",
  message: "We would like a briefing on flood mapping.",
  formStartedAt: Date.now() - 60_000,
};

describe("POST /api/contacts", () => {
  const t = withTestApp({
    env: { STAFF_EMAIL: "staff@pacificskyrpas.example", RATE_LIMIT_PUBLIC_PER_MINUTE: "0" },
  });
  const post = (payload: unknown, headers: Record<string, string> = {}) =>
    postFromSite(t.app, "/api/contacts", payload as object, headers);

  it("stores a valid message, answers 201 with a message and queues the staff e-mail", async () => {
    const res = await post(valid);
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toMatch(/within 24 hours/);
    const rows = await t.database.db.select().from(contactMessages);
    expect(rows.at(-1)).toMatchObject({ firstName: "Mere", email: "mere.tuilagi@example.fj", isSpam: false });
    const mail = await t.database.db.select().from(emailOutbox);
    expect(mail.at(-1)).toMatchObject({
      to: "staff@pacificskyrpas.example",
      replyTo: "mere.tuilagi@example.fj",
    });
  });

  it.each(["firstName", "lastName", "email", "serviceInterest", "message"])(
    "rejects a missing %s with 400 naming it",
    async (field) => {
      const res = await post({ ...valid, [field]: undefined });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain(field);
    },
  );

  it.each([
    ["email", "not-an-email"],
    ["serviceInterest", "Pizza"],
    ["message", "x".repeat(5001)],
    ["firstName", "   "],
    ["organization", 42],
  ])("rejects a bad %s with 400", async (field, value) => {
    const res = await post({ ...valid, [field]: value });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(field);
  });

  it("answers malformed JSON, wrong content types and oversized bodies with 4xx", async () => {
    const malformed = await postFromSite(t.app, "/api/contacts", "{bad", {
      "content-type": "application/json",
    });
    expect(malformed.statusCode).toBe(400);
    const form = await postFromSite(t.app, "/api/contacts", "a=b", {
      "content-type": "application/x-www-form-urlencoded",
    });
    expect(form.statusCode).toBe(400);
    expect(form.json().message).toMatch(/JSON/);
    const huge = await post({ ...valid, message: "x".repeat(1_100_000) });
    expect(huge.statusCode).toBe(413);
  });

  it("replays the first answer for a repeated Idempotency-Key and stores one row", async () => {
    const key = "contact-retry-0001";
    const before = (await t.database.db.select().from(contactMessages)).length;
    const first = await post({ ...valid, firstName: "Retry" }, { "idempotency-key": key });
    const again = await post({ ...valid, firstName: "Retry" }, { "idempotency-key": key });
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect((await t.database.db.select().from(contactMessages)).length).toBe(before + 1);
  });

  it("stores one row when the same key arrives twice at once", async () => {
    const before = (await t.database.db.select().from(contactMessages)).length;
    const headers = { "idempotency-key": "double-click-0002" };
    const [a, b] = await Promise.all([
      post({ ...valid, firstName: "Twice" }, headers),
      post({ ...valid, firstName: "Twice" }, headers),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(b.json()).toEqual(a.json());
    expect((await t.database.db.select().from(contactMessages)).length).toBe(before + 1);
  });

  it("rejects a malformed Idempotency-Key", async () => {
    const res = await post(valid, { "idempotency-key": "no spaces allowed" });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/Idempotency-Key/);
  });

  it("keeps honeypot submissions as spam without e-mailing anyone", async () => {
    const mailBefore = (await t.database.db.select().from(emailOutbox)).length;
    const bot = await post({ ...valid, firstName: "Bot", website: "http://spam.example" });
    expect(bot.statusCode).toBe(201);
    const spam = await t.database.db.select().from(contactMessages).where(eq(contactMessages.isSpam, true));
    expect(spam.map((r) => r.firstName)).toEqual(["Bot"]);
    expect((await t.database.db.select().from(emailOutbox)).length).toBe(mailBefore);
  });

  it("a form an autofilling browser sent in under 3 seconds still reaches staff", async () => {
    const fast = await post({ ...valid, firstName: "Autofill", formElapsedMs: 900 });
    expect(fast.statusCode).toBe(201);
    const row = await contactNamed(t.database.db, "Autofill");
    expect(row?.isSpam).toBe(false);
    const mails = await t.database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.to, "staff@pacificskyrpas.example"));
    expect(mails.some((m) => m.text.includes("Autofill"))).toBe(true);
  });

  it("measures time on the form by the page, not by comparing the browser's clock with the server's", async () => {
    // A browser clock an hour fast (formStartedAt in the future) used to make a person look like a bot.
    const row = await contactFromSkewedClock(t, { ...valid, firstName: "Skewed" }, 3_600_000, 45_000);
    expect(row?.isSpam).toBe(false);
    const negative = await post({ ...valid, formElapsedMs: -5 });
    expect(negative.statusCode).toBe(400);
  });
});

describe("public POST rate limit", () => {
  it("answers 429 with a message past RATE_LIMIT_PUBLIC_PER_MINUTE", async () => {
    const t = await createTestApp({ env: { RATE_LIMIT_PUBLIC_PER_MINUTE: "2" } });
    const send = () =>
      t.app.inject({ method: "POST", url: "/api/contacts", payload: valid, headers: sameSite });
    expect((await send()).statusCode).toBe(201);
    expect((await send()).statusCode).toBe(201);
    const limited = await send();
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/wait a minute/);
    await t.close();
  });
});

// The monthly digest (docs/product.md, Monthly digest): sent on the first working day of the month in Fiji (a month
// starting on a weekend sends on the Monday), to subscribers with current access who have not unsubscribed, listing
// the documents that became public or were updated in the previous month, once per subscriber and month however many
// instances run it; nothing when no document changed. Its one-click unsubscribe (RFC 8058) needs no CSRF proof but
// a valid token.
import { eq, inArray, like } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import {
  documentCategories,
  documents,
  emailOutbox,
  noticesSent,
  subscriptions,
  users,
} from "../../server/db/schema";
import { sendMonthlyDigest } from "../../server/library/digest";
import { unsubscribeToken } from "../../server/portal/unsubscribe-token";
import { COMPANY } from "../../shared/company";
import { UNSUBSCRIBE_INVALID_MESSAGE, UNSUBSCRIBED_MESSAGE } from "../../shared/digest";
import { latestMailTo } from "../helpers/outbox-mail";
import { CROSS_SITE, withTestApp } from "../helpers/test-app";

// 1 June 2030 is a Saturday in Fiji: June's digest goes out on Monday 3 June and covers May.
const SATURDAY_1ST = new Date("2030-06-01T00:00:00Z"); // noon in Fiji
const SUNDAY_2ND = new Date("2030-06-02T00:00:00Z");
const MONDAY_3RD = new Date("2030-06-03T00:00:00Z");
const TUESDAY_4TH = new Date("2030-06-04T00:00:00Z");
// Late on Monday 3 June in Fiji, still the same day there though UTC is a day behind.
const MONDAY_3RD_EVENING = new Date("2030-06-03T10:30:00Z");
// 1 July 2030 is a Monday: July's digest goes out that day and covers June.
const MONDAY_JULY_1ST = new Date("2030-07-01T00:00:00Z");

const ACCESS_UNTIL = new Date("2030-12-31T00:00:00Z");

describe("monthly digest", () => {
  const t = withTestApp();
  let db: typeof t.database.db;
  let category: { id: number; name: string };
  const context = () => ({ publicUrl: t.app.env.PUBLIC_URL, key: t.app.unsubscribeKey });
  const run = (now: Date) => sendMonthlyDigest(db, context(), now);
  const outbox = () => db.select().from(emailOutbox).orderBy(emailOutbox.id);

  beforeEach(async () => {
    db = t.database.db;
    await db.delete(emailOutbox);
    await db.delete(noticesSent);
    await db.delete(subscriptions);
    await db.delete(users);
    // The seeded documents carry today's times; these tests run in 2030 with documents of their own.
    await db.delete(documents);
    const [first] = await db.select().from(documentCategories).orderBy(documentCategories.position).limit(1);
    if (!first) throw new Error("no seeded category");
    category = first;
  });

  let nextId = 0;
  async function addDocument(title: string, times: { publishAt: Date | null; updatedAt: Date }) {
    nextId += 1;
    await db.insert(documents).values({
      id: `digest-test-${nextId}`,
      title,
      description: `About ${title}`,
      type: "Guide",
      category: category.name,
      categoryId: category.id,
      fileSize: "1.0 MB",
      storageKey: `library/digest-test-${nextId}/v1.pdf`,
      currentVersion: 1,
      createdAt: times.publishAt ?? times.updatedAt,
      ...times,
    });
  }

  async function subscriber(
    email: string,
    options: { accessUntil?: Date; account?: boolean; optedOut?: boolean } = {},
  ) {
    await db.insert(subscriptions).values({
      email,
      provider: "manual",
      status: "active",
      currentPeriodEnd: options.accessUntil ?? ACCESS_UNTIL,
    });
    if (options.account === false) return;
    await db
      .insert(users)
      .values({ email, digestOptOutAt: options.optedOut ? new Date("2030-04-01T00:00:00Z") : null });
  }

  /** May 2030's changes, and documents that must stay out of May's digest. */
  async function mayDocuments() {
    await addDocument("Drone Survey Checklist", {
      publishAt: new Date("2030-05-10T03:00:00Z"),
      updatedAt: new Date("2030-05-10T03:00:00Z"),
    });
    await addDocument("Operations Manual Template", {
      publishAt: new Date("2029-01-01T00:00:00Z"),
      updatedAt: new Date("2030-05-20T03:00:00Z"),
    });
    await addDocument("Unfinished Draft", { publishAt: null, updatedAt: new Date("2030-05-15T00:00:00Z") });
    await addDocument("Scheduled For June", {
      publishAt: new Date("2030-06-02T00:00:00Z"),
      updatedAt: new Date("2030-05-15T00:00:00Z"),
    });
    await addDocument("Untouched Since 2029", {
      publishAt: new Date("2029-03-01T00:00:00Z"),
      updatedAt: new Date("2029-03-01T00:00:00Z"),
    });
    // Published at 23:30 on 31 May in Fiji (11:30 UTC): still May there.
    await addDocument("Late May Bulletin", {
      publishAt: new Date("2030-05-31T11:30:00Z"),
      updatedAt: new Date("2030-05-31T11:30:00Z"),
    });
  }

  it("waits for the first working day: a month starting on a Saturday sends on the Monday, once", async () => {
    await mayDocuments();
    await subscriber("pilot@example.fj");
    expect(await run(SATURDAY_1ST)).toBe(0);
    expect(await run(SUNDAY_2ND)).toBe(0);
    expect(await outbox()).toEqual([]);
    expect(await run(MONDAY_3RD)).toBe(1);
    // The hourly checks later that day, and the next day, send nothing more.
    expect(await run(MONDAY_3RD_EVENING)).toBe(0);
    expect(await run(TUESDAY_4TH)).toBe(0);
    expect((await outbox()).map((mail) => mail.to)).toEqual(["pilot@example.fj"]);
  });

  it("lists what became public or changed last month, with the portal link and unsubscribe headers", async () => {
    await mayDocuments();
    await subscriber("pilot@example.fj");
    await run(MONDAY_3RD);
    const [mail] = await outbox();
    expect(mail?.subject).toBe("New in the Document Portal: May 2030");
    const text = mail?.text ?? "";
    expect(text).toContain(
      `New documents:\n- Drone Survey Checklist (${category.name})\n- Late May Bulletin (${category.name})`,
    );
    expect(text).toContain(`Updated documents:\n- Operations Manual Template (${category.name})`);
    for (const absent of ["Unfinished Draft", "Scheduled For June", "Untouched Since 2029"]) {
      expect(text).not.toContain(absent);
    }
    expect(text).toContain(`${t.app.env.PUBLIC_URL}/portal`);
    // Signed with the company's details (whatever shape the signature helper has).
    expect(text).toMatch(new RegExp(`\n${COMPANY.name}\n`));
    expect(text).not.toContain("=>");
    const [user] = await db.select().from(users).where(eq(users.email, "pilot@example.fj"));
    const token = unsubscribeToken(t.app.unsubscribeKey, user?.id ?? 0);
    expect(text).toContain(`${t.app.env.PUBLIC_URL}/unsubscribe?token=${token}`);
    expect(mail?.headers).toEqual({
      "List-Unsubscribe": `<${t.app.env.PUBLIC_URL}/api/digest/unsubscribe?token=${token}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
    // As sent: both headers on the message itself, where mail programs look for them.
    await t.app.outbox.drain();
    const eml = latestMailTo(t.app.env.DATA_DIR, "pilot@example.fj") ?? "";
    expect(eml.replace(/\r?\n[ \t]+/g, " ")).toContain(
      `List-Unsubscribe: <${t.app.env.PUBLIC_URL}/api/digest/unsubscribe?token=${token}>`,
    );
    expect(eml).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
  });

  it("goes only to subscribers with current access who have not unsubscribed", async () => {
    await mayDocuments();
    await subscriber("active@example.fj");
    await subscriber("paid-never-signed-in@example.fj", { account: false });
    await subscriber("opted-out@example.fj", { optedOut: true });
    await subscriber("lapsed@example.fj", { accessUntil: new Date("2030-05-31T00:00:00Z") });
    await db.insert(users).values({ email: "signed-in-never-paid@example.fj" });
    expect(await run(MONDAY_3RD)).toBe(2);
    expect((await outbox()).map((mail) => mail.to).sort()).toEqual([
      "active@example.fj",
      "paid-never-signed-in@example.fj",
    ]);
    // The subscriber who paid without signing in now has the portal account their unsubscribe link names.
    const created = await db.select().from(users).where(eq(users.email, "paid-never-signed-in@example.fj"));
    expect(created).toHaveLength(1);
  });

  it("sends nothing in a month when no document was published or updated", async () => {
    await mayDocuments();
    await subscriber("pilot@example.fj");
    // June saw only the scheduled document become public on 2 June: July's digest lists it alone.
    await db.delete(documents).where(like(documents.title, "Scheduled%"));
    expect(await run(MONDAY_JULY_1ST)).toBe(0);
    expect(await outbox()).toEqual([]);
    await addDocument("Scheduled For June", {
      publishAt: new Date("2030-06-02T00:00:00Z"),
      updatedAt: new Date("2030-05-15T00:00:00Z"),
    });
    expect(await run(MONDAY_JULY_1ST)).toBe(1);
    expect((await outbox())[0]?.text).toContain("New documents:\n- Scheduled For June");
  });

  it("is sent once per subscriber when several instances run it at the same moment", async () => {
    await mayDocuments();
    const emails = ["a@example.fj", "b@example.fj", "c@example.fj", "d@example.fj"];
    for (const email of emails) await subscriber(email, { account: email !== "d@example.fj" });
    const counts = await Promise.all([run(MONDAY_3RD), run(MONDAY_3RD), run(MONDAY_3RD)]);
    expect(counts.reduce((sum, count) => sum + count, 0)).toBe(emails.length);
    expect((await outbox()).map((mail) => mail.to).sort()).toEqual(emails);
    const keys = await db.select().from(noticesSent).where(like(noticesSent.key, "digest:2030-05:%"));
    expect(keys).toHaveLength(emails.length);
  });

  it("one-click unsubscribe works from a mail program (no Origin, another site) but not with a bad token", async () => {
    await subscriber("pilot@example.fj");
    await subscriber("other@example.fj");
    const accounts = await db
      .select()
      .from(users)
      .where(inArray(users.email, ["pilot@example.fj", "other@example.fj"]));
    const pilot = accounts.find((row) => row.email === "pilot@example.fj");
    const other = accounts.find((row) => row.email === "other@example.fj");
    if (!pilot || !other) throw new Error("accounts missing");
    const token = unsubscribeToken(t.app.unsubscribeKey, pilot.id);
    const oneClick = (query: string, headers: Record<string, string> = {}) =>
      t.app.inject({
        method: "POST",
        url: `/api/digest/unsubscribe${query}`,
        payload: "List-Unsubscribe=One-Click",
        headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
      });

    // Another subscriber's id with this token, a forged signature, and no token at all are refused.
    const forged = `${other.id}.${token.split(".")[1]}`;
    for (const query of [`?token=${forged}`, `?token=${pilot.id}.${"A".repeat(32)}`, "", "?token=nonsense"]) {
      const refused = await oneClick(query, CROSS_SITE);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.message).toBe(UNSUBSCRIBE_INVALID_MESSAGE);
    }
    const optedOut = () =>
      db.select({ email: users.email, at: users.digestOptOutAt }).from(users).orderBy(users.email);
    expect((await optedOut()).every((row) => row.at === null)).toBe(true);

    // A body that is not the one-click request is not one.
    const otherBody = await t.app.inject({
      method: "POST",
      url: `/api/digest/unsubscribe?token=${token}`,
      payload: "List-Unsubscribe=Something-Else",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(otherBody.statusCode).toBe(400);
    expect((await optedOut()).every((row) => row.at === null)).toBe(true);

    const res = await oneClick(`?token=${token}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: UNSUBSCRIBED_MESSAGE });
    // Multipart, as RFC 8058 prefers, from another site: also fine, and a repeat keeps the first time.
    const boundary = "----digest";
    const multipart = await t.app.inject({
      method: "POST",
      url: `/api/digest/unsubscribe?token=${token}`,
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`,
      headers: { "content-type": `multipart/form-data; boundary=${boundary}`, ...CROSS_SITE },
    });
    expect(multipart.statusCode).toBe(200);
    const after = await optedOut();
    expect(after.find((row) => row.email === "pilot@example.fj")?.at).toBeInstanceOf(Date);
    expect(after.find((row) => row.email === "other@example.fj")?.at).toBeNull();

    // The unsubscribed subscriber is left out of the next digest.
    await mayDocuments();
    expect(await run(MONDAY_3RD)).toBe(1);
    expect((await outbox()).map((mail) => mail.to)).toEqual(["other@example.fj"]);
  });

  it("a token names a subscriber who no longer exists: refused", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: `/api/digest/unsubscribe?token=${unsubscribeToken(t.app.unsubscribeKey, 999_999)}`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(UNSUBSCRIBE_INVALID_MESSAGE);
  });
});

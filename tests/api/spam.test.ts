// The Spam view: honeypot catches are kept with their reason, staff restore ("Not spam", with the e-mails the person
// missed) or delete them, old ones are purged, and a fast (autofilled) applicant still reaches staff.
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { contactMessages, emailOutbox, enrollments, reviews } from "../../server/db/schema";
import { purgeSpam } from "../../server/intake/spam";
import { createStaffAndSignIn } from "../helpers/admin-session";
import { contactFromSkewedClock, contactNamed, enrollmentNamed } from "../helpers/stored-rows";
import { createTestApp, postFromSite, sameSite, withTestApp } from "../helpers/test-app";

const STAFF_EMAIL = "staff@pacificskyrpas.example";
const contact = {
  firstName: "Litia",
  lastName: "Vula",
  email: "litia.vula@example.fj",
  serviceInterest: "General Inquiry",
  message: "Please call me about mapping.",
  formElapsedMs: 60_000,
};
const applicant = {
  firstName: "Sefo",
  lastName: "Naivalu",
  email: "sefo.naivalu@example.fj",
  phone: "+679 990 4444",
  highestEducation: "certificate",
  hasDroneExperience: false,
  formElapsedMs: 60_000,
};
const review = { name: "Ana Koro", rating: 5, text: "Clear, practical training.", formElapsedMs: 60_000 };

describe("spam quarantine", () => {
  const t = withTestApp({ env: { STAFF_EMAIL, RATE_LIMIT_PUBLIC_PER_MINUTE: "0" } });
  let cookie: string;
  beforeAll(async () => {
    cookie = await createStaffAndSignIn(t.app, t.database.db);
  });
  const post = (url: string, payload: object) =>
    t.app.inject({ method: "POST", url, payload, headers: sameSite });
  const staff = (method: "GET" | "POST" | "DELETE", url: string) =>
    t.app.inject({ method, url, headers: { cookie, origin: t.app.env.PUBLIC_URL } });
  const mailTo = (to: string) => t.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, to));

  it("keeps a honeypot submission with its reason and lists it in the Spam view, e-mailing no one", async () => {
    const before = (await t.database.db.select().from(emailOutbox)).length;
    const bot = await post("/api/enrollment/basic", {
      ...applicant,
      firstName: "Honey",
      website: "http://x.example",
    });
    expect(bot.statusCode).toBe(201);
    const row = await enrollmentNamed(t.database.db, "Honey");
    expect(row).toMatchObject({ isSpam: true, spamReason: "honeypot" });
    expect((await t.database.db.select().from(emailOutbox)).length).toBe(before);

    const list = await staff("GET", "/api/admin/spam?kind=enrollment");
    expect(list.statusCode).toBe(200);
    expect(list.json().items).toContainEqual(
      expect.objectContaining({ kind: "enrollment", id: row?.id, name: "Honey Naivalu", reason: "honeypot" }),
    );
    // Not in the list staff normally work from.
    const normal = await staff("GET", "/api/enrollments?tab=all");
    expect(JSON.stringify(normal.json())).not.toContain("Honey");
  });

  it("lists all three kinds, pages like the other staff lists, and is staff-only", async () => {
    await post("/api/contacts", { ...contact, firstName: "Spamcontact", website: "x" });
    await post("/api/reviews", { ...review, name: "Spamreview", website: "x" });
    const all = await staff("GET", "/api/admin/spam");
    const kinds = new Set(all.json().items.map((i: { kind: string }) => i.kind));
    expect(kinds).toEqual(new Set(["contact", "review", "enrollment"]));
    expect(all.json().total).toBeGreaterThanOrEqual(3);
    const page = await staff("GET", "/api/admin/spam?limit=1&offset=1");
    expect(page.json().items).toHaveLength(1);
    expect((await staff("GET", "/api/admin/spam?kind=pizza")).statusCode).toBe(400);
    const anonymous = await t.app.inject({ method: "GET", url: "/api/admin/spam" });
    expect(anonymous.statusCode).toBe(401);
  });

  it("Not spam restores an enrollment and queues the confirmation and staff e-mail it missed (audited)", async () => {
    await post("/api/enrollment/basic", {
      ...applicant,
      firstName: "Restored",
      email: "restored@example.fj",
      website: "x",
    });
    const row = await enrollmentNamed(t.database.db, "Restored");
    expect(await mailTo("restored@example.fj")).toHaveLength(0);
    const res = await staff("POST", `/api/admin/spam/enrollment/${row?.id}/not-spam`);
    expect(res.statusCode).toBe(200);
    const [after] = await t.database.db
      .select()
      .from(enrollments)
      .where(eq(enrollments.id, row?.id ?? 0));
    expect(after?.isSpam).toBe(false);
    const confirmation = await mailTo("restored@example.fj");
    expect(confirmation).toHaveLength(1);
    expect((await mailTo(STAFF_EMAIL)).some((m) => m.text.includes("Restored"))).toBe(true);
    const normal = await staff("GET", "/api/enrollments?tab=all");
    expect(JSON.stringify(normal.json())).toContain("Restored");
    const log = await t.database.db.execute(
      sql`select action, subject from audit_log where action = 'spam.restored'`,
    );
    expect(JSON.stringify(log)).toContain(`enrollment ${row?.id}`);
    // A second press finds nothing left in spam.
    expect((await staff("POST", `/api/admin/spam/enrollment/${row?.id}/not-spam`)).statusCode).toBe(404);
  });

  it("Not spam puts a review back to pending and a contact message back in the inbox, each notifying staff", async () => {
    await post("/api/reviews", { ...review, name: "Backreview", website: "x" });
    await post("/api/contacts", { ...contact, firstName: "Backcontact", website: "x" });
    const [r] = await t.database.db.select().from(reviews).where(eq(reviews.name, "Backreview"));
    const c = await contactNamed(t.database.db, "Backcontact");
    expect((await staff("POST", `/api/admin/spam/review/${r?.id}/not-spam`)).statusCode).toBe(200);
    expect((await staff("POST", `/api/admin/spam/contact/${c?.id}/not-spam`)).statusCode).toBe(200);
    const [r2] = await t.database.db
      .select()
      .from(reviews)
      .where(eq(reviews.id, r?.id ?? 0));
    const [c2] = await t.database.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.id, c?.id ?? 0));
    expect(r2?.status).toBe("pending");
    expect(c2?.isSpam).toBe(false);
    const staffMail = await mailTo(STAFF_EMAIL);
    expect(staffMail.some((m) => m.subject.includes(`review #${r?.id}`))).toBe(true);
    expect(staffMail.some((m) => m.subject.includes(`enquiry #${c?.id}`))).toBe(true);
  });

  it("delete removes only a caught row, audited", async () => {
    await post("/api/contacts", { ...contact, firstName: "Deleteme", website: "x" });
    await post("/api/contacts", { ...contact, firstName: "Realperson" });
    const spam = await contactNamed(t.database.db, "Deleteme");
    const real = await contactNamed(t.database.db, "Realperson");
    expect((await staff("DELETE", `/api/admin/spam/contact/${real?.id}`)).statusCode).toBe(404);
    expect((await staff("DELETE", `/api/admin/spam/contact/${spam?.id}`)).statusCode).toBe(200);
    const left = await t.database.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.id, spam?.id ?? 0));
    expect(left).toHaveLength(0);
    expect(
      await t.database.db
        .select()
        .from(contactMessages)
        .where(eq(contactMessages.id, real?.id ?? 0)),
    ).toHaveLength(1);
    const log = await t.database.db.execute(sql`select subject from audit_log where action = 'spam.deleted'`);
    expect(JSON.stringify(log)).toContain(`contact ${spam?.id}`);
  });

  it("purge removes only caught rows older than 30 days", async () => {
    const old = new Date(Date.now() - 31 * 86_400_000);
    const recent = new Date(Date.now() - 29 * 86_400_000);
    const values = { lastName: "P", email: "p@example.fj", serviceInterest: "General Inquiry", message: "m" };
    await t.database.db.insert(contactMessages).values([
      { ...values, firstName: "OldSpam", isSpam: true, spamReason: "honeypot", createdAt: old },
      { ...values, firstName: "RecentSpam", isSpam: true, spamReason: "honeypot", createdAt: recent },
      { ...values, firstName: "OldReal", isSpam: false, createdAt: old },
    ]);
    await t.database.db.insert(reviews).values([
      { name: "OldSpamReview", rating: 1, text: "x", status: "spam", createdAt: old },
      { name: "OldRejected", rating: 1, text: "x", status: "rejected", createdAt: old },
    ]);
    await t.database.db.insert(enrollments).values({
      ...applicant,
      courseType: "basic",
      firstName: "OldSpamEnrol",
      isSpam: true,
      submittedAt: old,
    });
    const purged = await purgeSpam(t.database.db);
    expect(purged).toEqual({ contact: 1, review: 1, enrollment: 1 });
    const names = (await t.database.db.select().from(contactMessages)).map((r) => r.firstName);
    expect(names).toContain("RecentSpam");
    expect(names).toContain("OldReal");
    expect(names).not.toContain("OldSpam");
    const reviewNames = (await t.database.db.select().from(reviews)).map((r) => r.name);
    expect(reviewNames).toContain("OldRejected");
    expect(reviewNames).not.toContain("OldSpamReview");
    expect(
      await t.database.db.select().from(enrollments).where(eq(enrollments.firstName, "OldSpamEnrol")),
    ).toHaveLength(0);
  });

  it("an applicant whose browser autofilled the form in under 3 seconds reaches staff, marked 'too fast'", async () => {
    const res = await post("/api/enrollment/basic", {
      ...applicant,
      firstName: "Autofill",
      email: "autofill@example.fj",
      formElapsedMs: 800,
    });
    expect(res.statusCode).toBe(201);
    const row = await enrollmentNamed(t.database.db, "Autofill");
    expect(row).toMatchObject({ isSpam: false, spamReason: "too fast" });
    const list = await staff("GET", "/api/enrollments?tab=all");
    expect(JSON.stringify(list.json())).toContain("Autofill");
    expect((await mailTo(STAFF_EMAIL)).some((m) => m.text.includes("Autofill"))).toBe(true);
    expect(await mailTo("autofill@example.fj")).toHaveLength(1);
    const spam = await staff("GET", "/api/admin/spam?kind=enrollment");
    expect(JSON.stringify(spam.json())).not.toContain("Autofill");
  });

  it("elapsed time decides, whatever the clocks: >= 3000 ms is not spam even with a skewed old formStartedAt", async () => {
    const row = await contactFromSkewedClock(t, { ...contact, firstName: "Slowskew" }, 7_200_000, 3000);
    expect(row).toMatchObject({ isSpam: false, spamReason: null });
  });

  it("a resent submission keeps the time already spent (same elapsed value, same key: one row, not spam)", async () => {
    const body = { ...contact, firstName: "Resent", formElapsedMs: 42_000 };
    const headers = { ...sameSite, "idempotency-key": "resent-queue-0001" };
    const first = await t.app.inject({ method: "POST", url: "/api/contacts", payload: body, headers });
    // Sent again from a queue much later: the page sends the same elapsed time it had measured.
    const again = await t.app.inject({ method: "POST", url: "/api/contacts", payload: body, headers });
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    const rows = await t.database.db
      .select()
      .from(contactMessages)
      .where(and(eq(contactMessages.firstName, "Resent"), eq(contactMessages.isSpam, false)));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.spamReason).toBeNull();
  });
});

describe("over the rate limit", () => {
  it("answers 429 and stores nothing", async () => {
    const t = await createTestApp({ env: { RATE_LIMIT_PUBLIC_PER_MINUTE: "1" } });
    const send = (firstName: string) => postFromSite(t.app, "/api/contacts", { ...contact, firstName });
    expect((await send("Allowed")).statusCode).toBe(201);
    expect((await send("Limited")).statusCode).toBe(429);
    const names = (await t.database.db.select().from(contactMessages)).map((r) => r.firstName);
    expect(names).toEqual(["Allowed"]);
    const enrol = (firstName: string) =>
      postFromSite(t.app, "/api/enrollment/basic", { ...applicant, firstName });
    expect((await enrol("AllowedApplicant")).statusCode).toBe(201);
    expect((await enrol("LimitedApplicant")).statusCode).toBe(429);
    const applicants = (await t.database.db.select().from(enrollments)).map((r) => r.firstName);
    expect(applicants).toEqual(["AllowedApplicant"]);
    await t.close();
  });
});

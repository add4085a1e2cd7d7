import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog, contactMessages, enrollments, reviews } from "../../server/db/schema";
import type { AdminEnrollment, EnrollmentSummary } from "../../shared/admin";
import { createStaffAndSignIn, insertEnrollment } from "../helpers/admin-session";
import { sameSite, withTestApp } from "../helpers/test-app";

const ADMIN_ENDPOINTS = [
  ["POST", "/api/admin/logout"],
  ["GET", "/api/admin/auth"],
  ["GET", "/api/enrollments"],
  ["GET", "/api/enrollments/summary"],
  ["PATCH", "/api/enrollments/1/processed"],
  ["GET", "/api/enrollments/export.csv"],
  ["POST", "/api/admin/sync-google-sheets"],
  ["GET", "/api/admin/messages"],
  ["PATCH", "/api/admin/messages/1/handled"],
  ["GET", "/api/admin/reviews"],
  ["PATCH", "/api/admin/reviews/1"],
  ["GET", "/api/admin/audit"],
] as const;

describe("the staff dashboard API", () => {
  let cookie: string;
  const get = (url: string) => t.app.inject({ method: "GET", url, headers: { cookie } });
  const patch = (url: string, payload: object) =>
    t.app.inject({ method: "PATCH", url, payload, headers: { ...sameSite, cookie } });

  const t = withTestApp({ env: { RATE_LIMIT_PUBLIC_PER_MINUTE: "0" } });
  beforeAll(async () => {
    cookie = await createStaffAndSignIn(t.app, t.database.db);
  });

  it.each(ADMIN_ENDPOINTS)("%s %s answers 401 without a staff session", async (method, url) => {
    const res = await t.app.inject({
      method,
      url,
      headers: sameSite,
      ...(method === "GET" ? {} : { payload: { notes: "x", status: "approved" } }),
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe("Please sign in as staff to continue.");
  });

  it("lists every enrollment field, newest first, without spam", async () => {
    const older = await insertEnrollment(t.database.db, {
      courseType: "advanced",
      firstName: "Older",
      submittedAt: new Date(Date.now() - 3 * 86_400_000),
      dronesFlown: "DJI Matrice 300",
      totalFlyingHours: 120.5,
      totalPICHours: 80,
      address: "Lot 4, Suva",
      additionalInfo: "Prefers weekend classes",
    });
    const newer = await insertEnrollment(t.database.db, { firstName: "Newer" });
    await insertEnrollment(t.database.db, { firstName: "Spammy", isSpam: true });
    const res = await get("/api/enrollments");
    expect(res.statusCode).toBe(200);
    const rows = res.json() as AdminEnrollment[];
    expect(rows.map((row) => row.id)).toEqual([newer, older]);
    expect(rows[1]).toMatchObject({
      id: older,
      courseType: "advanced",
      firstName: "Older",
      lastName: "Tester",
      phone: "+679 990 1234",
      highestEducation: "bachelor",
      totalFlyingHours: 120.5,
      totalPICHours: 80,
      dronesFlown: "DJI Matrice 300",
      hasDroneExperience: false,
      isProcessed: false,
      processingNotes: null,
      additionalInfo: "Prefers weekend classes",
      googleSheetsSync: false,
    });
    expect(Object.keys(rows[1] ?? {})).toEqual(
      expect.arrayContaining(["email", "submittedAt", "address", "dateOfBirth", "teachingExperience"]),
    );
    expect(new Date(rows[1]?.submittedAt ?? "").toISOString()).toBe(rows[1]?.submittedAt);
  });

  it("filters by tab and search, and pages", async () => {
    await t.database.db.delete(enrollments);
    for (let i = 0; i < 7; i++)
      await insertEnrollment(t.database.db, { courseType: "instructor", lastName: `Page${i}` });
    await insertEnrollment(t.database.db, {
      firstName: "Litia",
      lastName: "Naivalu",
      email: "litia@example.fj",
    });
    await insertEnrollment(t.database.db, { firstName: "Done", isProcessed: true });
    const ids = (url: string) =>
      get(url).then((res) => (res.json() as AdminEnrollment[]).map((row) => row.id));

    expect(await ids("/api/enrollments?tab=instructor")).toHaveLength(7);
    expect(await ids("/api/enrollments?tab=pending")).toHaveLength(8);
    expect(await ids("/api/enrollments?tab=basic")).toHaveLength(2);
    const found = (await get("/api/enrollments?q=litia%20nai")).json() as AdminEnrollment[];
    expect(found.map((row) => row.firstName)).toEqual(["Litia"]);
    expect(await ids("/api/enrollments?q=LITIA%40example")).toHaveLength(1);
    // LIKE wildcards are taken literally.
    expect(await ids("/api/enrollments?q=%25")).toHaveLength(0);
    const page1 = await ids("/api/enrollments?tab=instructor&limit=5");
    const page2 = await ids("/api/enrollments?tab=instructor&limit=5&offset=5");
    expect(page1).toHaveLength(5);
    expect(page2).toHaveLength(2);
    expect(new Set([...page1, ...page2]).size).toBe(7);
    for (const bad of ["tab=spam", "limit=0", "limit=201", "offset=-1", "limit=abc"]) {
      const res = await get(`/api/enrollments?${bad}`);
      expect(res.statusCode, bad).toBe(400);
    }
  });

  it("summarises counts for the cards and tabs, and 12 weeks per course for the chart", async () => {
    await t.database.db.delete(enrollments);
    const weeksAgo = (weeks: number) => new Date(Date.now() - weeks * 7 * 86_400_000);
    await insertEnrollment(t.database.db, { courseType: "basic", submittedAt: weeksAgo(0) });
    await insertEnrollment(t.database.db, {
      courseType: "basic",
      submittedAt: weeksAgo(0),
      isProcessed: true,
    });
    await insertEnrollment(t.database.db, { courseType: "advanced", submittedAt: weeksAgo(3) });
    await insertEnrollment(t.database.db, { courseType: "instructor", submittedAt: weeksAgo(20) });
    await insertEnrollment(t.database.db, { courseType: "instructor", isSpam: true });
    const summary = (await get("/api/enrollments/summary")).json() as EnrollmentSummary;
    expect(summary).toMatchObject({
      total: 4,
      processed: 1,
      pending: 3,
      basic: 2,
      advanced: 1,
      instructor: 1,
      activeCourses: 4,
    });
    expect(summary.weekly).toHaveLength(12);
    expect(summary.weekly.at(-1)).toMatchObject({ basic: 2, advanced: 0, instructor: 0 });
    expect(summary.weekly.at(-4)).toMatchObject({ basic: 0, advanced: 1, instructor: 0 });
    const charted = summary.weekly.reduce(
      (sum, week) => sum + week.basic + week.advanced + week.instructor,
      0,
    );
    expect(charted).toBe(3); // 20 weeks ago is off the chart
    for (const week of summary.weekly) expect(new Date(`${week.weekStart}T00:00:00Z`).getUTCDay()).toBe(1);
    const narrowed = (await get("/api/enrollments/summary?q=nobody-matches")).json() as EnrollmentSummary;
    expect(narrowed.total).toBe(0);
  });

  it("marks an enrollment processed with notes, once, recording who and when", async () => {
    const id = await insertEnrollment(t.database.db, { firstName: "Pending" });
    const res = await patch(`/api/enrollments/${id}/processed`, { notes: "  Called, paid deposit  " });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id,
      isProcessed: true,
      processingNotes: "Called, paid deposit",
      processedBy: "staff",
    });
    expect(Date.now() - new Date(res.json().processedAt).getTime()).toBeLessThan(60_000);
    const again = await patch(`/api/enrollments/${id}/processed`, { notes: "second" });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("This enrollment was already processed by staff.");
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.subject, `enrollment ${id}`));
    expect(entry).toMatchObject({ actor: "staff", action: "enrollment.processed" });

    const empty = await insertEnrollment(t.database.db);
    const noNotes = await patch(`/api/enrollments/${empty}/processed`, {});
    expect(noNotes.json()).toMatchObject({ isProcessed: true, processingNotes: null });
  });

  it("answers 404 for unknown or malformed ids and 400 for bad notes", async () => {
    for (const id of ["999999", "0", "abc", "1.5", "-1", "99999999999", "%2e%2e%2f1"]) {
      const res = await patch(`/api/enrollments/${id}/processed`, { notes: "x" });
      expect(res.statusCode, id).toBe(404);
    }
    const spam = await insertEnrollment(t.database.db, { isSpam: true });
    expect((await patch(`/api/enrollments/${spam}/processed`, {})).statusCode).toBe(404);
    const id = await insertEnrollment(t.database.db);
    const long = await patch(`/api/enrollments/${id}/processed`, { notes: "x".repeat(2001) });
    expect(long.statusCode).toBe(400);
    expect((await patch(`/api/enrollments/${id}/processed`, { notes: 42 })).statusCode).toBe(400);
  });

  it("exports the spec's CSV: dated file name, BOM, columns in order, formulas neutralised", async () => {
    await t.database.db.delete(enrollments);
    await insertEnrollment(t.database.db, {
      firstName: '=HYPERLINK("http://evil.example","click")',
      lastName: "O'Brien, Jr.",
      processingNotes: 'Said "yes"\non the phone',
      isProcessed: true,
    });
    const res = await get("/api/enrollments/export.csv");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toMatch(
      /^attachment; filename="enrollments-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const body = res.rawPayload.toString("utf8");
    expect(body.startsWith("\uFEFF")).toBe(true);
    const [header, row] = body.slice(1).split("\r\n");
    // The spec's columns first and unchanged, then the training columns.
    expect(header).toBe(
      "ID,Course Type,First Name,Last Name,Email,Phone,Education,Flying Hours,PIC Hours,Drone Experience,Submitted Date,Processed,Processing Notes,Intake,Place,Fee,Paid,Due",
    );
    expect(row).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")"`);
    expect(row).toContain('"O\'Brien, Jr."');
    expect(body).toContain('"Said ""yes""\non the phone"');
    // A GET has no side effect: the export is logged by the server, not written to the audit table.
    expect(await t.database.db.select().from(auditLog).where(eq(auditLog.action, "csv.export"))).toEqual([]);
  });

  it("says plainly when Google Sheets sync is not configured", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/admin/sync-google-sheets",
      headers: { ...sameSite, cookie },
    });
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toContain("Google Sheets sync is not configured");
  });

  it("lists open contact messages and marks them handled", async () => {
    const [message] = await t.database.db
      .insert(contactMessages)
      .values({
        firstName: "Ana",
        lastName: "Koroi",
        email: "ana@example.fj",
        serviceInterest: "General Inquiry",
        message: "Do you survey sugar cane farms?",
      })
      .returning({ id: contactMessages.id });
    await t.database.db.insert(contactMessages).values({
      firstName: "Bot",
      lastName: "Spam",
      email: "bot@example.com",
      serviceInterest: "General Inquiry",
      message: "buy now",
      isSpam: true,
    });
    const open = (await get("/api/admin/messages")).json();
    expect(open.total).toBe(1);
    expect(open.items[0]).toMatchObject({ firstName: "Ana", handledAt: null });
    const res = await patch(`/api/admin/messages/${message?.id}/handled`, {});
    expect(res.json()).toMatchObject({ handledBy: "staff" });
    expect((await get("/api/admin/messages")).json().total).toBe(0);
    expect((await get("/api/admin/messages?status=handled&q=koroi")).json().total).toBe(1);
    expect((await patch("/api/admin/messages/424242/handled", {})).statusCode).toBe(404);
  });

  it("approves a pending review so it goes public, and rejects another", async () => {
    const [good, bad] = await t.database.db
      .insert(reviews)
      .values([
        { name: "Seini", rating: 5, text: "Superb course" },
        { name: "Troll", rating: 1, text: "meh" },
      ])
      .returning({ id: reviews.id });
    const pending = (await get("/api/admin/reviews?status=pending")).json();
    expect(pending.total).toBe(2);
    const publicBefore = (await t.app.inject({ method: "GET", url: "/api/reviews" })).json();
    expect(publicBefore).toHaveLength(0);
    expect((await patch(`/api/admin/reviews/${good?.id}`, { status: "approved" })).json()).toMatchObject({
      status: "approved",
      moderatedBy: "staff",
    });
    expect((await patch(`/api/admin/reviews/${bad?.id}`, { status: "rejected" })).statusCode).toBe(200);
    expect((await patch(`/api/admin/reviews/${bad?.id}`, { status: "spam-ish" })).statusCode).toBe(400);
    const publicAfter = (await t.app.inject({ method: "GET", url: "/api/reviews" })).json();
    expect(publicAfter.map((review: { name: string }) => review.name)).toEqual(["Seini"]);
    expect((await get("/api/admin/reviews?status=pending")).json().total).toBe(0);
  });

  it("keeps an audit log of who did what, newest first", async () => {
    const res = await get("/api/admin/audit?limit=100");
    const { items, total } = res.json();
    expect(total).toBeGreaterThanOrEqual(5);
    const actions = items.map((entry: { action: string }) => entry.action);
    expect(actions).toEqual(
      expect.arrayContaining(["login", "enrollment.processed", "message.handled", "review.approved"]),
    );
    expect(items[0].action).toBe("review.rejected");
    expect(items.every((entry: { actor: string }) => entry.actor === "staff")).toBe(true);
    await t.database.db.execute(sql`select 1`);
  });
});

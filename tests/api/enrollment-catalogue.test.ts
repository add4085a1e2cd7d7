// Walks the enrollment field catalogue: every field of every course, with a value of its own, must reach the shared
// schema, the API (stored and listed back), the CSV and the Google Sheets row (where it has a column) and both
// e-mails, from the catalogue alone. The browser side (form and dashboard card) is walked by
// tests/e2e/enrollment-catalogue.spec.ts.
import { desc } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { emailOutbox } from "../../server/db/schema";
import { type AdminEnrollment, CSV_COLUMNS, EXPORT_COLUMNS } from "../../shared/admin";
import { COURSE_TYPES, type CourseType } from "../../shared/constants";
import { ENROLLMENT_SCHEMAS } from "../../shared/enrollment";
import { applicantName, displayValue } from "../../shared/enrollment-display";
import { ENROLLMENT_FIELDS, fieldsFor } from "../../shared/enrollment-fields";
import { createStaffAndSignIn } from "../helpers/admin-session";
import { SPEC_CSV_COLUMNS, SPEC_TRAINING_COLUMNS } from "../helpers/csv";
import { sampleEnrollment } from "../helpers/enrollment-samples";
import { withFakeSheets } from "../helpers/sheets";
import { sameSite, withTestApp } from "../helpers/test-app";

/** How an application without an intake fills the training columns. */
const NO_INTAKE = ["Any upcoming date", "", "", "", ""];

/** Splits one CSV record into its cells (the test values hold no quotes, commas or line breaks). */
const cells = (line: string) => line.replace(/^\uFEFF/, "").split(",");

describe("the enrollment field catalogue", () => {
  const sheets = withFakeSheets("catalogue-sheet");
  const t = withTestApp(() => ({
    env: {
      STAFF_EMAIL: "training@pacificskyrpas.example",
      RATE_LIMIT_PUBLIC_PER_MINUTE: "0",
      ...sheets.env(),
    },
  }));
  let cookie: string;
  const listed = new Map<CourseType, AdminEnrollment>();
  const mail = new Map<CourseType, string[]>();

  beforeAll(async () => {
    cookie = await createStaffAndSignIn(t.app, t.database.db);
    for (const course of COURSE_TYPES) {
      const res = await t.app.inject({
        method: "POST",
        url: `/api/enrollment/${course}`,
        payload: { ...sampleEnrollment(course), formElapsedMs: 60_000 },
        headers: sameSite,
      });
      expect(res.statusCode, res.body).toBe(201);
      const id = res.json().id as number;
      const list = await t.app.inject({ method: "GET", url: "/api/enrollments", headers: { cookie } });
      const row = (list.json() as AdminEnrollment[]).find((item) => item.id === id);
      if (!row) throw new Error(`enrollment ${id} not listed`);
      listed.set(course, row);
      const sent = await t.database.db.select().from(emailOutbox).orderBy(desc(emailOutbox.id)).limit(2);
      mail.set(
        course,
        sent.map((message) => message.text ?? ""),
      );
    }
  });

  it("gives each course's schema exactly the fields the catalogue lists for it", () => {
    for (const course of COURSE_TYPES) {
      expect(Object.keys(ENROLLMENT_SCHEMAS[course].shape).sort()).toEqual(
        fieldsFor(course)
          .map((field) => field.name)
          .sort(),
      );
    }
  });

  it.each(COURSE_TYPES)("stores every field of a %s application and lists it back to staff", (course) => {
    const sample = sampleEnrollment(course);
    const row = listed.get(course) as unknown as Record<string, unknown>;
    for (const field of ENROLLMENT_FIELDS) {
      expect(row[field.name], field.name).toEqual(sample[field.name] ?? null);
    }
  });

  it.each(COURSE_TYPES)(
    "puts every field of a %s application in both e-mails, with its staff label",
    (course) => {
      const sample = sampleEnrollment(course);
      const [first, second] = mail.get(course) ?? [];
      const staffMail = [first, second].find((text) => text?.includes("Process it on the dashboard")) ?? "";
      expect(staffMail).toContain(`Name: ${applicantName(sample)}`);
      for (const field of fieldsFor(course).filter((candidate) => candidate.card !== "title")) {
        expect(staffMail, field.name).toContain(
          `${field.staffLabel}: ${displayValue(field, sample[field.name])}`,
        );
      }
      const confirmation = [first, second].find((text) => text?.startsWith("Bula")) ?? "";
      expect(confirmation).toContain(`Bula ${sample.firstName},`);
    },
  );

  it("exports the spec's CSV columns first and in their order, each catalogue column holding the field's value", async () => {
    expect([...CSV_COLUMNS]).toEqual(SPEC_CSV_COLUMNS);
    expect([...EXPORT_COLUMNS]).toEqual([...SPEC_CSV_COLUMNS, ...SPEC_TRAINING_COLUMNS]);
    const res = await t.app.inject({
      method: "GET",
      url: "/api/enrollments/export.csv",
      headers: { cookie },
    });
    expect(res.statusCode).toBe(200);
    const [header, ...records] = res.body.trim().split("\r\n");
    expect(cells(header ?? "")).toEqual([...SPEC_CSV_COLUMNS, ...SPEC_TRAINING_COLUMNS]);
    for (const course of COURSE_TYPES) {
      const id = String(listed.get(course)?.id);
      const record = cells(records.find((line) => line.startsWith(`${id},`)) ?? "");
      expect(record).toHaveLength(SPEC_CSV_COLUMNS.length + SPEC_TRAINING_COLUMNS.length);
      expect(record.slice(SPEC_CSV_COLUMNS.length), course).toEqual(NO_INTAKE);
      for (const field of ENROLLMENT_FIELDS.filter((candidate) => "csvColumn" in candidate)) {
        const column = SPEC_CSV_COLUMNS.indexOf(field.csvColumn as string);
        const value = displayValue(field, sampleEnrollment(course)[field.name]);
        expect(record[column]?.replace(/^'/, ""), `${course} ${field.name}`).toBe(
          value === null ? "" : String(value),
        );
      }
    }
  });

  it("appends the same cells to the Google Sheets row", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/admin/sync-google-sheets",
      headers: { ...sameSite, cookie },
    });
    expect(res.json()).toEqual({ synced: COURSE_TYPES.length });
    const [header, ...rows] = sheets.fake.rows("catalogue-sheet");
    expect(header).toEqual([...SPEC_CSV_COLUMNS, ...SPEC_TRAINING_COLUMNS]);
    const csv = await t.app.inject({
      method: "GET",
      url: "/api/enrollments/export.csv",
      headers: { cookie },
    });
    const records = csv.body.trim().split("\r\n").slice(1).map(cells);
    for (const row of rows) {
      const record = records.find((candidate) => candidate[0] === row[0]);
      // The same cells, the spec's and the training ones, in the same order.
      expect(row).toEqual(record);
      expect(row.slice(SPEC_CSV_COLUMNS.length)).toEqual(NO_INTAKE);
    }
  });
});

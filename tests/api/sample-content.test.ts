// What is still sample (docs/product.md, Sample content): the staff list computed from the real data, and the one
// warning a public server logs at start while sample content is published.
import { describe, expect, it } from "vitest";
import { SAMPLE_CONTENT_WARNING } from "../../server/content/sample-content";
import { PORTAL_DOCUMENTS } from "../../shared/documents";
import type { LibraryDocument } from "../../shared/library";
import type { SampleContent } from "../../shared/sample-content";
import { createStaffAndSignIn } from "../helpers/admin-session";
import { sameSite, withTestApp } from "../helpers/test-app";
import { replaceFile } from "./library-fixtures";

describe("GET /api/admin/sample-content", () => {
  const t = withTestApp();
  const list = async (cookie?: string) =>
    t.app.inject({ url: "/api/admin/sample-content", headers: cookie ? { cookie } : {} });

  it("answers 401 without a staff session", async () => {
    expect((await list()).statusCode).toBe(401);
  });

  it("lists the seeded testimonials, figures, claims and the documents still sample, each with what to do", async () => {
    const staff = await createStaffAndSignIn(t.app, t.database.db);
    const res = await list(staff);
    expect(res.statusCode).toBe(200);
    const { items } = res.json() as SampleContent;
    const labels = (kind: string) => items.filter((item) => item.kind === kind).map((item) => item.label);
    expect(labels("testimonial")).toEqual(["Litia Vakaloloma", "Sanjay Prasad", "Josefa Ravuvu"]);
    expect(labels("figure")).toEqual(
      expect.arrayContaining(["100+ Pilots Trained", "15+ Government Partners", "500+ Students Trained"]),
    );
    expect(labels("claim")).toEqual(expect.arrayContaining(["ISO Compliant", "ICAO Affiliated"]));
    expect(labels("document")).toEqual(PORTAL_DOCUMENTS.map((document) => document.title));
    for (const item of items) expect(item.action, item.id).toMatch(/sample/);
    expect(items.find((item) => item.kind === "document")?.action).toContain("Library");
    expect(items.find((item) => item.kind === "testimonial")?.action).toContain("first-run sample");

    // A document whose file staff replaced is no longer sample.
    const [first] = PORTAL_DOCUMENTS;
    await replaceFile(t.app, staff, first?.id ?? "");
    const after = ((await list(staff)).json() as SampleContent).items;
    expect(after.filter((item) => item.kind === "document").map((item) => item.label)).toEqual(
      PORTAL_DOCUMENTS.slice(1).map((document) => document.title),
    );

    // Restoring the seeded version puts the placeholder back: a sample again, listed and refused.
    const restored = await t.app.inject({
      method: "POST",
      url: `/api/admin/library/documents/${first?.id}/versions/1/restore`,
      headers: { ...sameSite, cookie: staff },
    });
    expect(restored.statusCode).toBe(200);
    const again = ((await list(staff)).json() as SampleContent).items;
    expect(again.filter((item) => item.kind === "document")).toHaveLength(PORTAL_DOCUMENTS.length);
    const listed = (await t.app.inject({ url: "/api/documents" })).json() as LibraryDocument[];
    expect(listed.find((document) => document.id === first?.id)?.sample).toBe(true);
  });
});

const warningsIn = (lines: string[]) => lines.filter((line) => line.includes(SAMPLE_CONTENT_WARNING));

describe("a public start with sample content published", () => {
  const lines: string[] = [];
  withTestApp({
    env: { PUBLIC_URL: "https://www.pacificskyrpas.com.fj" },
    logStream: { write: (line) => void lines.push(line) },
  });

  it("logs one warning naming what is sample", () => {
    const warnings = warningsIn(lines);
    expect(warnings).toHaveLength(1);
    const entry = JSON.parse(warnings[0] ?? "{}") as { level: number; sample: string[] };
    expect(entry.level).toBe(40);
    expect(entry.sample).toEqual(
      expect.arrayContaining([
        "testimonial: Litia Vakaloloma",
        "claim: ISO Compliant",
        `document: ${PORTAL_DOCUMENTS[0]?.title}`,
      ]),
    );
  });
});

describe("a local start", () => {
  for (const publicUrl of ["http://localhost:5000", "https://127.0.0.1:5000", "https://rpas.example.test"]) {
    const lines: string[] = [];
    withTestApp({ env: { PUBLIC_URL: publicUrl }, logStream: { write: (line) => void lines.push(line) } });
    it(`logs no sample warning for ${publicUrl}`, () => {
      expect(lines.length).toBeGreaterThan(0);
      expect(warningsIn(lines)).toEqual([]);
    });
  }
});

// /portal is served with the library as it is now (the "documents" live slot, ADR 029): the published documents'
// cards are in the HTML itself, a document staff add shows on the next page served (with a new ETag), drafts and
// scheduled ones stay off, and a scheduled one appears once its time has passed without any write.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { documents, documentVersions } from "../../server/db/schema";
import { liveDocuments } from "../../server/library/live-documents";
import { PORTAL_DOCUMENTS } from "../../shared/documents";
import type { LibraryDocument } from "../../shared/library";
import { createStaffAndSignIn } from "../helpers/admin-session";
import { textOf } from "../helpers/html-text";
import { categoryIdNamed } from "../helpers/stored-rows";
import { sameSite, siteIsBuilt, withTestApp } from "../helpers/test-app";
import { multipartBody, pdfFile } from "./library-fixtures";

/** The HTML the server put in the documents slot. */
function documentsSlot(html: string): string {
  const start = html.indexOf("<!--live:documents-->");
  expect(start, "the page has the documents slot").toBeGreaterThan(-1);
  return html.slice(start, html.indexOf("</section>", start));
}

describe.skipIf(!siteIsBuilt)("the served portal lists the library", () => {
  const t = withTestApp({ site: true, env: { RATE_LIMIT_PUBLIC_PER_MINUTE: "0" } });
  let staff: string;
  let operations: number;
  beforeAll(async () => {
    staff = await createStaffAndSignIn(t.app, t.database.db);
    operations = await categoryIdNamed(t.database.db, "Operations");
  });

  const upload = async (title: string, publish: object) => {
    const metadata = {
      title,
      description: `${title}, described.`,
      categoryId: operations,
      type: "Manual",
      publish,
    };
    const { payload, contentType } = multipartBody([
      { name: "metadata", value: JSON.stringify(metadata) },
      { name: "file", fileName: "guide.pdf", value: pdfFile(title) },
    ]);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/admin/library/documents",
      payload,
      headers: { ...sameSite, cookie: staff, "content-type": contentType },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ id: string }>().id;
  };

  it("serves the launch documents' cards in the page, marked Sample and locked, without New", async () => {
    const res = await t.app.inject({ method: "GET", url: "/portal" });
    expect(res.statusCode).toBe(200);
    const slot = documentsSlot(res.body);
    for (const document of PORTAL_DOCUMENTS) expect(textOf(slot)).toContain(document.title);
    expect(textOf(slot).match(/Sample document: its file is not yet available/g)).toHaveLength(
      PORTAL_DOCUMENTS.length,
    );
    // A visitor without access sees the spec's locked button on each card; the sample reason is for subscribers.
    expect(textOf(slot).match(/Subscription Required/g)).toHaveLength(PORTAL_DOCUMENTS.length);
    expect(textOf(slot)).not.toContain("Sample: not yet available");
    expect(slot).not.toContain("8.4 MB");
    expect(slot).not.toMatch(/>New</);
  });

  it("shows a document staff add on the next page served, with a new ETag; drafts and scheduled ones stay off", async () => {
    const before = await t.app.inject({ method: "GET", url: "/portal" });
    await upload("Drone survey handbook", { state: "now" });
    await upload("Half-written draft", { state: "draft" });
    await upload("Next month's bulletin", {
      state: "schedule",
      publishAt: new Date(Date.now() + 86_400_000).toISOString(),
    });
    const after = await t.app.inject({ method: "GET", url: "/portal" });
    expect(after.headers.etag).not.toBe(before.headers.etag);
    const slot = documentsSlot(after.body);
    expect(slot).toContain("Drone survey handbook");
    expect(slot).toMatch(/>New</);
    expect(slot).not.toContain("Half-written draft");
    expect(slot).not.toContain("bulletin");
  });

  it("takes in a scheduled document once its time has passed, with no write to tell it", async () => {
    const id = await upload("Timed release notes", { state: "draft" });
    const source = liveDocuments(t.database.db, 0);
    const titles = async () => ((await source.current()).data as LibraryDocument[]).map((d) => d.title);
    const first = await source.current();
    expect(await titles()).not.toContain("Timed release notes");
    // Scheduled a moment from now, straight in the database: nothing on this instance says it changed.
    await t.database.db
      .update(documents)
      .set({ publishAt: new Date(Date.now() + 200) })
      .where(eq(documents.id, id));
    expect(await titles()).not.toContain("Timed release notes");
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await titles()).toContain("Timed release notes");
    expect((await source.current()).version).not.toBe(first.version);
  });

  it("lists nothing whose file never arrived", async () => {
    const id = await upload("Lost file", { state: "now" });
    await t.database.db.delete(documentVersions).where(eq(documentVersions.documentId, id));
    await t.database.db.update(documents).set({ currentVersion: null }).where(eq(documents.id, id));
    const source = liveDocuments(t.database.db, 0);
    const titles = ((await source.current()).data as LibraryDocument[]).map((d) => d.title);
    expect(titles).not.toContain("Lost file");
  });
});

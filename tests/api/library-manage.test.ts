// Staff keep the library: the table's filters, publish states as the portal sees them, versions and restore,
// metadata changes, deletion, and the categories editor.
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog, documentCategories, documents, documentVersions } from "../../server/db/schema";
import {
  CATEGORY_IN_USE_MESSAGE,
  CATEGORY_NAME_TAKEN_MESSAGE,
  CATEGORY_ORDER_MESSAGE,
  type Category,
  type DocumentVersion,
  type LibraryDocument,
  type StaffDocument,
} from "../../shared/library";
import { createStaffAndSignIn } from "../helpers/admin-session";
import { categoryIdNamed } from "../helpers/stored-rows";
import { subscriberWithAccess } from "../helpers/subscriber";
import { sameSite, withTestApp } from "../helpers/test-app";
import { multipartBody, officeFile, type Part, pdfFile } from "./library-fixtures";

describe("managing the library", () => {
  const t = withTestApp({ env: { RATE_LIMIT_PUBLIC_PER_MINUTE: "0" } });
  let staff: string;
  let subscriber: string;
  let operations: number;
  beforeAll(async () => {
    staff = await createStaffAndSignIn(t.app, t.database.db);
    operations = await categoryIdNamed(t.database.db, "Operations");
    subscriber = await subscriberWithAccess(t.app, staff, "reader@example.fj");
  });

  const send = (method: "POST" | "PATCH" | "PUT" | "DELETE", url: string, payload?: object) =>
    t.app.inject({ method, url, ...(payload ? { payload } : {}), headers: { ...sameSite, cookie: staff } });
  const get = (url: string, cookie = staff) => t.app.inject({ url, headers: { cookie } });
  const details = (overrides: Record<string, unknown> = {}) => ({
    title: "Battery Handling Procedures",
    description: "Storage, charging and transport of LiPo batteries for RPAS operators.",
    categoryId: operations,
    type: "Procedures",
    publish: { state: "now" },
    ...overrides,
  });
  const uploadTo = (url: string, parts: Part[]) => {
    const { payload, contentType } = multipartBody(parts);
    return t.app.inject({
      method: "POST",
      url,
      payload,
      headers: { ...sameSite, cookie: staff, "content-type": contentType },
    });
  };
  const create = async (overrides: Record<string, unknown> = {}, bytes = pdfFile("v1")) => {
    const res = await uploadTo("/api/admin/library/documents", [
      { name: "metadata", value: JSON.stringify(details(overrides)) },
      { name: "file", fileName: "doc.pdf", value: bytes },
    ]);
    expect(res.statusCode).toBe(201);
    return res.json() as StaffDocument;
  };
  const published = async (query = "") =>
    ((await get(`/api/documents${query}`)).json() as LibraryDocument[]).map((d) => d.id);

  it("publishes now, keeps drafts hidden, and shows a scheduled document once its time comes", async () => {
    const now = await create({ title: "Published now" });
    const draft = await create({ title: "Draft one", publish: { state: "draft" } });
    const later = new Date(Date.now() + 3_600_000).toISOString();
    const scheduled = await create({
      title: "Scheduled one",
      publish: { state: "schedule", publishAt: later },
    });
    expect([now.status, draft.status, scheduled.status]).toEqual(["published", "draft", "scheduled"]);
    const visible = await published();
    expect(visible).toContain(now.id);
    expect(visible).not.toContain(draft.id);
    expect(visible).not.toContain(scheduled.id);
    expect((await get(`/api/documents/${draft.id}/download`, subscriber)).statusCode).toBe(404);

    const drafts = (await get("/api/admin/library/documents?status=draft")).json();
    expect(drafts.items.map((d: StaffDocument) => d.id)).toEqual([draft.id]);
    const staffSearch = (await get("/api/admin/library/documents?q=scheduled%20ONE")).json();
    expect(staffSearch).toMatchObject({ total: 1, items: [{ id: scheduled.id }] });

    await t.database.db
      .update(documents)
      .set({ publishAt: new Date(Date.now() - 1000) })
      .where(eq(documents.id, scheduled.id));
    expect(await published()).toContain(scheduled.id);
  });

  it("searches titles and descriptions literally and filters by category", async () => {
    const doc = await create({ title: "Crosswind 100% Limits", description: "Gusts_and_turbulence." });
    const [safety] = await t.database.db
      .select()
      .from(documentCategories)
      .where(eq(documentCategories.name, "Safety Management"));
    expect(await published("?search=100%25")).toEqual([doc.id]);
    expect(await published("?search=gusts_and")).toEqual([doc.id]);
    expect(await published("?search=%25%25%25x")).toEqual([]);
    expect(await published(`?category=${operations}&search=crosswind`)).toEqual([doc.id]);
    expect(await published(`?category=${safety?.id}&search=crosswind`)).toEqual([]);
    expect((await get(`/api/documents?search=${"x".repeat(101)}`)).statusCode).toBe(400);
  });

  it("replaces the file as a new version and restores an earlier one", async () => {
    const doc = await create({ title: "Versioned" }, pdfFile("first"));
    const replaced = await uploadTo(`/api/admin/library/documents/${doc.id}/versions`, [
      { name: "file", fileName: "Versioned v2.docx", value: officeFile("docx") },
    ]);
    expect(replaced.statusCode).toBe(201);
    expect(replaced.json()).toMatchObject({ currentVersion: 2, fileType: "docx", versions: 2 });

    const download = await get(`/api/documents/${doc.id}/download`, subscriber);
    expect(download.headers["content-disposition"]).toBe('attachment; filename="Versioned.docx"');
    expect(download.rawPayload).toEqual(officeFile("docx"));

    const versions = (
      await get(`/api/admin/library/documents/${doc.id}/versions`)
    ).json() as DocumentVersion[];
    expect(versions.map((v) => [v.version, v.fileName, v.current, v.uploadedBy])).toEqual([
      [2, "Versioned v2.docx", true, "staff"],
      [1, "doc.pdf", false, "staff"],
    ]);

    const restored = await send("POST", `/api/admin/library/documents/${doc.id}/versions/1/restore`);
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).toMatchObject({ currentVersion: 1, fileType: "pdf" });
    expect(new Date(restored.json().updatedAt).getTime()).toBeGreaterThan(new Date(doc.updatedAt).getTime());
    expect((await get(`/api/documents/${doc.id}/download`, subscriber)).rawPayload).toEqual(pdfFile("first"));
    expect((await send("POST", `/api/admin/library/documents/${doc.id}/versions/9/restore`)).statusCode).toBe(
      404,
    );
    const actions = await t.database.db.select().from(auditLog).where(eq(auditLog.subject, doc.id));
    expect(actions.map((a) => a.action).sort()).toEqual([
      "library.document.added",
      "library.document.file_replaced",
      "library.document.version_restored",
    ]);
  });

  it("refuses the second of two replacements racing for the same version, keeping its file out", async () => {
    const doc = await create({ title: "Raced" });
    const original = t.app.storage.putStream;
    // Another upload takes version 2 while this one's file is being stored.
    t.app.storage.putStream = async (...args) => {
      const stored = await original(...args);
      await t.database.db.insert(documentVersions).values({
        documentId: doc.id,
        version: 2,
        storageKey: `library/${doc.id}/v2-other.pdf`,
        fileName: "other.pdf",
        fileType: "pdf",
        contentType: "application/pdf",
        byteSize: 1,
        sha256: "0".repeat(64),
        uploadedBy: "someone",
      });
      return stored;
    };
    try {
      const res = await uploadTo(`/api/admin/library/documents/${doc.id}/versions`, [
        { name: "file", fileName: "mine.pdf", value: pdfFile("mine") },
      ]);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(
        "Another file for this document was uploaded at the same time. Please try again.",
      );
    } finally {
      t.app.storage.putStream = original;
    }
    expect((await t.app.storage.list(`library/${doc.id}/`)).map((f) => f.key)).toEqual([
      `library/${doc.id}/v1.pdf`,
    ]);
    const [row] = await t.database.db.select().from(documents).where(eq(documents.id, doc.id));
    expect(row?.currentVersion).toBe(1);
  });

  it("changes the details and publish state, audited", async () => {
    const doc = await create({ title: "Editable" });
    const res = await send(
      "PATCH",
      `/api/admin/library/documents/${doc.id}`,
      details({ title: "Edited title", type: "Checklist", publish: { state: "draft" } }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      title: "Edited title",
      type: "Checklist",
      status: "draft",
      publishAt: null,
    });
    expect(await published()).not.toContain(doc.id);
    const bad = await send(
      "PATCH",
      `/api/admin/library/documents/${doc.id}`,
      details({ categoryId: 424242 }),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe("Choose a category.");
    expect((await send("PATCH", "/api/admin/library/documents/nope", details())).statusCode).toBe(404);
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "library.document.updated"));
    expect(audit).toMatchObject({ subject: doc.id, actor: "staff" });
  });

  it("deletes a document with its versions and files", async () => {
    const doc = await create({ title: "To delete" });
    await uploadTo(`/api/admin/library/documents/${doc.id}/versions`, [
      { name: "file", fileName: "b.pdf", value: pdfFile("b") },
    ]);
    expect((await t.app.storage.list(`library/${doc.id}/`)).length).toBe(2);
    expect((await send("DELETE", `/api/admin/library/documents/${doc.id}`)).json()).toEqual({ ok: true });
    expect(await t.app.storage.list(`library/${doc.id}/`)).toEqual([]);
    expect((await get(`/api/admin/library/documents/${doc.id}/versions`)).statusCode).toBe(404);
    expect((await send("DELETE", `/api/admin/library/documents/${doc.id}`)).statusCode).toBe(404);
  });

  it("keeps categories: add, rename, reorder, and delete only an unused one", async () => {
    const list = async () => (await get("/api/admin/library/categories")).json() as Category[];
    const before = await list();
    expect(before.length).toBeGreaterThanOrEqual(12);
    expect(before.find((c) => c.name === "Operations")?.documentCount).toBeGreaterThan(0);

    const added = await send("POST", "/api/admin/library/categories", { name: "Night Flying" });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ name: "Night Flying", documentCount: 0 });
    const dup = await send("POST", "/api/admin/library/categories", { name: " night flying " });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe(CATEGORY_NAME_TAKEN_MESSAGE);

    const renamed = await send("PATCH", `/api/admin/library/categories/${added.json().id}`, {
      name: "Night Ops",
    });
    expect(renamed.json()).toMatchObject({ name: "Night Ops" });
    const taken = await send("PATCH", `/api/admin/library/categories/${added.json().id}`, {
      name: "operations",
    });
    expect(taken.statusCode).toBe(409);

    const ids = (await list()).map((c) => c.id).reverse();
    const reordered = await send("PUT", "/api/admin/library/categories/order", { ids });
    expect((reordered.json() as Category[]).map((c) => c.id)).toEqual(ids);
    const publicOrder = (await get("/api/documents/categories")).json() as { id: number }[];
    expect(publicOrder.map((c) => c.id)).toEqual(ids);
    const partial = await send("PUT", "/api/admin/library/categories/order", { ids: ids.slice(1) });
    expect(partial.statusCode).toBe(400);
    expect(partial.json().message).toBe(CATEGORY_ORDER_MESSAGE);

    const inUse = await send("DELETE", `/api/admin/library/categories/${operations}`);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().message).toBe(CATEGORY_IN_USE_MESSAGE);
    expect((await send("DELETE", `/api/admin/library/categories/${added.json().id}`)).json()).toEqual({
      ok: true,
    });
    expect((await list()).some((c) => c.name === "Night Ops")).toBe(false);
    const audited = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(auditLog)
      .where(sql`${auditLog.action} like 'library.category.%'`);
    expect(audited[0]?.n).toBe(4);
  });
});

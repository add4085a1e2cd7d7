// Subscribers' downloads (each one recorded and counted, from app.storage or a short signed link), what staff see
// of them, and the starting documents' move into the versioned library.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { and, eq, isNull } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { documentDownloads, documents, documentVersions, noticesSent } from "../../server/db/schema";
import { type FileStorage, StorageUnavailableError } from "../../server/platform/storage";
import { seedDocuments } from "../../server/portal/documents";
import { PORTAL_DOCUMENTS } from "../../shared/documents";
import {
  DOCUMENT_UNAVAILABLE_MESSAGE,
  type LibraryDocument,
  SAMPLE_DOCUMENT_MESSAGE,
} from "../../shared/library";
import { createStaffAndSignIn } from "../helpers/admin-session";
import { signInSubscriber, subscriberWithAccess } from "../helpers/subscriber";
import { sameSite, withTestApp } from "../helpers/test-app";
import { pdfFile, replaceFile } from "./library-fixtures";

const [first, second, third] = PORTAL_DOCUMENTS as [
  (typeof PORTAL_DOCUMENTS)[number],
  (typeof PORTAL_DOCUMENTS)[number],
  (typeof PORTAL_DOCUMENTS)[number],
];

describe("library downloads", () => {
  const t = withTestApp({ env: { RATE_LIMIT_PUBLIC_PER_MINUTE: "0" } });
  let staff: string;
  let reader: string;
  beforeAll(async () => {
    staff = await createStaffAndSignIn(t.app, t.database.db);
    reader = await subscriberWithAccess(t.app, staff, "reader@example.fj");
  });

  const get = (url: string, cookie?: string) => t.app.inject({ url, headers: cookie ? { cookie } : {} });
  const countOf = async (id: string) =>
    ((await get("/api/documents")).json() as LibraryDocument[]).find((d) => d.id === id)?.downloadCount;
  const rowsOf = async (id: string) =>
    (await t.database.db.select().from(documentDownloads).where(eq(documentDownloads.documentId, id))).length;

  it("starts the six documents at version 1 in storage, counting from zero, not marked New", async () => {
    const listed = (await get("/api/documents")).json() as LibraryDocument[];
    expect(listed.map((d) => d.id)).toEqual(PORTAL_DOCUMENTS.map((d) => d.id));
    for (const document of listed) {
      expect(document).toMatchObject({ downloadCount: 0, isNew: false, fileType: "pdf", level: "Premium" });
      expect(document.categoryId).toEqual(expect.any(Number));
      expect(await t.app.storage.exists(`library/${document.id}/v1.pdf`)).toBe(true);
    }
    const categories = (await get("/api/documents/categories")).json() as { name: string }[];
    expect(categories.slice(0, 3).map((c) => c.name)).toEqual([
      "ICAO Standards",
      "CAAF Regulations",
      "Safety Management",
    ]);
  });

  /** The storage key of a document's current file. */
  const currentKey = async (id: string) => {
    const [row] = await t.database.db
      .select({ key: documentVersions.storageKey })
      .from(documentVersions)
      .innerJoin(
        documents,
        and(
          eq(documents.id, documentVersions.documentId),
          eq(documents.currentVersion, documentVersions.version),
        ),
      )
      .where(eq(documents.id, id));
    return row?.key ?? "";
  };

  it("refuses a sample file to a subscriber, uncounted, until staff replace it", async () => {
    const refused = await get(`/api/documents/${first.id}/download`, reader);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(SAMPLE_DOCUMENT_MESSAGE);
    expect(await rowsOf(first.id)).toBe(0);
    for (const { id } of [first, second, third]) await replaceFile(t.app, staff, id);
    const listed = (await get("/api/documents")).json() as LibraryDocument[];
    expect(listed.filter((d) => d.sample).map((d) => d.id)).toEqual(
      PORTAL_DOCUMENTS.slice(3).map((d) => d.id),
    );
  });

  it("streams the current file to a subscriber, records the download and counts it", async () => {
    const res = await get(`/api/documents/${first.id}/download`, reader);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.headers["content-disposition"]).toMatch(
      /^attachment; filename="ICAO-Manual-on-[A-Za-z0-9-]+\.pdf"$/,
    );
    expect(res.headers["cache-control"]).toBe("private, no-store");
    expect(res.rawPayload).toEqual(pdfFile(`The real ${first.id}`));
    expect(await countOf(first.id)).toBe(1);
    expect(await rowsOf(first.id)).toBe(1);
    const head = await t.app.inject({
      method: "HEAD",
      url: `/api/documents/${first.id}/download`,
      headers: { cookie: reader },
    });
    expect(head.statusCode).toBe(200);
    expect(await countOf(first.id)).toBe(1);
    await get(`/api/documents/${first.id}/download`, reader);
    expect(await countOf(first.id)).toBe(2);

    const perDocument = (await get(`/api/admin/library/documents/${first.id}/downloads`, staff)).json();
    expect(perDocument).toMatchObject({ total: 2, items: [{ email: "reader@example.fj", version: 2 }, {}] });
    const perSubscriber = (await get("/api/admin/library/downloads?q=READER", staff)).json();
    expect(perSubscriber).toMatchObject({ total: 1, items: [{ email: "reader@example.fj", downloads: 2 }] });
    expect((await get("/api/admin/library/downloads?q=nobody", staff)).json()).toEqual({
      items: [],
      total: 0,
    });
  });

  it("does not count refused downloads", async () => {
    expect((await get(`/api/documents/${second.id}/download`)).statusCode).toBe(401);
    const stranger = await signInSubscriber(t.app, "stranger@example.fj");
    expect((await get(`/api/documents/${second.id}/download`, stranger)).statusCode).toBe(403);
    expect(await rowsOf(second.id)).toBe(0);
  });

  it("answers 503 without counting when the file is missing or the store is down", async () => {
    const key = await currentKey(second.id);
    const bytes = await t.app.storage.get(key);
    await t.app.storage.delete(key);
    const missing = await get(`/api/documents/${second.id}/download`, reader);
    expect(missing.statusCode).toBe(503);
    expect(missing.json().message).toBe(DOCUMENT_UNAVAILABLE_MESSAGE);
    await t.app.storage.put(key, bytes as Buffer, "application/pdf");

    const original = t.app.storage.getStream;
    t.app.storage.getStream = async () => {
      throw new StorageUnavailableError("connect ECONNREFUSED");
    };
    try {
      const down = await get(`/api/documents/${second.id}/download`, reader);
      expect(down.statusCode).toBe(503);
      expect(down.json().message).toBe(DOCUMENT_UNAVAILABLE_MESSAGE);
    } finally {
      t.app.storage.getStream = original;
    }
    expect(await rowsOf(second.id)).toBe(0);
    expect((await get(`/api/documents/${second.id}/download`, reader)).statusCode).toBe(200);
  });

  it("sends a link valid for five minutes at most when the store signs links", async () => {
    const asked: Parameters<NonNullable<FileStorage["signedDownloadUrl"]>>[] = [];
    t.app.storage.signedDownloadUrl = async (...args) => {
      asked.push(args);
      return "https://files.example.test/signed?X-Amz-Expires=300";
    };
    try {
      const res = await get(`/api/documents/${third.id}/download`, reader);
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe("https://files.example.test/signed?X-Amz-Expires=300");
      expect(res.headers["cache-control"]).toBe("private, no-store");
      expect(asked).toEqual([
        [
          await currentKey(third.id),
          {
            expiresInSeconds: 300,
            fileName: expect.stringMatching(/\.pdf$/),
            contentType: "application/pdf",
          },
        ],
      ]);
      expect(await rowsOf(third.id)).toBe(1);
    } finally {
      delete t.app.storage.signedDownloadUrl;
    }
  });

  it("moves older documents into storage once, even when the store was down at first", async () => {
    const db = t.database.db;
    // A document from before versions: its file in DATA_DIR/documents, its count including the example figure.
    await db
      .update(documents)
      .set({ currentVersion: null, storageKey: `${third.id}.pdf`, downloadCount: third.downloadCount + 5 })
      .where(eq(documents.id, third.id));
    await db.delete(documentVersions).where(eq(documentVersions.documentId, third.id));
    await t.app.storage.delete(`library/${third.id}/v1.pdf`);
    mkdirSync(join(t.app.env.DATA_DIR, "documents"), { recursive: true });
    writeFileSync(join(t.app.env.DATA_DIR, "documents", `${third.id}.pdf`), pdfFile("the old file"));

    const down: FileStorage = {
      ...t.app.storage,
      exists: async () => false,
      put: async () => {
        throw new StorageUnavailableError("unreachable");
      },
    };
    await seedDocuments(db, down, t.app.env.DATA_DIR, t.app.log);
    expect((await get("/api/documents")).json().map((d: LibraryDocument) => d.id)).not.toContain(third.id);

    await seedDocuments(db, t.app.storage, t.app.env.DATA_DIR, t.app.log);
    await seedDocuments(db, t.app.storage, t.app.env.DATA_DIR, t.app.log);
    expect(await t.app.storage.get(`library/${third.id}/v1.pdf`)).toEqual(pdfFile("the old file"));
    const versions = await db
      .select()
      .from(documentVersions)
      .where(eq(documentVersions.documentId, third.id));
    expect(versions).toHaveLength(1);
    // The example figure is taken off; the five real downloads stay.
    expect(await countOf(third.id)).toBe(5);
    expect(await db.select().from(documents).where(isNull(documents.currentVersion))).toEqual([]);
  });

  it("does not bring back a starting document staff deleted", async () => {
    const res = await t.app.inject({
      method: "DELETE",
      url: `/api/admin/library/documents/${second.id}`,
      headers: { ...sameSite, cookie: staff },
    });
    expect(res.statusCode).toBe(200);
    await seedDocuments(t.database.db, t.app.storage, t.app.env.DATA_DIR, t.app.log);
    const rows = await t.database.db.select().from(documents).where(eq(documents.id, second.id));
    expect(rows).toEqual([]);
    const marker = await t.database.db
      .select()
      .from(noticesSent)
      .where(and(eq(noticesSent.key, "library.seeded")));
    expect(marker).toHaveLength(1);
  });
});

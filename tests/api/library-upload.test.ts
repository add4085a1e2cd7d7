// Staff uploads to the library (docs/product.md, Document library): real multipart bodies, each upload rule, and
// that a refused or failed upload leaves neither a row nor a file behind.
import { readdirSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { join } from "node:path";
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog, documentCategories, documents, documentVersions } from "../../server/db/schema";
import { DETAILS_MISSING } from "../../server/library/document-admin-routes";
import { TOO_MANY_PARTS_MESSAGE } from "../../server/library/upload";
import { StorageUnavailableError } from "../../server/platform/storage";
import {
  FILE_REQUIRED_MESSAGE,
  FILE_TOO_LARGE_MESSAGE,
  FILE_TYPE_MESSAGE,
  MAX_UPLOAD_BYTES,
  SCHEDULE_IN_FUTURE_MESSAGE,
  type StaffDocument,
  UPLOAD_INCOMPLETE_MESSAGE,
  UPLOAD_STORAGE_UNAVAILABLE_MESSAGE,
} from "../../shared/library";
import { createStaffAndSignIn } from "../helpers/admin-session";
import { categoryIdNamed } from "../helpers/stored-rows";
import { sameSite, withTestApp } from "../helpers/test-app";
import { multipartBody, officeFile, type Part, pdfFile, plainZip } from "./library-fixtures";

describe("library uploads", () => {
  const t = withTestApp({ env: { RATE_LIMIT_PUBLIC_PER_MINUTE: "0" } });
  let staff: string;
  let operations: number;
  beforeAll(async () => {
    staff = await createStaffAndSignIn(t.app, t.database.db);
    operations = await categoryIdNamed(t.database.db, "Operations");
  });

  const metadata = (overrides: Record<string, unknown> = {}): Part => ({
    name: "metadata",
    value: JSON.stringify({
      title: "Night Operations Guide",
      description: "How to plan and fly RPAS operations after dark in Fiji.",
      categoryId: operations,
      type: "Guide",
      publish: { state: "now" },
      ...overrides,
    }),
  });
  const file = (fileName: string, value: Buffer): Part => ({ name: "file", fileName, value });
  const upload = (parts: Part[], url = "/api/admin/library/documents") => {
    const { payload, contentType } = multipartBody(parts);
    return t.app.inject({
      method: "POST",
      url,
      payload,
      headers: { ...sameSite, cookie: staff, "content-type": contentType },
    });
  };
  let address: string | undefined;
  const listening = async () => {
    address ??= await t.app.listen({ port: 0, host: "127.0.0.1" });
    return address;
  };
  const storedKeys = async () => (await t.app.storage.list("library/")).map((f) => f.key);
  const documentCount = async () =>
    (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(documents))[0]?.n;

  /** Runs `attempt` and checks it left the library exactly as it was. */
  async function leavesNothing(attempt: () => Promise<void>) {
    const [keys, rows] = [await storedKeys(), await documentCount()];
    await attempt();
    expect(await storedKeys()).toEqual(keys);
    expect(await documentCount()).toBe(rows);
    const dir = join(t.app.env.DATA_DIR, "files", "library");
    const temporary = readdirSync(dir, { recursive: true }).filter((name) => String(name).includes(".tmp"));
    expect(temporary).toEqual([]);
  }

  it("stores a PDF as version 1 under a key made from the id, lists it and audits it", async () => {
    const res = await upload([metadata(), file("night-ops.pdf", pdfFile("Night Operations"))]);
    expect(res.statusCode).toBe(201);
    const created = res.json() as StaffDocument;
    expect(created).toMatchObject({
      title: "Night Operations Guide",
      category: { id: operations, name: "Operations" },
      type: "Guide",
      level: "Premium",
      status: "published",
      currentVersion: 1,
      fileName: "night-ops.pdf",
      fileType: "pdf",
      downloadCount: 0,
      versions: 1,
    });
    expect(created.id).toMatch(/^night-operations-guide-[0-9a-f]{8}$/);
    expect(await t.app.storage.get(`library/${created.id}/v1.pdf`)).toEqual(pdfFile("Night Operations"));
    const [audit] = await t.database.db.select().from(auditLog).where(eq(auditLog.subject, created.id));
    expect(audit).toMatchObject({ actor: "staff", action: "library.document.added" });
    const listed = (await t.app.inject({ url: "/api/documents" })).json() as { id: string; isNew: boolean }[];
    expect(listed.find((d) => d.id === created.id)).toMatchObject({ isNew: true, category: "Operations" });
  });

  it("takes Word, Excel, PowerPoint and ZIP files, told apart by their bytes", async () => {
    for (const [name, bytes, type] of [
      ["manual.docx", officeFile("docx"), "docx"],
      ["log.xlsx", officeFile("xlsx"), "xlsx"],
      ["briefing.PPTX", officeFile("pptx"), "pptx"],
      ["checklists.zip", plainZip(), "zip"],
    ] as const) {
      const res = await upload([metadata({ title: `File ${name}` }), file(name, bytes)]);
      expect(res.statusCode, name).toBe(201);
      expect(res.json().fileType).toBe(type);
    }
  });

  it("refuses a file whose contents are not what its name says, storing nothing", async () => {
    const cases: [string, Buffer, string][] = [
      ["report.pdf", plainZip(), "The file is not a PDF: its contents say ZIP."],
      ["sheet.xlsx", officeFile("docx"), "The file is not a Excel: its contents say Word."],
      ["notes.docx", pdfFile(), "The file is not a Word: its contents say PDF."],
      [
        "archive.zip",
        Buffer.from("just some text, not an archive"),
        "The file is not a ZIP: its contents are not a type the library takes.",
      ],
      ["tool.exe", pdfFile(), FILE_TYPE_MESSAGE],
      ["no-extension", pdfFile(), FILE_TYPE_MESSAGE],
    ];
    for (const [name, bytes, message] of cases) {
      await leavesNothing(async () => {
        const res = await upload([metadata(), file(name, bytes)]);
        expect(res.statusCode, name).toBe(400);
        expect(res.json().message, name).toBe(message);
      });
    }
  });

  it("checks the details first: title, a future time to schedule, a real category, a file", async () => {
    await leavesNothing(async () => {
      const cases: [Part[], string][] = [
        [[metadata({ title: " " }), file("a.pdf", pdfFile())], "Title is required"],
        [
          [
            metadata({ publish: { state: "schedule", publishAt: "2020-01-01T00:00:00Z" } }),
            file("a.pdf", pdfFile()),
          ],
          SCHEDULE_IN_FUTURE_MESSAGE,
        ],
        [[metadata({ categoryId: 99999 }), file("a.pdf", pdfFile())], "Choose a category."],
        [[metadata()], FILE_REQUIRED_MESSAGE],
        [[file("a.pdf", pdfFile())], DETAILS_MISSING],
        [
          [
            ...["a", "b", "c", "d", "e"].map((name) => ({ name, value: "x" })),
            metadata(),
            file("a.pdf", pdfFile()),
          ],
          TOO_MANY_PARTS_MESSAGE,
        ],
      ];
      for (const [parts, message] of cases) {
        const res = await upload(parts);
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toBe(message);
      }
      const json = await t.app.inject({
        method: "POST",
        url: "/api/admin/library/documents",
        payload: { title: "x" },
        headers: { ...sameSite, cookie: staff },
      });
      expect(json.statusCode).toBe(400);
      expect(json.json().message).toBe(FILE_REQUIRED_MESSAGE);
    });
  });

  it("cleans the uploaded name for display and never uses it as the key", async () => {
    const res = await upload([
      metadata({ title: "Clean" }),
      file("..\\..\\C:\\evil/\u0007..\u202Eevil\u0000.pdf", pdfFile()),
    ]);
    expect(res.statusCode).toBe(201);
    const created = res.json() as StaffDocument;
    expect(created.fileName).toBe("evil.pdf");
    expect(await storedKeys()).toContain(`library/${created.id}/v1.pdf`);
    const long = await upload([metadata({ title: "Long" }), file(`${"a".repeat(400)}.pdf`, pdfFile())]);
    expect((long.json() as StaffDocument).fileName).toBe(`${"a".repeat(196)}.pdf`);
  });

  it("refuses a file over 50 MB with 413 before reading it all, storing nothing", async () => {
    const address = await listening();
    const { payload: head, contentType } = multipartBody([metadata({ title: "Too big" })]);
    const boundary = contentType.split("boundary=")[1];
    const opening = Buffer.concat([
      head.subarray(0, head.length - `--${boundary}--\r\n`.length),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n`,
      ),
    ]);
    const total = MAX_UPLOAD_BYTES * 4;
    let sent = 0;
    const chunk = Buffer.alloc(256 * 1024, 0x20);
    await leavesNothing(async () => {
      const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = httpRequest(`${address}/api/admin/library/documents`, {
          method: "POST",
          headers: { ...sameSite, cookie: staff, "content-type": contentType },
        });
        req.on("response", (res) => {
          let body = "";
          res.on("data", (data) => {
            body += data;
          });
          res.on("end", () => {
            resolve({ status: res.statusCode ?? 0, body });
            req.destroy();
          });
        });
        req.on("error", reject);
        req.write(opening);
        const pump = () => {
          while (sent < total && !req.destroyed) {
            sent += chunk.length;
            if (!req.write(chunk)) return void req.once("drain", pump);
          }
          if (!req.destroyed) req.end();
        };
        pump();
      });
      expect(answer.status).toBe(413);
      expect(JSON.parse(answer.body).message).toBe(FILE_TOO_LARGE_MESSAGE);
    });
    expect(sent).toBeLessThan(total / 2);
  });

  it("keeps nothing of an upload the browser abandons half-way", async () => {
    const address = await listening();
    const { payload, contentType } = multipartBody([
      metadata({ title: "Abandoned" }),
      file("a.pdf", Buffer.concat([pdfFile(), Buffer.alloc(2 * 1024 * 1024, 0x20)])),
    ]);
    await leavesNothing(async () => {
      await new Promise<void>((resolve) => {
        const req = httpRequest(`${address}/api/admin/library/documents`, {
          method: "POST",
          headers: {
            ...sameSite,
            cookie: staff,
            "content-type": contentType,
            "content-length": payload.length,
          },
        });
        req.on("error", () => resolve());
        req.write(payload.subarray(0, 1024 * 1024));
        setTimeout(() => {
          req.destroy();
          resolve();
        }, 300);
      });
      // The server notices the closed connection and cleans up.
      await new Promise((resolve) => setTimeout(resolve, 700));
    });
    const rows = await t.database.db.select().from(documents).where(eq(documents.title, "Abandoned"));
    expect(rows).toEqual([]);
  });

  it("answers a truncated body with a clear 400", async () => {
    const { payload, contentType } = multipartBody([metadata({ title: "Cut" }), file("a.pdf", pdfFile())]);
    await leavesNothing(async () => {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/admin/library/documents",
        payload: payload.subarray(0, payload.length - 200),
        headers: { ...sameSite, cookie: staff, "content-type": contentType },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(UPLOAD_INCOMPLETE_MESSAGE);
    });
  });

  it("answers 503 when the store is unreachable, and keeps no row", async () => {
    const original = t.app.storage.putStream;
    t.app.storage.putStream = async (_key, source) => {
      source.destroy();
      throw new StorageUnavailableError("connect ECONNREFUSED 127.0.0.1:9");
    };
    try {
      await leavesNothing(async () => {
        const res = await upload([metadata({ title: "Unreachable" }), file("a.pdf", pdfFile())]);
        expect(res.statusCode).toBe(503);
        expect(res.json().message).toBe(UPLOAD_STORAGE_UNAVAILABLE_MESSAGE);
      });
    } finally {
      t.app.storage.putStream = original;
    }
  });

  it("removes the stored file when its row cannot be written", async () => {
    const [spare] = await t.database.db
      .insert(documentCategories)
      .values({ name: "Spare", position: 50 })
      .returning();
    const original = t.app.storage.putStream;
    // The category disappears while the file is being stored (another staff member deletes it).
    t.app.storage.putStream = async (...args) => {
      const stored = await original(...args);
      await t.database.db.delete(documentCategories).where(eq(documentCategories.id, spare?.id as number));
      return stored;
    };
    try {
      await leavesNothing(async () => {
        const res = await upload([
          metadata({ title: "Orphan", categoryId: spare?.id }),
          file("a.pdf", pdfFile()),
        ]);
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toBe("Choose a category.");
      });
    } finally {
      t.app.storage.putStream = original;
    }
    const versions = await t.database.db
      .select()
      .from(documentVersions)
      .where(and(eq(documentVersions.fileName, "a.pdf"), eq(documentVersions.uploadedBy, "staff")));
    expect(versions.every((v) => !v.storageKey.includes("orphan"))).toBe(true);
  });
});

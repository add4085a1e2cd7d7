// What the library's browser tests share: small real files (a PDF, a ZIP), and documents made through the staff API
// (the dialog has tests of its own) in a seeded category.
import type { APIRequestContext } from "@playwright/test";
import { zipOf } from "../api/library-fixtures";
import { expect } from "./fixtures";
import { signInStaff } from "./staff-factors";

/** A small PDF whose bytes say PDF; `text` makes each one different. */
export function pdfBytes(text: string): Buffer {
  return Buffer.from(
    `%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\n% ${text}\ntrailer << /Root 1 0 R >>\n%%EOF\n`,
  );
}

/** A ZIP archive holding one stored text file: what a file named .pdf really is in the wrong-type test. */
export function zipBytes(): Buffer {
  return zipOf([{ name: "notes.txt", data: "Not a PDF at all.\n" }]);
}

/** The id of a seeded category by its name. */
export async function categoryId(request: APIRequestContext, baseURL: string, name: string): Promise<number> {
  await signInStaff(request, baseURL);
  const response = await request.get("/api/admin/library/categories");
  expect(response.status(), await response.text()).toBe(200);
  const found = ((await response.json()) as { id: number; name: string }[]).find((c) => c.name === name);
  if (!found) throw new Error(`no category named ${name}`);
  return found.id;
}

export interface NewDocument {
  title: string;
  description?: string;
  category: string;
  type?: string;
  publish?: { state: "now" | "draft" | "schedule"; publishAt?: string };
  fileName?: string;
  bytes?: Buffer;
}

/** Adds a document through the staff API (multipart: the metadata, then the file) and answers its id. */
export async function createDocument(
  request: APIRequestContext,
  baseURL: string,
  document: NewDocument,
): Promise<string> {
  const metadata = {
    title: document.title,
    description: document.description ?? `${document.title}: a document made by the browser tests.`,
    categoryId: await categoryId(request, baseURL, document.category),
    type: document.type ?? "Manual",
    level: "Premium",
    publish: document.publish ?? { state: "now" },
  };
  const fileName = document.fileName ?? "document.pdf";
  const response = await request.post("/api/admin/library/documents", {
    headers: { Origin: baseURL },
    multipart: {
      metadata: JSON.stringify(metadata),
      file: {
        name: fileName,
        mimeType: "application/pdf",
        buffer: document.bytes ?? pdfBytes(document.title),
      },
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

/** Deletes a test's document through the staff API, so the portal's other tests see the library as seeded. */
export async function deleteDocument(request: APIRequestContext, baseURL: string, id: string): Promise<void> {
  await signInStaff(request, baseURL);
  const response = await request.delete(`/api/admin/library/documents/${encodeURIComponent(id)}`, {
    headers: { Origin: baseURL },
  });
  expect([200, 404], await response.text()).toContain(response.status());
}

/** Deletes every document whose title or description holds `tag` (a test's own, made through the dialog). */
export async function deleteDocumentsTagged(
  request: APIRequestContext,
  baseURL: string,
  tag: string,
): Promise<void> {
  await signInStaff(request, baseURL);
  const response = await request.get(`/api/admin/library/documents?q=${encodeURIComponent(tag)}`);
  expect(response.status(), await response.text()).toBe(200);
  for (const { id } of ((await response.json()) as { items: { id: string }[] }).items) {
    await deleteDocument(request, baseURL, id);
  }
}

// Query keys and calls of the staff Library view (contracts in shared/library.ts). Every key starts with the API path
// it reads, so invalidating [path] refreshes every filter and page of that list.
import type { Page } from "@shared/admin";
import type {
  Category,
  DocumentDownloadSchema,
  DocumentMetadata,
  DocumentVersion,
  PublishStatus,
  StaffDocument,
  SubscriberDownloads,
} from "@shared/library";
import type { OkSchema, Wire } from "@shared/wire";
import { type QueryClient, queryOptions } from "@tanstack/react-query";
import { withParams } from "@/features/staff/api";
import { ApiError, apiJson } from "@/lib/api";

export type { Category, DocumentVersion, StaffDocument, SubscriberDownloads };
export type DocumentDownload = Wire<typeof DocumentDownloadSchema>;

const DOCUMENTS = "/api/admin/library/documents";
const CATEGORIES = "/api/admin/library/categories";
const DOWNLOADS = "/api/admin/library/downloads";
/** What the portal shows: a change here changes the public list too. */
const PUBLIC_DOCUMENTS = "/api/documents";
const AUDIT = "/api/admin/audit";
/** What is still sample: a replaced file takes its document off the list. */
export const SAMPLE_CONTENT = "/api/admin/sample-content";

export interface DocumentFilter {
  q: string;
  category?: number;
  status?: PublishStatus;
}

const documentPath = (id: string) => `${DOCUMENTS}/${encodeURIComponent(id)}`;

export const libraryQueries = {
  documents: (params: DocumentFilter & { limit: number; offset: number }) =>
    queryOptions({
      queryKey: [DOCUMENTS, params] as const,
      queryFn: () => apiJson<Page<StaffDocument>>("GET", withParams(DOCUMENTS, { ...params })),
    }),
  /** Under the documents key: a new version or a restore refreshes it. */
  versions: (id: string) =>
    queryOptions({
      queryKey: [DOCUMENTS, id, "versions"] as const,
      queryFn: () => apiJson<DocumentVersion[]>("GET", `${documentPath(id)}/versions`),
    }),
  /** The document's recent downloads, newest first (one page). */
  documentDownloads: (id: string, params: { limit: number; offset: number }) =>
    queryOptions({
      queryKey: [DOCUMENTS, id, "downloads", params] as const,
      queryFn: () =>
        apiJson<Page<DocumentDownload>>("GET", withParams(`${documentPath(id)}/downloads`, params)),
    }),
  categories: () =>
    queryOptions({ queryKey: [CATEGORIES] as const, queryFn: () => apiJson<Category[]>("GET", CATEGORIES) }),
  downloads: (params: { q: string; limit: number; offset: number }) =>
    queryOptions({
      queryKey: [DOWNLOADS, params] as const,
      queryFn: () => apiJson<Page<SubscriberDownloads>>("GET", withParams(DOWNLOADS, params)),
    }),
};

/**
 * Sends a multipart upload with XMLHttpRequest, which (unlike fetch) reports upload progress. A refusal becomes the
 * same ApiError every other call throws, so the dialog shows the server's message.
 */
function upload<T>(
  url: string,
  fields: Record<string, string>,
  file: File,
  onProgress?: (share: number) => void,
) {
  const body = new FormData();
  // The server reads the fields before the file (shared/library.ts): they go first.
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  body.append("file", file, file.name);
  return new Promise<T>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("POST", url);
    request.withCredentials = true;
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && onProgress) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) resolve(JSON.parse(request.responseText) as T);
      else reject(new ApiError(request.status, request.responseText || request.statusText));
    };
    // No answer at all (offline, connection reset): the same as a failed fetch.
    request.onerror = () => reject(new TypeError("The upload did not reach the server."));
    request.send(body);
  });
}

export const libraryApi = {
  create: (metadata: DocumentMetadata, file: File, onProgress?: (share: number) => void) =>
    upload<StaffDocument>(DOCUMENTS, { metadata: JSON.stringify(metadata) }, file, onProgress),
  update: (id: string, metadata: DocumentMetadata) =>
    apiJson<StaffDocument>("PATCH", documentPath(id), metadata),
  replaceFile: (id: string, file: File, onProgress?: (share: number) => void) =>
    upload<StaffDocument>(`${documentPath(id)}/versions`, {}, file, onProgress),
  restore: (id: string, version: number) =>
    apiJson<StaffDocument>("POST", `${documentPath(id)}/versions/${version}/restore`),
  remove: (id: string) => apiJson<Wire<typeof OkSchema>>("DELETE", documentPath(id)),
  addCategory: (name: string) => apiJson<Category>("POST", CATEGORIES, { name }),
  renameCategory: (id: number, name: string) => apiJson<Category>("PATCH", `${CATEGORIES}/${id}`, { name }),
  reorderCategories: (ids: number[]) => apiJson<Category[]>("PUT", `${CATEGORIES}/order`, { ids }),
  deleteCategory: (id: number) => apiJson<Wire<typeof OkSchema>>("DELETE", `${CATEGORIES}/${id}`),
};

const refresh = (client: QueryClient, paths: string[]) =>
  Promise.all(paths.map((path) => client.invalidateQueries({ queryKey: [path] })));

export const invalidateLibrary = {
  /** A document added, changed, replaced, restored or deleted: the lists, the categories' counts, the portal. */
  documents: (client: QueryClient) =>
    refresh(client, [DOCUMENTS, CATEGORIES, PUBLIC_DOCUMENTS, AUDIT, SAMPLE_CONTENT]),
  categories: (client: QueryClient) =>
    refresh(client, [CATEGORIES, DOCUMENTS, PUBLIC_DOCUMENTS, "/api/documents/categories", AUDIT]),
};

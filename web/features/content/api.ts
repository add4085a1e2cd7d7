// Query key and calls of the staff Content view (contract in shared/content/api.ts). Every write names the draft
// revision it was made on; a 409 means someone else moved the draft meanwhile.
import type { ContentState, ContentValue } from "@shared/content/api";
import { type QueryClient, queryOptions } from "@tanstack/react-query";
import { SAMPLE_CONTENT } from "@/features/library/api";
import { apiJson, apiRequest, httpStatus } from "@/lib/api";

export type { ContentSection, ContentState, ContentValue, ContentVersion } from "@shared/content/api";

export const CONTENT = "/api/admin/content";
const AUDIT = "/api/admin/audit";

type Saved = { revision: number };

export const contentQueries = {
  state: () =>
    queryOptions({ queryKey: [CONTENT] as const, queryFn: () => apiJson<ContentState>("GET", CONTENT) }),
};

export const contentApi = {
  saveDraft: (revision: number, sections: Record<string, ContentValue>) =>
    apiJson<Saved>("PUT", `${CONTENT}/draft`, { revision, sections }),
  publish: (revision: number) => apiJson<Saved>("POST", `${CONTENT}/publish`, { revision }),
  discard: (revision: number) => apiJson<Saved>("POST", `${CONTENT}/discard`, { revision }),
  restore: (revision: number, version: number) =>
    apiJson<Saved>("POST", `${CONTENT}/restore`, { revision, version }),
  /** The page at `path` as the draft would show it: a whole HTML document. */
  preview: async (path: string) => (await apiRequest("POST", `${CONTENT}/preview`, { path })).text(),
};

/** Someone else saved, published, restored or discarded since this state was read. */
export const isStale = (error: unknown) => httpStatus(error) === 409;

/** After a write: the content, what is still sample, and the activity log. */
export async function refreshContent(client: QueryClient) {
  await Promise.all(
    [CONTENT, SAMPLE_CONTENT, AUDIT].map((path) => client.invalidateQueries({ queryKey: [path] })),
  );
}

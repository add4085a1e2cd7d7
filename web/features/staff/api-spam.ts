// Calls of the staff Spam view (server/intake/spam-routes.ts). Restoring or deleting changes the list it came from and
// the list it goes back to, so both are refreshed, with the activity log.
import type { Page } from "@shared/admin";
import type { SpamItem, SpamKind } from "@shared/spam";
import { type QueryClient, queryOptions } from "@tanstack/react-query";
import { apiRequest } from "@/lib/query-client";

const SPAM = "/api/admin/spam";
const RESTORED_LISTS: Record<SpamKind, string[]> = {
  contact: ["/api/admin/messages"],
  review: ["/api/admin/reviews"],
  enrollment: ["/api/enrollments", "/api/enrollments/summary"],
};

export const spamQueries = {
  list: (params: { kind: SpamKind; limit: number; offset: number }) =>
    queryOptions({
      queryKey: [SPAM, params] as const,
      queryFn: async () => {
        const search = new URLSearchParams({
          kind: params.kind,
          limit: String(params.limit),
          offset: String(params.offset),
        });
        const res = await apiRequest("GET", `${SPAM}?${search}`);
        return (await res.json()) as Page<SpamItem>;
      },
    }),
};

export const spamApi = {
  notSpam: async (item: SpamItem) => {
    await apiRequest("POST", `${SPAM}/${item.kind}/${item.id}/not-spam`);
  },
  remove: async (item: SpamItem) => {
    await apiRequest("DELETE", `${SPAM}/${item.kind}/${item.id}`);
  },
};

export function invalidateSpam(client: QueryClient, kind: SpamKind) {
  return Promise.all(
    [SPAM, "/api/admin/audit", ...RESTORED_LISTS[kind]].map((path) =>
      client.invalidateQueries({ queryKey: [path] }),
    ),
  );
}

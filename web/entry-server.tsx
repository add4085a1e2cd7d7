// Build-time renderer used by scripts/prerender.ts; never shipped to browsers.
import { renderToString } from "react-dom/server";
import { App } from "@/app";
import { createQueryClient } from "@/lib/query-client";
import { findRoute, NOT_FOUND_META, type PageMeta, ROUTE_TABLE } from "@/route-table";

export { structuredDataFor } from "@/content/structured-data";
export { ROUTE_TABLE };

export async function render(path: string): Promise<{ html: string; meta: PageMeta }> {
  const route = findRoute(path);
  await route?.page.preload();
  const html = renderToString(<App queryClient={createQueryClient()} ssrPath={path} />);
  return { html, meta: route?.meta ?? NOT_FOUND_META };
}

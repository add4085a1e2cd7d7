// Build-time renderer used by scripts/prerender.ts; never shipped to browsers.

import { NOT_FOUND_DESCRIPTION, PAGE_DESCRIPTIONS } from "@shared/page-descriptions";
import { renderToString } from "react-dom/server";
import { App } from "@/app";
import { loadEveryPart } from "@/lib/hydrate-on-touch";
import { createQueryClient } from "@/lib/query-client";
import { findRoute, NOT_FOUND_TITLE, ROUTE_TABLE } from "@/route-table";

export { applySiteDetails } from "@shared/site-details";
export { structuredDataFor } from "@/content/structured-data";
export { ROUTE_TABLE };

export interface PageMeta {
  title: string;
  description: string;
}

export async function render(path: string): Promise<{ html: string; meta: PageMeta }> {
  const route = findRoute(path);
  await route?.page.preload();
  // The parts that hydrate on touch are rendered whole: the page is read, and its links followed, before any script.
  await loadEveryPart();
  const html = renderToString(<App queryClient={createQueryClient()} ssrPath={path} />);
  const meta = route
    ? { title: route.title, description: PAGE_DESCRIPTIONS[route.path] ?? "" }
    : { title: NOT_FOUND_TITLE, description: NOT_FOUND_DESCRIPTION };
  return { html, meta };
}

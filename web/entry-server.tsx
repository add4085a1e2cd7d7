// Build-time renderer used by scripts/prerender.ts; never shipped to browsers.

import type { TextValue } from "@shared/content/text-tree";
import { NOT_FOUND_DESCRIPTION, PAGE_DESCRIPTIONS } from "@shared/page-descriptions";
import { applySiteDetails, type SiteDetails } from "@shared/site-details";
import { renderToString } from "react-dom/server";
import { App } from "@/app";
import { applySections } from "@/content/site-content";
import { structuredDataFor } from "@/content/structured-data";
import { FEATURED_TESTIMONIALS, type FeaturedTestimonial } from "@/features/landing/testimonials";
import { loadEveryPart } from "@/lib/hydrate-on-touch";
import { createQueryClient } from "@/lib/query-client";
import { findRoute, NOT_FOUND_TITLE, ROUTE_TABLE } from "@/route-table";

export { seededSections } from "@/content/site-content";
export { applySiteDetails, ROUTE_TABLE, structuredDataFor };

/** What a page is rendered with: the company details (ADR 036) and the content to show (ADR 058, 059). */
export interface PageState {
  details: SiteDetails;
  /** Section id -> text; sections not named show their seeded text. */
  sections: Record<string, TextValue>;
  featured: FeaturedTestimonial[];
}

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

/**
 * The page at `path` rendered with `state`, and its JSON-LD. The state is applied and the page rendered in one
 * synchronous step after the awaits: no other render (a preview of a draft, the published pages) can run between,
 * so each render sees only its own state whatever the one before it applied.
 */
export async function renderPage(
  path: string,
  state: PageState,
  origin: string,
): Promise<{ html: string; jsonLd: object[] }> {
  const route = findRoute(path);
  await route?.page.preload();
  await loadEveryPart();
  applySiteDetails(state.details);
  applySections(state.sections);
  FEATURED_TESTIMONIALS.splice(0, FEATURED_TESTIMONIALS.length, ...state.featured);
  const html = renderToString(
    <App queryClient={createQueryClient()} ssrPath={route ? path : "/__not-found__"} />,
  );
  return { html, jsonLd: route ? structuredDataFor(path, origin) : [] };
}

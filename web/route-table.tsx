// The browser's route table, generated from the page definitions in shared/routes.ts: each route's page file is
// found among the *-page.tsx modules below and loaded as its own chunk (route-level code splitting).
import { NOT_FOUND_TITLE, ROUTES } from "@shared/routes";
import type { ComponentType } from "react";
import { lazyPage, type PageComponent } from "@/lib/lazy-page";

export interface RouteEntry {
  path: string;
  /** What the router matches: the path, or the path with its optional parameter ("/verify/:code?"). */
  pattern: string;
  /** Source file, relative to web/: the prerenderer looks its chunk up in Vite's manifest to preload it. */
  module: string;
  page: PageComponent;
  title: string;
  indexable: boolean;
}

// Every file that can be a page; Vite turns each into a dynamic import of its own chunk.
const PAGE_MODULES = import.meta.glob<{ default: ComponentType }>([
  "./features/*/*-page.tsx",
  "./features/services/pages/*.tsx",
  "!./features/services/service-page.tsx",
]);

const pages = new Map<string, PageComponent>();

/** One lazy page per source file, shared by the routes that render it (the three enrollment pages). */
function pageFor(module: string): PageComponent {
  const known = pages.get(module);
  if (known) return known;
  const load = PAGE_MODULES[`./${module}`];
  if (!load) throw new Error(`No page file web/${module} for a route in shared/routes.ts`);
  const page = lazyPage(load);
  pages.set(module, page);
  return page;
}

export const ROUTE_TABLE: readonly RouteEntry[] = ROUTES.map((route) => ({
  path: route.path,
  pattern: route.param ? `${route.path}/:${route.param}?` : route.path,
  module: route.page,
  page: pageFor(route.page),
  title: route.title,
  indexable: route.indexable,
}));

export { NOT_FOUND_TITLE };

export function findRoute(path: string): RouteEntry | undefined {
  const normalised = path.length > 1 ? path.replace(/\/+$/, "") : path;
  const parent = normalised.slice(0, normalised.lastIndexOf("/"));
  return ROUTE_TABLE.find(
    (route) => route.path === normalised || (route.pattern !== route.path && route.path === parent),
  );
}

// The route table of SPEC section 2, as plain data shared by the web app (router, prerender) and the server
// (which paths exist, which get a 404, what goes in the sitemap).

export const SERVICE_SLUGS = [
  "rpas-consultancy",
  "training",
  "climate-solutions",
  "disaster-management",
  "defence",
  "mapping",
  "data-analysis",
] as const;
export type ServiceSlug = (typeof SERVICE_SLUGS)[number];

import { COURSE_TYPES } from "./constants";

/** One enrollment page per course. */
export const ENROLL_COURSES = COURSE_TYPES;

export interface RouteInfo {
  path: string;
  /** Listed in sitemap.xml and open to crawlers. */
  indexable: boolean;
}

export const ROUTES: readonly RouteInfo[] = [
  { path: "/", indexable: true },
  ...SERVICE_SLUGS.map((slug) => ({ path: `/service/${slug}`, indexable: true })),
  ...ENROLL_COURSES.map((course) => ({ path: `/enroll/${course}`, indexable: true })),
  { path: "/portal", indexable: true },
  { path: "/subscribe", indexable: true },
  { path: "/payment", indexable: false },
  { path: "/mpaisa-payment", indexable: false },
  // Subscribers' e-mail sign-in (GET /api/login without OIDC): personal, so kept out of search results.
  { path: "/sign-in", indexable: false },
  { path: "/sign-in/confirm", indexable: false },
  { path: "/admin", indexable: false },
  { path: "/admin/dashboard", indexable: false },
];

/** Old links of the original site's training page (SPEC section 2 notes they were broken); kept alive as 301s. */
export const LEGACY_REDIRECTS: Record<string, string> = Object.fromEntries(
  ENROLL_COURSES.map((course) => [`/enroll-${course}`, `/enroll/${course}`]),
);

export const NOT_FOUND_FILE = "404.html";

/** Where the prerendered HTML of a route lives under dist/client. */
export function htmlFileFor(path: string): string {
  return path === "/" ? "index.html" : `${path.slice(1)}/index.html`;
}

/** Prerendered HTML is built before PUBLIC_URL is known; the server swaps this token for the real origin at boot. */
export const ORIGIN_PLACEHOLDER = "__PUBLIC_ORIGIN__";

/** A path this site renders as a page (trailing slashes ignored). */
export function isSitePath(path: string): boolean {
  const normalised = path.length > 1 ? path.replace(/\/+$/, "") : path;
  return ROUTES.some((route) => route.path === normalised);
}

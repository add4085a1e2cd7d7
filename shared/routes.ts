// The site's pages as plain data, shared by the web app (router, prerender) and the server (which paths exist,
// which get a 404, what goes in the sitemap). See docs/product.md, Pages.

import { COMPANY } from "./company";
import { COURSE_TYPES, type CourseType } from "./course-types";
import { SERVICE_META, SERVICE_SLUGS } from "./services";

export { SERVICE_SLUGS, type ServiceSlug } from "./services";

/** One enrollment page per course. */
export const ENROLL_COURSES = COURSE_TYPES;

export interface RouteInfo {
  path: string;
  /** Listed in sitemap.xml and open to crawlers. */
  indexable: boolean;
  /**
   * The page's source file, relative to web/. The browser's route table loads it as its own chunk, and the
   * prerenderer looks that chunk up in Vite's manifest to preload it.
   */
  page: string;
  /** The page's <title>; its meta description is in page-descriptions.ts, which only the prerenderer reads. */
  title: string;
  /**
   * The page also answers `<path>/<one more segment>`, which it names `param` (/verify/<code>): the server reads the
   * segment and answers those addresses itself, never indexed; only `path` is prerendered and in the sitemap.
   */
  param?: string;
}

const SITE = COMPANY.name;

const ENROLL_TITLES: Record<CourseType, string> = {
  basic: "Basic RPAS Pilot Course",
  advanced: "Advanced RPAS Pilot Course",
  instructor: "RPAS Instructor Training",
};

/**
 * Every page of the site, defined once: the server (which paths exist, the sitemap, 404s), the browser's router
 * and the prerenderer all read this list. Adding a page is one entry here plus its *-page.tsx file.
 */
export const ROUTES: readonly RouteInfo[] = [
  {
    path: "/",
    indexable: true,
    page: "features/landing/home-page.tsx",
    title: `${SITE} | CAAF Certified Drone Consultancy & RPAS Training in Fiji`,
  },
  ...SERVICE_SLUGS.map((slug) => ({
    path: `/service/${slug}`,
    indexable: true,
    page: `features/services/pages/${slug}.tsx`,
    title: `${SERVICE_META[slug].title} | ${SITE}`,
  })),
  ...ENROLL_COURSES.map((course) => ({
    path: `/enroll/${course}`,
    indexable: true,
    page: "features/enrollments/enroll-page.tsx",
    title: `Enroll: ${ENROLL_TITLES[course]} | ${SITE}`,
  })),
  // The public schedule of intakes: served with the current seats at every request (ADR 029).
  {
    path: "/schedule",
    indexable: true,
    page: "features/schedule/schedule-page.tsx",
    title: `Training Schedule: Course Dates and Seats | ${SITE}`,
  },
  // Anyone checks a certificate: the form, and the QR code's /verify/<code>; the server fills in the answer (ADR 029).
  {
    path: "/verify",
    indexable: true,
    page: "features/verify/verify-page.tsx",
    title: `Verify a Training Certificate | ${SITE}`,
    param: "code",
  },
  {
    path: "/portal",
    indexable: true,
    page: "features/portal/portal-page.tsx",
    title: `Premium Document Portal | ${SITE}`,
  },
  {
    path: "/subscribe",
    indexable: true,
    page: "features/payments/subscribe-page.tsx",
    title: `Subscribe to the Document Portal | ${SITE}`,
  },
  {
    path: "/payment",
    indexable: false,
    page: "features/payments/payment-page.tsx",
    title: `Payment | ${SITE}`,
  },
  {
    path: "/mpaisa-payment",
    indexable: false,
    page: "features/payments/mpaisa-payment-page.tsx",
    title: `Pay with M-PAiSA | ${SITE}`,
  },
  // The course fee of an offered place, opened from the offer e-mail's pay link: personal, not for search results.
  {
    path: "/course-payment",
    indexable: false,
    page: "features/training/course-payment-page.tsx",
    title: `Pay Your Course Fee | ${SITE}`,
  },
  // An applicant's own applications, and the address confirmation the application e-mail links to: personal.
  {
    path: "/my-training",
    indexable: false,
    page: "features/training/my-training-page.tsx",
    title: `My Training | ${SITE}`,
  },
  {
    path: "/my-training/confirm",
    indexable: false,
    page: "features/training/my-training-confirm-page.tsx",
    title: `Confirm Your Address | ${SITE}`,
  },
  // Subscribers' e-mail sign-in (GET /api/login without OIDC): personal, so kept out of search results.
  {
    path: "/sign-in",
    indexable: false,
    page: "features/sign-in/sign-in-page.tsx",
    title: `Sign In to the Document Portal | ${SITE}`,
  },
  {
    path: "/sign-in/confirm",
    indexable: false,
    page: "features/sign-in/sign-in-confirm-page.tsx",
    title: `Confirm Sign In | ${SITE}`,
  },
  // The monthly digest's unsubscribe link: personal; the server fills in the answer (ADR 029's answer slot).
  {
    path: "/unsubscribe",
    indexable: false,
    page: "features/unsubscribe/unsubscribe-page.tsx",
    title: `Unsubscribe from the Monthly Digest | ${SITE}`,
  },
  // The stop link at the end of every text (issue 34): personal; the server fills in the number and the button.
  {
    path: "/texts/stop",
    indexable: false,
    page: "features/texts/text-stop-page.tsx",
    title: `Stop Text Messages | ${SITE}`,
  },
  {
    path: "/admin",
    indexable: false,
    page: "features/staff/login-page.tsx",
    title: `Staff Sign In | ${SITE}`,
  },
  {
    path: "/admin/dashboard",
    indexable: false,
    page: "features/staff/dashboard-page.tsx",
    title: `Admin Dashboard | ${SITE}`,
  },
  // An owner's invitation link lands here (issue 16): personal, never indexed; the button, not the link, acts.
  {
    path: "/admin/invite",
    indexable: false,
    page: "features/staff-accounts/invite-page.tsx",
    title: `Join the Staff Dashboard | ${SITE}`,
  },
];

/** The 404 page's <title>. */
export const NOT_FOUND_TITLE = `404 Page Not Found | ${SITE}`;

/** The original training page linked to /enroll-basic etc., which never existed; those addresses now 301 to the forms. */
// Only the server reads it: marked pure so the browser bundle can leave it out.
export const LEGACY_REDIRECTS: Record<string, string> = /* @__PURE__ */ Object.fromEntries(
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

/**
 * The logo at the head of every e-mail's HTML part, under PUBLIC_URL (web/public/email-logo.png: the favicon as a
 * 96px PNG). Served to any site (Cross-Origin-Resource-Policy: cross-origin, server/plugins/static-site.ts): webmail
 * shows it from its own origin.
 */
export const EMAIL_LOGO_PATH = "/email-logo.png";

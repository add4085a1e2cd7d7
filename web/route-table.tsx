// Every screen of SPEC section 2: path, code-split page, and the head tags the prerenderer writes for it.
import { ROUTES, type ServiceSlug } from "@shared/routes";
import { COMPANY } from "@/content/company";
import { SERVICE_META } from "@/features/services/meta";
import { lazyPage, type PageComponent } from "@/lib/lazy-page";

export interface PageMeta {
  title: string;
  description: string;
}

export interface RouteEntry {
  path: string;
  /** Source file, relative to web/: the prerenderer looks its chunk up in Vite's manifest to preload it. */
  module: string;
  page: PageComponent;
  meta: PageMeta;
  indexable: boolean;
}

const home = lazyPage(() => import("./features/landing/home-page"));
const enroll = lazyPage(() => import("./features/enrollments/enroll-page"));

const serviceModules: Record<ServiceSlug, PageComponent> = {
  "rpas-consultancy": lazyPage(() => import("./features/services/pages/rpas-consultancy")),
  training: lazyPage(() => import("./features/services/pages/training")),
  "climate-solutions": lazyPage(() => import("./features/services/pages/climate-solutions")),
  "disaster-management": lazyPage(() => import("./features/services/pages/disaster-management")),
  defence: lazyPage(() => import("./features/services/pages/defence")),
  mapping: lazyPage(() => import("./features/services/pages/mapping")),
  "data-analysis": lazyPage(() => import("./features/services/pages/data-analysis")),
};

const SITE = COMPANY.name;

const pages: Record<string, Omit<RouteEntry, "path" | "indexable">> = {
  "/": {
    module: "features/landing/home-page.tsx",
    page: home,
    meta: {
      title: `${SITE} | CAAF Certified Drone Consultancy & RPAS Training in Fiji`,
      description:
        "CAAF certified RPAS consultancy, drone pilot training and aerial services for government, defence, emergency services and business across Fiji and the Pacific.",
    },
  },
  "/enroll/basic": {
    module: "features/enrollments/enroll-page.tsx",
    page: enroll,
    meta: {
      title: `Enroll: Basic RPAS Pilot Course | ${SITE}`,
      description:
        "Apply for the CAAF Basic RPAS Pilot course in Fiji: FJD 300, small classes of up to 8 students.",
    },
  },
  "/enroll/advanced": {
    module: "features/enrollments/enroll-page.tsx",
    page: enroll,
    meta: {
      title: `Enroll: Advanced RPAS Pilot Course | ${SITE}`,
      description:
        "Apply for the 10-day CAAF Advanced RPAS Pilot course in Fiji: FJD 1,500, for pilots with prior drone flying experience.",
    },
  },
  "/enroll/instructor": {
    module: "features/enrollments/enroll-page.tsx",
    page: enroll,
    meta: {
      title: `Enroll: RPAS Instructor Training | ${SITE}`,
      description:
        "Apply for the 7-day CAAF RPAS Instructor Training in Fiji: FJD 2,500, for experienced pilots ready to teach.",
    },
  },
  "/portal": {
    module: "features/portal/portal-page.tsx",
    page: lazyPage(() => import("./features/portal/portal-page")),
    meta: {
      title: `Premium Document Portal | ${SITE}`,
      description:
        "ICAO, CAAF regulatory and safety documents for RPAS operators in Fiji: subscribe for FJD 50 a month for full access and downloads.",
    },
  },
  "/subscribe": {
    module: "features/payments/subscribe-page.tsx",
    page: lazyPage(() => import("./features/payments/subscribe-page")),
    meta: {
      title: `Subscribe to the Document Portal | ${SITE}`,
      description:
        "Subscribe to the premium RPAS document portal for FJD 50.00 a month, billed monthly, cancel anytime.",
    },
  },
  "/payment": {
    module: "features/payments/payment-page.tsx",
    page: lazyPage(() => import("./features/payments/payment-page")),
    meta: {
      title: `Payment | ${SITE}`,
      description: "Pay for Document Portal Access by card: FJD 50.00 monthly.",
    },
  },
  "/mpaisa-payment": {
    module: "features/payments/mpaisa-payment-page.tsx",
    page: lazyPage(() => import("./features/payments/mpaisa-payment-page")),
    meta: {
      title: `Pay with M-PAiSA | ${SITE}`,
      description: "Pay for Document Portal Access with the M-PAiSA mobile wallet or a QR code.",
    },
  },
  "/sign-in": {
    module: "features/sign-in/sign-in-page.tsx",
    page: lazyPage(() => import("./features/sign-in/sign-in-page")),
    meta: {
      title: `Sign In to the Document Portal | ${SITE}`,
      description: "Sign in to the premium document portal with a one-time code sent to your e-mail.",
    },
  },
  "/sign-in/confirm": {
    module: "features/sign-in/sign-in-confirm-page.tsx",
    page: lazyPage(() => import("./features/sign-in/sign-in-confirm-page")),
    meta: {
      title: `Confirm Sign In | ${SITE}`,
      description: "Confirm the sign-in link from your e-mail to open the document portal.",
    },
  },
  "/admin": {
    module: "features/staff/login-page.tsx",
    page: lazyPage(() => import("./features/staff/login-page")),
    meta: { title: `Staff Sign In | ${SITE}`, description: "Staff sign-in for the enrollment dashboard." },
  },
  "/admin/dashboard": {
    module: "features/staff/dashboard-page.tsx",
    page: lazyPage(() => import("./features/staff/dashboard-page")),
    meta: {
      title: `Admin Dashboard | ${SITE}`,
      description: "Staff dashboard for processing course enrollments.",
    },
  },
};

for (const [slug, page] of Object.entries(serviceModules) as [ServiceSlug, PageComponent][]) {
  pages[`/service/${slug}`] = {
    module: `features/services/pages/${slug}.tsx`,
    page,
    meta: { title: `${SERVICE_META[slug].title} | ${SITE}`, description: SERVICE_META[slug].description },
  };
}

export const ROUTE_TABLE: readonly RouteEntry[] = ROUTES.map((route) => {
  const entry = pages[route.path];
  if (!entry) throw new Error(`No page registered for ${route.path}`);
  return { ...entry, path: route.path, indexable: route.indexable };
});

export const NOT_FOUND_META: PageMeta = {
  title: `404 Page Not Found | ${SITE}`,
  description: "The page you were looking for does not exist.",
};

export function findRoute(path: string): RouteEntry | undefined {
  const normalised = path.length > 1 ? path.replace(/\/+$/, "") : path;
  return ROUTE_TABLE.find((route) => route.path === normalised);
}

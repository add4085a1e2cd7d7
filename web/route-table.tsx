// Every screen of SPEC section 2: path, code-split page, and the head tags the prerenderer writes for it.
import { ROUTES, type ServiceSlug } from "@shared/routes";
import { COMPANY } from "@/content/company";
import { SERVICE_META } from "@/content/service-meta";
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

const home = lazyPage(() => import("./routes/home"));
const enroll = lazyPage(() => import("./routes/enroll"));

const serviceModules: Record<ServiceSlug, PageComponent> = {
  "rpas-consultancy": lazyPage(() => import("./routes/service/rpas-consultancy")),
  training: lazyPage(() => import("./routes/service/training")),
  "climate-solutions": lazyPage(() => import("./routes/service/climate-solutions")),
  "disaster-management": lazyPage(() => import("./routes/service/disaster-management")),
  defence: lazyPage(() => import("./routes/service/defence")),
  mapping: lazyPage(() => import("./routes/service/mapping")),
  "data-analysis": lazyPage(() => import("./routes/service/data-analysis")),
};

const SITE = COMPANY.name;

const pages: Record<string, Omit<RouteEntry, "path" | "indexable">> = {
  "/": {
    module: "routes/home.tsx",
    page: home,
    meta: {
      title: `${SITE} | CAAF Certified Drone Consultancy & RPAS Training in Fiji`,
      description:
        "CAAF certified RPAS consultancy, drone pilot training and aerial services for government, defence, emergency services and business across Fiji and the Pacific.",
    },
  },
  "/enroll/basic": {
    module: "routes/enroll.tsx",
    page: enroll,
    meta: {
      title: `Enroll: Basic RPAS Pilot Course | ${SITE}`,
      description:
        "Apply for the CAAF Basic RPAS Pilot course in Fiji: FJD 300, small classes of up to 8 students.",
    },
  },
  "/enroll/advanced": {
    module: "routes/enroll.tsx",
    page: enroll,
    meta: {
      title: `Enroll: Advanced RPAS Pilot Course | ${SITE}`,
      description:
        "Apply for the 10-day CAAF Advanced RPAS Pilot course in Fiji: FJD 1,500, for pilots with prior drone flying experience.",
    },
  },
  "/enroll/instructor": {
    module: "routes/enroll.tsx",
    page: enroll,
    meta: {
      title: `Enroll: RPAS Instructor Training | ${SITE}`,
      description:
        "Apply for the 7-day CAAF RPAS Instructor Training in Fiji: FJD 2,500, for experienced pilots ready to teach.",
    },
  },
  "/portal": {
    module: "routes/portal.tsx",
    page: lazyPage(() => import("./routes/portal")),
    meta: {
      title: `Premium Document Portal | ${SITE}`,
      description:
        "ICAO, CAAF regulatory and safety documents for RPAS operators in Fiji: subscribe for FJD 50 a month for full access and downloads.",
    },
  },
  "/subscribe": {
    module: "routes/subscribe.tsx",
    page: lazyPage(() => import("./routes/subscribe")),
    meta: {
      title: `Subscribe to the Document Portal | ${SITE}`,
      description:
        "Subscribe to the premium RPAS document portal for FJD 50.00 a month, billed monthly, cancel anytime.",
    },
  },
  "/payment": {
    module: "routes/payment.tsx",
    page: lazyPage(() => import("./routes/payment")),
    meta: {
      title: `Payment | ${SITE}`,
      description: "Pay for Document Portal Access by card: FJD 50.00 monthly.",
    },
  },
  "/mpaisa-payment": {
    module: "routes/mpaisa-payment.tsx",
    page: lazyPage(() => import("./routes/mpaisa-payment")),
    meta: {
      title: `Pay with M-PAiSA | ${SITE}`,
      description: "Pay for Document Portal Access with the M-PAiSA mobile wallet or a QR code.",
    },
  },
  "/sign-in": {
    module: "routes/sign-in.tsx",
    page: lazyPage(() => import("./routes/sign-in")),
    meta: {
      title: `Sign In to the Document Portal | ${SITE}`,
      description: "Sign in to the premium document portal with a one-time code sent to your e-mail.",
    },
  },
  "/sign-in/confirm": {
    module: "routes/sign-in-confirm.tsx",
    page: lazyPage(() => import("./routes/sign-in-confirm")),
    meta: {
      title: `Confirm Sign In | ${SITE}`,
      description: "Confirm the sign-in link from your e-mail to open the document portal.",
    },
  },
  "/admin": {
    module: "routes/admin-login.tsx",
    page: lazyPage(() => import("./routes/admin-login")),
    meta: { title: `Staff Sign In | ${SITE}`, description: "Staff sign-in for the enrollment dashboard." },
  },
  "/admin/dashboard": {
    module: "routes/admin-dashboard.tsx",
    page: lazyPage(() => import("./routes/admin-dashboard")),
    meta: {
      title: `Admin Dashboard | ${SITE}`,
      description: "Staff dashboard for processing course enrollments.",
    },
  },
};

for (const [slug, page] of Object.entries(serviceModules) as [ServiceSlug, PageComponent][]) {
  pages[`/service/${slug}`] = {
    module: `routes/service/${slug}.tsx`,
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

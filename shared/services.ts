// The seven services: their slugs (one page each under /service/), titles and summaries. The landing cards, the
// route table (page titles), the page descriptions and each service page's header read them here, so one edit
// changes every one of them.

import { withServedText } from "./content/served-content";

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

export interface ServiceMeta {
  slug: ServiceSlug;
  title: string;
  description: string;
  features: readonly [string, string, string];
  group: "core" | "specialised";
}

export const SERVICE_META: Record<ServiceSlug, ServiceMeta> = {
  "rpas-consultancy": {
    slug: "rpas-consultancy",
    title: "RPAS Consultancy",
    description:
      "Expert guidance to establish compliant, safe and effective drone operations: from CAAF approvals to standard operating procedures.",
    features: ["CAAF regulatory compliance", "Operations manuals and SOPs", "Risk assessment frameworks"],
    group: "core",
  },
  training: {
    slug: "training",
    title: "CAAF Certified Training Provider",
    description:
      "Certified RPAS pilot training from first flight to instructor level, delivered by experienced aviators in small classes.",
    features: [
      "Basic, advanced and instructor courses",
      "Theory and practical flight training",
      "CAAF recognised certificates",
    ],
    group: "core",
  },
  "climate-solutions": {
    slug: "climate-solutions",
    title: "Climate Change Solutions",
    description:
      "Aerial monitoring of coastlines, forests and reefs that gives Pacific communities the evidence to adapt to a changing climate.",
    features: [
      "Coastal erosion monitoring",
      "Forest and reef health surveys",
      "Climate data for adaptation planning",
    ],
    group: "core",
  },
  "disaster-management": {
    slug: "disaster-management",
    title: "Disaster Management",
    description:
      "Rapid aerial assessment and support before, during and after cyclones, floods and other emergencies.",
    features: ["Rapid damage assessment", "Flood monitoring and mapping", "Search and rescue support"],
    group: "core",
  },
  defence: {
    slug: "defence",
    title: "Defence Services",
    description:
      "Secure RPAS capability for defence, police and border agencies: surveillance, maritime patrol and tactical intelligence.",
    features: [
      "Border and maritime surveillance",
      "Tactical intelligence support",
      "Secure, vetted operations",
    ],
    group: "core",
  },
  mapping: {
    slug: "mapping",
    title: "Mapping & Surveying",
    description:
      "Survey-grade aerial mapping, photogrammetry and 3D models for land, infrastructure and development projects.",
    features: [
      "Photogrammetry and orthomosaics",
      "Precision topographic surveys",
      "3D models and GIS-ready data",
    ],
    group: "specialised",
  },
  "data-analysis": {
    slug: "data-analysis",
    title: "Data Analysis",
    description:
      "Turning aerial imagery and sensor data into decisions with processing, statistics, machine learning and clear reports.",
    features: ["Image and sensor data processing", "Machine learning detection", "Decision-ready reporting"],
    group: "specialised",
  },
};

// Each service card's description and points are the owner's words (the Content view, ADR 058).
for (const meta of Object.values(SERVICE_META)) withServedText(`services.${meta.slug}`, meta, "card");

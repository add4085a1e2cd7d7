// Every content section the owner edits in the Content view (ADR 058), as the server renderer sees them: the live
// objects whose words the pages render, and the paths that show them. Only the server entry imports this list (it
// holds every page's copy); in the browser each module reads its own section (shared/content/served-content.ts).
import { COMPANY } from "@shared/company";
import { COURSE_TYPES, COURSES, STATS } from "@shared/constants";
import { applyText, restore, snapshot, type TextValue, textOf } from "@shared/content/text-tree";
import { SERVICE_META, SERVICE_SLUGS, type ServiceSlug } from "@shared/services";
import { ENROLL_COPY } from "@/features/enrollments/course-copy";
import {
  ABOUT_TEXT,
  CERTIFICATION_BADGES,
  OPERATIONAL_CERTIFICATIONS,
  SECTION_HEADINGS,
  TARGET_SECTORS,
  TRAINING_PROGRAMMES,
  TRAINING_QUALIFICATIONS,
} from "@/features/landing/content";
import { POLICY_NOTES } from "@/features/landing/footer-links";
import { HERO_TEXT } from "@/features/landing/hero-text";
import { renameSamples, TESTIMONIALS } from "@/features/landing/testimonials";
import { PORTAL_STATS, SUBSCRIPTION_FEATURES } from "@/features/portal/content";
import { CLIMATE_PAGE } from "@/features/services/content/climate-solutions";
import { DATA_ANALYSIS_PAGE } from "@/features/services/content/data-analysis";
import { DEFENCE_PAGE } from "@/features/services/content/defence";
import { DISASTER_PAGE } from "@/features/services/content/disaster-management";
import { MAPPING_PAGE } from "@/features/services/content/mapping";
import {
  CONSULTANCY_DELIVERABLES,
  CONSULTANCY_INDUSTRIES,
  CONSULTANCY_PAGE,
  CONSULTATION_STEPS,
} from "@/features/services/content/rpas-consultancy";
import { TRAINING_COURSES, TRAINING_PAGE } from "@/features/services/content/training";

/** One object of a section: its text is `textOf(target)`, limited to `keys` or without the `omit` paths. */
interface Part {
  target: object;
  keys?: readonly string[];
  omit?: readonly string[];
}

export interface SectionDefinition {
  id: string;
  title: string;
  /** The pages that show it; the first is the one a preview opens. */
  paths: readonly string[];
  /** A section of one object is that object's text; of several, an object of their texts by part name. */
  parts: Part | Record<string, Part>;
}

const isPart = (parts: SectionDefinition["parts"]): parts is Part => "target" in parts;

const ALL_PAGES = ["/", ...SERVICE_SLUGS.map((slug) => `/service/${slug}`)];

const SERVICE_PAGES: Record<ServiceSlug, object> = {
  "rpas-consultancy": CONSULTANCY_PAGE,
  training: TRAINING_PAGE,
  "climate-solutions": CLIMATE_PAGE,
  "disaster-management": DISASTER_PAGE,
  defence: DEFENCE_PAGE,
  mapping: MAPPING_PAGE,
  "data-analysis": DATA_ANALYSIS_PAGE,
};

export const SECTIONS: readonly SectionDefinition[] = [
  { id: "home.hero", title: "Home page: introduction", paths: ["/"], parts: { target: HERO_TEXT } },
  {
    id: "home.figures",
    title: "Home page: headline figures",
    paths: ["/"],
    parts: { target: STATS as unknown as object },
  },
  {
    id: "home.about",
    title: "Home page: about us",
    paths: ["/"],
    parts: { text: { target: ABOUT_TEXT }, sectors: { target: TARGET_SECTORS } },
  },
  {
    id: "home.headings",
    title: "Home page: section headings",
    paths: ["/"],
    parts: { target: SECTION_HEADINGS },
  },
  {
    id: "home.testimonials",
    title: "Home page: testimonials",
    paths: ["/"],
    parts: { target: TESTIMONIALS },
  },
  {
    id: "home.certifications",
    title: "Home page: certifications",
    paths: ["/"],
    parts: {
      badges: { target: CERTIFICATION_BADGES },
      training: { target: TRAINING_QUALIFICATIONS },
      operations: { target: OPERATIONAL_CERTIFICATIONS },
    },
  },
  ...SERVICE_SLUGS.map(
    (slug): SectionDefinition => ({
      id: `services.${slug}`,
      title: `Service page: ${SERVICE_META[slug].title}`,
      paths: [`/service/${slug}`, "/"],
      parts: {
        card: { target: SERVICE_META[slug], keys: ["description", "features"] },
        // The training page's course cards belong to each course's section.
        page: { target: SERVICE_PAGES[slug], omit: slug === "training" ? ["details.items"] : [] },
        ...(slug === "rpas-consultancy"
          ? {
              deliverables: { target: CONSULTANCY_DELIVERABLES },
              industries: { target: CONSULTANCY_INDUSTRIES },
              steps: { target: CONSULTATION_STEPS },
            }
          : {}),
      },
    }),
  ),
  ...COURSE_TYPES.map(
    (type, index): SectionDefinition => ({
      id: `courses.${type}`,
      title: `Course: ${COURSES[type].title}`,
      paths: ["/service/training", "/", `/enroll/${type}`],
      parts: {
        home: { target: TRAINING_PROGRAMMES[index] as object, keys: ["summary", "features"] },
        page: { target: TRAINING_COURSES[index] as object, keys: ["description", "modules", "prerequisite"] },
        enrollment: { target: ENROLL_COPY[type] },
        certificate: { target: COURSES[type], keys: ["certificate"] },
      },
    }),
  ),
  {
    id: "portal.stats",
    title: "Document Portal: figures and what a subscription includes",
    paths: ["/portal", "/payment", "/subscribe"],
    parts: {
      stats: { target: PORTAL_STATS as unknown as object },
      includes: { target: SUBSCRIPTION_FEATURES as unknown as object },
    },
  },
  {
    id: "site.company",
    title: "Every page: tagline and description",
    paths: ALL_PAGES,
    parts: { target: COMPANY, keys: ["tagline", "description"] },
  },
  {
    id: "site.policies",
    title: "Every page: Privacy, Terms and Cookie notes",
    paths: ALL_PAGES,
    parts: { target: POLICY_NOTES },
  },
];

function partText(part: Part): TextValue {
  const text = textOf(part.target, part.omit);
  if (!part.keys || !text || typeof text !== "object" || Array.isArray(text)) return text ?? "";
  return Object.fromEntries(
    part.keys.filter((key) => key in text).map((key) => [key, text[key] as TextValue]),
  );
}

/** The section's text as the objects hold it now. */
export function sectionText(section: SectionDefinition): TextValue {
  const { parts } = section;
  if (isPart(parts)) return partText(parts);
  return Object.fromEntries(Object.entries(parts).map(([name, part]) => [name, partText(part)]));
}

// Taken as the server entry loads, before any content is applied: what every render starts again from.
const SEEDED = new Map(SECTIONS.map((section) => [section.id, sectionText(section)]));
const PRISTINE = SECTIONS.flatMap((section) => {
  const { parts } = section;
  return (isPart(parts) ? [parts] : Object.values(parts)).map((part) => {
    const copy = snapshot(part.target) as Record<string, unknown>;
    // Only the part's own fields: the rest (a course's price, the company's phones) is the settings' (ADR 036).
    const { keys } = part;
    return {
      target: part.target,
      copy: keys
        ? Object.fromEntries(keys.filter((key) => key in copy).map((key) => [key, copy[key]]))
        : copy,
    };
  });
});

/** Every section with its seeded text (the first version of the Content view). */
export function seededSections(): { id: string; title: string; paths: string[]; seeded: TextValue }[] {
  return SECTIONS.map((section) => ({
    id: section.id,
    title: section.title,
    paths: [...section.paths],
    seeded: SEEDED.get(section.id) ?? "",
  }));
}

/** Puts every section back to its seeded text, then applies `sections` (id -> text). */
export function applySections(sections: Record<string, TextValue>): void {
  for (const { target, copy } of PRISTINE) restore(target, copy);
  for (const section of SECTIONS) {
    const value = sections[section.id];
    if (value === undefined) continue;
    const { parts } = section;
    if (isPart(parts)) applyText(parts.target, value);
    else if (typeof value === "object" && !Array.isArray(value))
      for (const [name, part] of Object.entries(parts)) {
        const partValue = value[name];
        if (partValue !== undefined) applyText(part.target, partValue);
      }
  }
  renameSamples();
}

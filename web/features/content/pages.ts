// How the Content view lists the sections: grouped by the page a preview opens (a section's first path), with the
// page's plain name, and each section's state: still the sample or original text, changed and published, and whether
// its draft waits for the owner to publish it.
import type { ContentSection, ContentValue } from "@shared/content/api";
import { ROUTES } from "@shared/routes";
import { SEEDED_TEXTS } from "@shared/sample-content";
import { SERVICE_META, type ServiceSlug } from "@shared/services";
import { isObject, labelFromKey, sameValue } from "./content-value";

/** The group of sections no public page shows (a printed certificate's title, for one). */
export const NO_PAGE = "";

/** "/" -> "Home page", "/service/mapping" -> "Mapping & Surveying (service page)", "/privacy" -> "Privacy". */
export function pageName(path: string): string {
  if (path === NO_PAGE) return "Not on a page";
  if (path === "/") return "Home page";
  const service = /^\/service\/([^/]+)$/.exec(path)?.[1];
  if (service && service in SERVICE_META)
    return `${SERVICE_META[service as ServiceSlug].title} (service page)`;
  const route = ROUTES.find((entry) => entry.path === path);
  // A page's <title> ends with " | <company>": the part before it names the page.
  if (route) return route.title.slice(0, route.title.lastIndexOf(" | ")) || route.title;
  const last = path.split("/").filter(Boolean).at(-1);
  return last ? labelFromKey(last) : path;
}

export interface PageGroup {
  /** The first path of its sections ("" for none). */
  path: string;
  name: string;
  sections: ContentSection[];
}

/** The sections by page, in the order the server lists them (the page of the first section first). */
export function groupByPage(sections: readonly ContentSection[]): PageGroup[] {
  const groups = new Map<string, PageGroup>();
  for (const section of sections) {
    const path = section.paths[0] ?? NO_PAGE;
    let group = groups.get(path);
    if (!group) {
      group = { path, name: pageName(path), sections: [] };
      groups.set(path, group);
    }
    group.sections.push(section);
  }
  return [...groups.values()];
}

// The sample wordings (shared/sample-content.ts): a claim or a name as a text holds it, a figure as two texts of one
// item read together ("100+" and "Pilots Trained", in either order).
const SAMPLE_WORDINGS = SEEDED_TEXTS.map((text) => text.value);

/** Whether `value` holds a sample wording: in one of its texts, or made of two texts of the same group. */
export function holdsSampleWording(value: ContentValue | undefined): boolean {
  if (typeof value === "string") return SAMPLE_WORDINGS.some((wording) => value.includes(wording));
  if (Array.isArray(value)) return value.some(holdsSampleWording);
  if (!isObject(value)) return false;
  const texts = Object.values(value).filter((item): item is string => typeof item === "string");
  const pairs = texts.flatMap((a) => texts.filter((b) => b !== a).map((b) => `${a} ${b}`));
  return (
    pairs.some((pair) => SAMPLE_WORDINGS.includes(pair)) || Object.values(value).some(holdsSampleWording)
  );
}

/** A section still showing a first-run sample: unchanged since it shipped, and holding a sample wording. */
export function isSample(section: ContentSection): boolean {
  return sameValue(section.published, section.seeded) && holdsSampleWording(section.published);
}

export type PublishedState = "sample" | "original" | "changed";

export const PUBLISHED_STATE_LABELS: Record<PublishedState, string> = {
  sample: "Sample",
  original: "Original text",
  changed: "Published",
};

/** What visitors read now: a sample, the text the site shipped with, or the owner's published words. */
export function publishedState(section: ContentSection): PublishedState {
  if (isSample(section)) return "sample";
  return sameValue(section.published, section.seeded) ? "original" : "changed";
}

export const DRAFT_LABEL = "Draft: not yet published";

// In the browser: the published content the page was served with (ADR 059). The server puts the sections that
// differ from the seeded text (and the featured testimonials) in a JSON block of the page; each content module reads
// its own section as it loads, so the words are in place before anything renders and hydration matches the HTML.
// Read per module, not applied by the entry script: that would pull every page's copy into every page's first script.
import { applyText, type TextValue } from "./text-tree";

/** The id of the JSON block a served page carries when its content differs from the seeded one. */
export const SITE_CONTENT_ELEMENT_ID = "site-content";

export interface ServedContent {
  sections: Record<string, TextValue>;
  /** Client reviews whose authors agreed to have them featured (ADR 061), as the landing page shows them. */
  featured?: unknown[];
}

let served: ServedContent | null | undefined;

/** The served content, or null on the server and on a page served with the seeded content. */
export function servedContent(): ServedContent | null {
  if (served !== undefined) return served;
  if (typeof document === "undefined") return null;
  const text = document.getElementById(SITE_CONTENT_ELEMENT_ID)?.textContent;
  served = text ? (JSON.parse(text) as ServedContent) : null;
  return served;
}

/**
 * Applies the served text of section `id` (of its `part`, for a section made of several objects) to `target`, in
 * place, and answers `target`.
 */
export function withServedText<T>(id: string, target: T, part?: string): T {
  const section = servedContent()?.sections[id];
  const value =
    part === undefined
      ? section
      : section && typeof section === "object" && !Array.isArray(section)
        ? section[part]
        : undefined;
  if (value !== undefined) applyText(target, value);
  return target;
}

// In the browser: the company details and course figures the page was served with (ADR 036). The server puts them in
// a JSON block of the page when the owner has changed them; shared/company.ts and shared/constants.ts read the block
// when they load, so COMPANY and COURSES hold the served values before anything renders (hydration then matches).
// Read from the page itself, not handed over by the entry script: the app shell imports neither module (ADR 007),
// and a hand-over would pull both into every page's first script file (ADR 033).

/** The id of the JSON block a served page carries when its details differ from the seeded ones. */
export const SITE_DETAILS_ELEMENT_ID = "site-details";

/**
 * What the block holds, as far as the two readers need it (shared/site-details.ts's SiteDetails is the full shape;
 * not imported here, so that this module imports nothing).
 */
export interface ServedDetails {
  company: object;
  courses: Partial<Record<string, { priceCents: number; durationDays: number }>>;
  referencePrefix?: string;
  /** The owner's pictures (shared/brand.ts). */
  brand?: object;
}

/** The served details, or null on the server and on a page served with the seeded ones. */
export function servedSiteDetails(): ServedDetails | null {
  if (typeof document === "undefined") return null;
  const text = document.getElementById(SITE_DETAILS_ELEMENT_ID)?.textContent;
  return text ? (JSON.parse(text) as ServedDetails) : null;
}

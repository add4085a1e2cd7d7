// What the served pages are rendered from (ADRs 036 and 059), as the page machinery needs it. The settings domain
// makes the source (server/settings/site-details.ts) from the company details and the published content; platform/
// only names the shape, so it imports no domain (ADR 024).
import type { TextValue } from "../../shared/content/text-tree";
import type { SiteDetails } from "../../shared/site-details";

/** The owner's published words and featured reviews, as the pages show them. */
export interface ServedContent {
  sections: Record<string, TextValue>;
  /** When each section was last published (the sitemap's lastmod). */
  changedAt: Record<string, string>;
  /** Featured client reviews, as the landing page shows them. */
  featured: unknown[];
}

export interface VersionedDetails {
  /** Changes whenever `details` or `content` does. */
  version: string;
  details: SiteDetails;
  content: ServedContent;
}

export interface SiteDetailsSource {
  /** The current details (read again when older than their maximum age), applied to COMPANY and COURSES. */
  current(): Promise<VersionedDetails>;
  /** The details current() would answer at once, without waiting: undefined when they are due to be read. */
  peek(): VersionedDetails | undefined;
  /** They were just changed here: the next current() reads them afresh. */
  changed(): void;
}

// What the public pages show of the owner's words (ADR 059): the published sections, when each last changed (the
// sitemap's lastmod), and the client reviews featured with consent. Read with the company details
// (server/settings/site-details.ts), so one version moves when either changes and the pages are rendered again.
import { pictureImage } from "../../shared/brand";
import { COMPANY, SEEDED_COMPANY } from "../../shared/company";
import { COURSE_TYPES, COURSES, SEEDED_COURSES } from "../../shared/constants";
import type { TextValue } from "../../shared/content/text-tree";
import type { Db } from "../db/client";
import { featuredTestimonials } from "../intake/featured-testimonials";
import { pictureById } from "../media/pictures";
import { readPublished } from "./content-store";

export interface SiteContent {
  version: number;
  sections: Record<string, TextValue>;
  changedAt: Record<string, string>;
  /** Featured client reviews, as the landing page shows them (web/features/landing/testimonials.ts). */
  featured: unknown[];
}

export const SEEDED_CONTENT: SiteContent = { version: 0, sections: {}, changedAt: {}, featured: [] };

/** The featured reviews as the page shows them: a photo's sized copies (ADR 060), none when the picture is gone. */
async function featuredOnPages(db: Db): Promise<unknown[]> {
  const featured = await featuredTestimonials(db);
  return Promise.all(
    featured.map(async ({ photo, ...testimonial }) => {
      const picture = photo ? await pictureById(db, Number(photo.mediaId), photo.alt) : null;
      const image = picture ? pictureImage(picture, "44px") : null;
      return {
        ...testimonial,
        photo: image && {
          src: image.src,
          srcSet: image.srcSet,
          width: image.width,
          height: image.height,
          alt: image.alt,
        },
      };
    }),
  );
}

export async function readSiteContent(db: Db): Promise<SiteContent> {
  const [published, featured] = await Promise.all([readPublished(db), featuredOnPages(db)]);
  return {
    version: published.version,
    sections: published.sections,
    changedAt: Object.fromEntries(
      Object.entries(published.changedAt).map(([id, at]) => [id, at.toISOString()]),
    ),
    featured,
  };
}

const field = (value: TextValue | undefined, ...path: string[]): string | undefined => {
  let at: TextValue | undefined = value;
  for (const key of path)
    at =
      at && typeof at === "object" && !Array.isArray(at) ? (at as Record<string, TextValue>)[key] : undefined;
  return typeof at === "string" ? at : undefined;
};

/** The published tagline (the share image draws it), the seeded one until the owner publishes another. */
export function publishedTagline(sections: Record<string, TextValue>): string {
  return field(sections["site.company"], "tagline") ?? SEEDED_COMPANY.tagline;
}

/**
 * The published words this process itself prints: the certificate title of new certificates and the tagline and
 * description (the share image, e-mails). The pages take every section through the site's renderer.
 */
export function applyToServer(sections: Record<string, TextValue>): void {
  for (const type of COURSE_TYPES)
    COURSES[type].certificate =
      field(sections[`courses.${type}`], "certificate", "certificate") ?? SEEDED_COURSES[type].certificate;
  COMPANY.tagline = publishedTagline(sections);
  COMPANY.description = field(sections["site.company"], "description") ?? SEEDED_COMPANY.description;
}

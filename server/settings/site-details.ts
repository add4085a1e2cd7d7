// The site details every page, e-mail and certificate shows (ADR 036), read from the settings and applied to the
// shared COMPANY and COURSES objects of this process. Each instance re-reads them at most every few seconds (and at
// once after a save through it), so a change made through another instance shows here within that window.
import { createHash } from "node:crypto";
import { companyOf } from "../../shared/company-settings";
import { COURSE_TYPES } from "../../shared/constants";
import type { Settings } from "../../shared/settings";
import { applySiteDetails, type SiteDetails } from "../../shared/site-details";
import { applyToServer, publishedTagline, readSiteContent } from "../content/published-content";
import type { Db } from "../db/client";
import { shareImageInputs, shareImagePath } from "../media/share-image";
import type { SiteDetailsSource, VersionedDetails } from "../platform/site-details-source";
import { readSettings } from "./settings";

/** How long an instance may show details another instance has since changed. */
export const SITE_DETAILS_MAX_AGE_MS = 5_000;

/** `tagline` is the published one (the Content view, ADR 058): the share image shows it. */
export function siteDetailsOf(settings: Settings, tagline?: string): SiteDetails {
  const company = companyOf(settings.company);
  const { logo, hero } = settings.brand;
  return {
    company,
    courses: Object.fromEntries(
      COURSE_TYPES.map((type) => [
        type,
        { priceCents: settings.coursePriceCents[type], durationDays: settings.courseDurationDays[type] },
      ]),
    ) as SiteDetails["courses"],
    referencePrefix: settings.referencePrefix,
    // The pictures (ADR 060); the share image is drawn from the name, the tagline and the logo.
    brand: { logo, hero, shareImage: shareImagePath(shareImageInputs(company.name, logo, tagline)) },
  };
}

export function siteDetailsSource(db: Db, maxAgeMs = SITE_DETAILS_MAX_AGE_MS): SiteDetailsSource {
  let cached: { value: VersionedDetails; readAt: number } | null = null;
  let reading: Promise<VersionedDetails> | null = null;
  const read = async (): Promise<VersionedDetails> => {
    const [settings, content] = await Promise.all([readSettings(db), readSiteContent(db)]);
    const details = siteDetailsOf(settings, publishedTagline(content.sections));
    const text = JSON.stringify({ details, content });
    const version = createHash("sha256").update(text).digest("base64url").slice(0, 16);
    if (cached?.value.version !== version) {
      applySiteDetails(details);
      applyToServer(content.sections);
    }
    const value = { version, details, content };
    cached = { value, readAt: Date.now() };
    return value;
  };
  return {
    current() {
      const fresh = this.peek();
      if (fresh) return Promise.resolve(fresh);
      // One read shared by the requests that arrive while it runs.
      reading ??= read().finally(() => {
        reading = null;
      });
      return reading;
    },
    peek() {
      return cached && Date.now() - cached.readAt < maxAgeMs ? cached.value : undefined;
    },
    changed() {
      cached = cached && { ...cached, readAt: 0 };
    },
  };
}

// The details the owner changes in Settings and every page shows (ADR 036): the company's (shared/company.ts) and
// each course's price and duration (shared/constants.ts). They are applied in place to COMPANY and COURSES, by the
// server before it renders pages or writes e-mails, and by the browser before its first render (shared/served-details.ts).
// Kept free of zod: every page loads it.
import { BRAND, type Brand, SEEDED_BRAND } from "./brand";
import { COMPANY, type Company, SEEDED_COMPANY } from "./company";
import {
  COURSE_TYPES,
  COURSES,
  type Course,
  type CourseType,
  REFERENCE_PREFIX,
  SEEDED_COURSES,
  SHOWN_PREFIX,
} from "./constants";

export interface SiteDetails {
  company: Omit<Company, "foundedYear" | "tagline" | "description">;
  courses: Record<CourseType, { priceCents: number; durationDays: number }>;
  /** The letters of new certificate numbers (ADR 056): the certificate check's example shows them. */
  referencePrefix: string;
  /** The owner's logo, hero picture and share image (shared/brand.ts, ADR 060). */
  brand: Brand;
}

export { SITE_DETAILS_ELEMENT_ID } from "./served-details";

const copyOf = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

function detailsOf(
  from: Company,
  courses: Record<CourseType, Pick<Course, "priceCents" | "durationDays">>,
  referencePrefix: string,
  brand: Brand,
): SiteDetails {
  const { foundedYear: _year, tagline: _tagline, description: _description, ...company } = from;
  const figures = Object.fromEntries(
    COURSE_TYPES.map((type) => [
      type,
      { priceCents: courses[type].priceCents, durationDays: courses[type].durationDays },
    ]),
  ) as SiteDetails["courses"];
  return copyOf({ company, courses: figures, referencePrefix, brand });
}

/** The details as they are now (a copy). */
export function currentSiteDetails(): SiteDetails {
  return detailsOf(COMPANY, COURSES, SHOWN_PREFIX.current, BRAND);
}

/**
 * The seeded examples: what a new install shows until the owner saves the real details. Taken from the modules'
 * own copies of their literals: in the browser COMPANY and COURSES may already hold a served page's values.
 */
export const SEEDED_SITE_DETAILS: SiteDetails = detailsOf(
  SEEDED_COMPANY,
  SEEDED_COURSES,
  REFERENCE_PREFIX.seeded,
  SEEDED_BRAND,
);
const SEEDED_FORM_DAYS = Object.fromEntries(
  COURSE_TYPES.map((type) => [type, SEEDED_COURSES[type].enrollFormDurationDays]),
) as Record<CourseType, number>;

/**
 * Puts `details` into COMPANY and COURSES in place (their readers hold the objects themselves). The enrollment
 * form's own reading of the basic course (3 days, ADR 025) stands while the duration is the seeded one.
 */
export function applySiteDetails(details: SiteDetails): void {
  const copy = copyOf(details);
  Object.assign(COMPANY, copy.company);
  SHOWN_PREFIX.current = copy.referencePrefix ?? REFERENCE_PREFIX.seeded;
  Object.assign(BRAND, copy.brand ?? SEEDED_BRAND);
  for (const type of COURSE_TYPES) {
    const wanted = copy.courses[type];
    if (!wanted) continue;
    const course = COURSES[type];
    course.priceCents = wanted.priceCents;
    course.durationDays = wanted.durationDays;
    course.enrollFormDurationDays =
      wanted.durationDays === SEEDED_SITE_DETAILS.courses[type].durationDays
        ? SEEDED_FORM_DAYS[type]
        : wanted.durationDays;
  }
}

/**
 * Whether the company's details are still the seeded examples: an e-mail at the reserved `.example` domain (mail to
 * it bounces) or an invented phone number. Prices and durations are the spec's real figures already.
 */
export function companyIsExample(company: SiteDetails["company"]): boolean {
  const seededTels = new Set(SEEDED_SITE_DETAILS.company.phones.map((phone) => phone.tel));
  const addresses = [...company.emails.map((email) => email.address), company.supportEmail];
  return (
    addresses.some((address) => /\.example$/i.test(address)) ||
    company.phones.some((phone) => seededTels.has(phone.tel))
  );
}

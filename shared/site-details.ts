// The details the owner changes in Settings and every page shows (ADR 036): the company's (shared/company.ts) and
// each course's price and duration (shared/constants.ts). They are applied in place to COMPANY and COURSES, by the
// server before it renders pages or writes e-mails, and by the browser before its first render (web/site-details.ts).
// Kept free of zod: every page loads it.
import { COMPANY, type Company } from "./company";
import { COURSE_TYPES, COURSES, type CourseType } from "./constants";

export interface SiteDetails {
  company: Omit<Company, "foundedYear" | "tagline" | "description">;
  courses: Record<CourseType, { priceCents: number; durationDays: number }>;
}

/** The id of the JSON block a served page carries when its details differ from the seeded ones. */
export const SITE_DETAILS_ELEMENT_ID = "site-details";

const copyOf = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/** The details as they are now (a copy). */
export function currentSiteDetails(): SiteDetails {
  const { foundedYear: _year, tagline: _tagline, description: _description, ...company } = COMPANY;
  const courses = Object.fromEntries(
    COURSE_TYPES.map((type) => [
      type,
      { priceCents: COURSES[type].priceCents, durationDays: COURSES[type].durationDays },
    ]),
  ) as SiteDetails["courses"];
  return copyOf({ company, courses });
}

/** The seeded examples: what a new install shows until the owner saves the real details. */
export const SEEDED_SITE_DETAILS: SiteDetails = currentSiteDetails();
const SEEDED_FORM_DAYS = Object.fromEntries(
  COURSE_TYPES.map((type) => [type, COURSES[type].enrollFormDurationDays]),
) as Record<CourseType, number>;

/**
 * Puts `details` into COMPANY and COURSES in place (their readers hold the objects themselves). The enrollment
 * form's own reading of the basic course (3 days, ADR 025) stands while the duration is the seeded one.
 */
export function applySiteDetails(details: SiteDetails): void {
  const copy = copyOf(details);
  Object.assign(COMPANY, copy.company);
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

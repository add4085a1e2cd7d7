// The company's details as the owner edits them in Settings (ADR 036), their rules, and how they become the
// COMPANY object the pages read (shared/company.ts). Phones are typed as people read them ("+679 330 1234") and
// checked as E.164 numbers: Fiji's are +679 and seven digits, other countries' 7 to 15 digits in all.
import * as z from "zod/mini";
import { COMPANY, type Company } from "./company";
import { COURSE_TYPES, COURSES, type CourseType } from "./constants";
import { emailField, requiredText } from "./fields";
import { SEEDED_SITE_DETAILS, type SiteDetails } from "./site-details";

/** "+679 330 1234" -> "+6793301234"; null when it is not an international number (Fiji's with seven digits). */
export function telOf(number: string): string | null {
  const tel = number.replace(/[\s().-]/g, "");
  if (!/^\+[1-9]\d{6,14}$/.test(tel)) return null;
  if (tel.startsWith("+679") && tel.length !== 11) return null;
  return tel;
}

const phone = (label: string) =>
  z.object({
    label: requiredText(40, `${label} label`),
    number: requiredText(30, `${label} number`).check(
      z.refine(
        (value) => telOf(value) !== null,
        `${label} number must be a phone number with its country code, e.g. +679 330 1234`,
      ),
    ),
  });

const hoursRow = (label: string) =>
  z.object({ days: requiredText(40, `${label} days`), hours: requiredText(40, `${label} hours`) });

const socialLink = (label: string) =>
  z.object({
    name: requiredText(40, `${label} name`),
    /** Empty hides the link. */
    href: z.string().check(
      z.trim(),
      z.maxLength(300, `${label} link must be at most 300 characters`),
      z.refine(
        (value) => value === "" || /^https:\/\/[^\s/$.?#][^\s]*$/i.test(value),
        `${label} link must be an https:// address`,
      ),
    ),
  });

export const CompanySettingsSchema = z.object({
  name: requiredText(100, "Company name"),
  legalName: requiredText(150, "Legal name"),
  address: z.object({
    street: requiredText(150, "Street address"),
    city: requiredText(60, "City"),
    region: requiredText(60, "Region"),
    poBox: requiredText(60, "PO box"),
  }),
  phones: z.tuple([phone("First phone"), phone("Second phone")]),
  emails: z.object({
    general: emailField("General e-mail"),
    training: emailField("Training e-mail"),
    support: emailField("Support e-mail"),
  }),
  hours: z.tuple([hoursRow("First hours row"), hoursRow("Second hours row"), hoursRow("Third hours row")]),
  social: z.tuple([socialLink("First social"), socialLink("Second social"), socialLink("Third social")]),
  mpaisa: z.object({
    merchantName: requiredText(100, "M-PAiSA merchant name"),
    merchantNumber: requiredText(20, "M-PAiSA merchant number").check(
      z.regex(/^\d{4,15}$/, "M-PAiSA merchant number must be 4 to 15 digits"),
    ),
  }),
  bank: z.object({
    bank: requiredText(100, "Bank"),
    accountName: requiredText(100, "Account name"),
    accountNumber: requiredText(40, "Account number").check(
      z.regex(/^[0-9 -]{4,40}$/, "Account number must be digits (spaces and dashes allowed)"),
    ),
    branch: requiredText(100, "Branch or BSB"),
    swift: requiredText(11, "SWIFT code").check(
      z.toUpperCase(),
      z.regex(/^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/, "SWIFT code must be 8 or 11 letters and digits"),
    ),
  }),
});
export type CompanySettings = z.output<typeof CompanySettingsSchema>;

/** The edited form of a COMPANY-shaped record. */
export function companySettingsOf(company: SiteDetails["company"]): CompanySettings {
  const [first, second] = company.phones;
  const social = [0, 1, 2].map((index) => company.social[index] ?? { name: "Website", href: "" });
  return {
    name: company.name,
    legalName: company.legalName,
    address: {
      street: company.address.street,
      city: company.address.city,
      region: company.address.region,
      poBox: company.address.postalBox,
    },
    phones: [
      { label: first.label, number: first.display },
      { label: second.label, number: second.display },
    ],
    emails: {
      general: company.emails[0].address,
      training: company.emails[1].address,
      support: company.supportEmail,
    },
    hours: company.hours,
    social: social as CompanySettings["social"],
    mpaisa: company.mpaisa,
    bank: company.bank,
  };
}

/** The COMPANY-shaped record of the owner's settings (valid ones: `telOf` answers for each phone). */
export function companyOf(settings: CompanySettings): SiteDetails["company"] {
  const phone = (entry: { label: string; number: string }) => ({
    label: entry.label,
    display: entry.number,
    tel: telOf(entry.number) ?? entry.number,
  });
  return {
    name: settings.name,
    legalName: settings.legalName,
    address: {
      street: settings.address.street,
      city: settings.address.city,
      region: settings.address.region,
      country: COMPANY.address.country,
      countryCode: COMPANY.address.countryCode,
      postalBox: settings.address.poBox,
    },
    phones: [phone(settings.phones[0]), phone(settings.phones[1])] as Company["phones"],
    emails: [
      { label: SEEDED_SITE_DETAILS.company.emails[0].label, address: settings.emails.general },
      { label: SEEDED_SITE_DETAILS.company.emails[1].label, address: settings.emails.training },
    ],
    supportEmail: settings.emails.support,
    hours: settings.hours,
    social: settings.social.filter((link) => link.href !== ""),
    mpaisa: settings.mpaisa,
    bank: settings.bank,
  };
}

/** The seeded prices, before anything applied the owner's (this module may load after applySiteDetails ran). */
export const SEEDED_PRICES = Object.fromEntries(
  COURSE_TYPES.map((type) => [type, SEEDED_SITE_DETAILS.courses[type].priceCents]),
) as Record<CourseType, number>;

export const coursePriceSchema = (type: CourseType) =>
  z
    .number({ error: `${COURSES[type].title} price must be a number` })
    .check(
      z.int(`${COURSES[type].title} price must be a whole number of cents`),
      z.gte(0, `${COURSES[type].title} price must be at least 0`),
      z.lte(10_000_000, `${COURSES[type].title} price must be at most FJD 100,000`),
    );

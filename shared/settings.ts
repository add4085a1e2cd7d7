// The business settings staff change from the dashboard, each with the default the site starts with. Course
// durations default to the landing page's figures (the basic course is 5 days there, 3 on the original form: staff
// set each intake's real dates anyway). The company's details and the course prices (ADR 036) are settings too:
// every page shows them (shared/site-details.ts).
import * as z from "zod/mini";
import {
  CompanySettingsSchema,
  companySettingsOf,
  coursePriceSchema,
  SEEDED_PRICES,
} from "./company-settings";
import { COURSE_TYPES, COURSES, type CourseType, REFERENCE_PREFIX } from "./constants";
import { SEEDED_WHAT_TO_BRING, WHAT_TO_BRING_MAX } from "./joining";
import { BrandSettingSchema, DEFAULT_BRAND_SETTING } from "./media";
import { SEEDED_SITE_DETAILS } from "./site-details";
import { StaffNotificationsSchema, staffEmailSetting } from "./staff-notifications";

const wholeNumber = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label} must be a number` })
    .check(
      z.int(`${label} must be a whole number`),
      z.gte(min, `${label} must be at least ${min}`),
      z.lte(max, `${label} must be at most ${max}`),
    );

const whatToBringSetting = (type: CourseType) =>
  z
    .string({ error: `${COURSES[type].title} what to bring must be text` })
    .check(
      z.maxLength(
        WHAT_TO_BRING_MAX,
        `${COURSES[type].title} what to bring must be at most ${WHAT_TO_BRING_MAX} characters`,
      ),
    );

export const SettingsSchema = z.object({
  /** Days each course runs, the default length of a new intake. */
  courseDurationDays: z.object(
    Object.fromEntries(
      COURSE_TYPES.map((type) => [type, wholeNumber(`${COURSES[type].title} duration`, 1, 60)]),
    ) as Record<CourseType, ReturnType<typeof wholeNumber>>,
  ),
  /** Each course's "what to bring" (one thing a line): a new intake's joining instructions start with it. */
  whatToBring: z.object(
    Object.fromEntries(COURSE_TYPES.map((type) => [type, whatToBringSetting(type)])) as Record<
      CourseType,
      ReturnType<typeof whatToBringSetting>
    >,
  ),
  /** How long each course's certificate stays valid from its issue, in months; 0 means it does not expire. */
  certificateValidityMonths: z.object(
    Object.fromEntries(
      COURSE_TYPES.map((type) => [type, wholeNumber(`${COURSES[type].title} certificate validity`, 0, 120)]),
    ) as Record<CourseType, ReturnType<typeof wholeNumber>>,
  ),
  /** VAT charged on course fees, in percent (0 today); shown on receipts. */
  vatPercent: wholeNumber("VAT rate", 0, 50),
  /** How long an application holds a seat before the applicant confirms their address or staff accept it. */
  seatHoldHours: wholeNumber("Seat hold", 1, 168),
  /** How many live places (held, offered or waitlisted) one mailbox may take in one intake; staff can place more. */
  placesPerMailbox: wholeNumber("Places per mailbox", 1, 8),
  /** An address-confirmed hold staff have not accepted or declined lapses this many days after the confirmation. */
  unreviewedHoldDays: wholeNumber("Unreviewed hold", 3, 60),
  /** How long an offered seat waits for payment. */
  offerDays: wholeNumber("Offer time", 1, 60),
  /** How long a freed seat offered to the waitlist waits for its taker. */
  waitlistOfferDays: wholeNumber("Waitlist offer time", 1, 30),
  /** A deposit leaves the balance due this many days before the start. */
  balanceDueDaysBeforeStart: wholeNumber("Balance due", 0, 90),
  /** Cancelling at least this many days before the start refunds everything paid. */
  fullRefundDaysBefore: wholeNumber("Full refund", 0, 180),
  /** Cancelling later, but at least this many days before, refunds `partialRefundPercent`; later still, nothing. */
  partialRefundDaysBefore: wholeNumber("Partial refund", 0, 180),
  partialRefundPercent: wholeNumber("Partial refund share", 0, 100),
  /** The company's name, address, phones, e-mails, hours, social links, M-PAiSA merchant and bank details. */
  company: CompanySettingsSchema,
  /** Each course's fee in FJD cents, shown on every page that names the course and charged for new places. */
  coursePriceCents: z.object(
    Object.fromEntries(COURSE_TYPES.map((type) => [type, coursePriceSchema(type)])) as Record<
      CourseType,
      ReturnType<typeof coursePriceSchema>
    >,
  ),
  /** Where staff notifications go; empty: the STAFF_EMAIL variable, else an owner's e-mail (ADR 044). */
  staffNotificationEmail: staffEmailSetting,
  /** The letters before new certificate numbers and wallet payment references; given ones keep theirs (ADR 056). */
  referencePrefix: z
    .string({ error: "Reference prefix must be text" })
    .check(z.regex(REFERENCE_PREFIX.pattern, "Reference prefix must be 2 to 6 capital letters A-Z")),
  /** The logo and hero picture the pages show; changed through PUT /api/admin/brand only (ADR 060). */
  brand: BrandSettingSchema,
});
export type Settings = z.output<typeof SettingsSchema>;

/** GET /api/admin/settings: the settings, and where staff notifications go now (null: nobody is told). */
export const SettingsAnswerSchema = z.object({
  ...SettingsSchema.shape,
  staffNotifications: StaffNotificationsSchema,
});
export type SettingsAnswer = z.output<typeof SettingsAnswerSchema>;

export const DEFAULT_SETTINGS: Settings = {
  courseDurationDays: {
    basic: SEEDED_SITE_DETAILS.courses.basic.durationDays,
    advanced: SEEDED_SITE_DETAILS.courses.advanced.durationDays,
    instructor: SEEDED_SITE_DETAILS.courses.instructor.durationDays,
  },
  whatToBring: SEEDED_WHAT_TO_BRING,
  certificateValidityMonths: { basic: 0, advanced: 0, instructor: 0 },
  vatPercent: 0,
  seatHoldHours: 24,
  placesPerMailbox: 2,
  unreviewedHoldDays: 7,
  offerDays: 7,
  waitlistOfferDays: 3,
  balanceDueDaysBeforeStart: 14,
  fullRefundDaysBefore: 14,
  partialRefundDaysBefore: 7,
  partialRefundPercent: 50,
  company: companySettingsOf(SEEDED_SITE_DETAILS.company),
  coursePriceCents: SEEDED_PRICES,
  staffNotificationEmail: "",
  referencePrefix: REFERENCE_PREFIX.seeded,
  brand: DEFAULT_BRAND_SETTING,
};

/** What staff send to change settings: any of them; the rest stay as they are. */
export const SettingsPatchSchema = z.partial(z.omit(SettingsSchema, { brand: true }));

// Business constants (docs/product.md, Business constants), in one place. Money is in integer cents (FJD).

import { withServedText } from "./content/served-content";
import { COURSE_TYPES, type CourseType } from "./course-types";
import { servedSiteDetails } from "./served-details";

export const CURRENCY = "FJD";

export const SUBSCRIPTION = {
  name: "Document Portal Access",
  priceCents: 5000,
  vatCents: 0,
  interval: "month",
} as const;

/**
 * How often POST /api/create-subscription may be called (each call opens a subscription at the card provider): per
 * e-mail, and per address (offices and mobile carriers share one, so it is the looser of the two).
 */
export const SUBSCRIPTION_START_LIMITS = {
  perEmail: { max: 5, windowMinutes: 60 },
  perAddress: { max: 10, windowMinutes: 10 },
} as const;

export const WALLET_PAYMENT = {
  defaultAmount: "25.00",
  minAmount: 1,
  step: 0.01,
  /** Wallet money buys access pro rata: the monthly price buys this many days, and every cent counts. */
  daysPerPrice: 30,
} as const;

export { COURSE_TYPES, type CourseType };

export interface Course {
  type: CourseType;
  title: string;
  priceCents: number;
  /** Days as shown on the landing and service pages. */
  durationDays: number;
  /** The original enrollment form shows the basic course as 3 days, the other pages 5; both readings are kept. */
  enrollFormDurationDays: number;
  certificate: string;
  entryRequirements: readonly string[];
}

export const COURSES: Record<CourseType, Course> = {
  basic: {
    type: "basic",
    title: "Basic RPAS Pilot",
    priceCents: 30000,
    durationDays: 5,
    enrollFormDurationDays: 3,
    certificate: "CAAF Basic RPAS Pilot Certificate",
    entryRequirements: [
      "Valid government-issued ID",
      "Medical fitness declaration",
      "Basic English proficiency",
      "Age 18 or older",
    ],
  },
  advanced: {
    type: "advanced",
    title: "Advanced RPAS Pilot",
    priceCents: 150000,
    durationDays: 10,
    enrollFormDurationDays: 10,
    certificate: "CAAF Advanced RPAS Pilot Certificate",
    entryRequirements: [
      "Basic RPAS Certificate",
      "At least 50 hours logged flight time",
      "Valid government-issued ID",
      "Medical fitness certificate",
    ],
  },
  instructor: {
    type: "instructor",
    title: "Instructor Training",
    priceCents: 250000,
    durationDays: 7,
    enrollFormDurationDays: 7,
    certificate: "CAAF Certified RPAS Instructor",
    entryRequirements: [
      "Advanced RPAS Certificate",
      "At least 200 hours pilot-in-command time",
      "Teaching experience (preferred)",
      "Aviation qualifications",
    ],
  },
};

/** A review waits for staff (pending), is shown (approved), is not shown (rejected), or was caught as spam. */
/** The seeded figures as written above, whatever a served page says (shared/site-details.ts compares with them). */
export const SEEDED_COURSES: Record<CourseType, Course> = JSON.parse(JSON.stringify(COURSES));

// In the browser, the prices and durations the page was served with (shared/served-details.ts). The enrollment form's
// own reading of a course's length (3 days for the basic course, ADR 025) stands until its duration changes.
for (const [type, wanted] of Object.entries(servedSiteDetails()?.courses ?? {})) {
  const course = COURSES[type as CourseType];
  if (!course || !wanted) continue;
  if (wanted.durationDays !== course.durationDays) course.enrollFormDurationDays = wanted.durationDays;
  course.priceCents = wanted.priceCents;
  course.durationDays = wanted.durationDays;
}
// The certificate title is the owner's words (the Content view, ADR 058): new certificates print it.
for (const type of COURSE_TYPES) withServedText(`courses.${type}`, COURSES[type], "certificate");

export const REVIEW_STATUSES = ["pending", "approved", "rejected", "spam"] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

export function isCourseType(value: string | undefined): value is CourseType {
  return (COURSE_TYPES as readonly string[]).includes(value ?? "");
}

export const MAX_STUDENTS_PER_CLASS = 8;
export const REPLY_WITHIN_HOURS = 24;

/**
 * Seats for real applicants (docs/product.md, "Place limits"): more than this many places taken from one IP address
 * within an hour flags them for staff (offices and mobile carriers share addresses, so nothing is refused), and
 * staff hear of it at most once per IP address per hour.
 */
export const IP_BURST_PLACES = 3;
export const IP_BURST_WINDOW_HOURS = 1;
/** Staff's daily list names the holds waiting longer than this for their decision. */
export const HOLDS_WAITING_DAYS = 3;
/** The list goes out at the first run from this hour of the Fiji morning on. */
export const HOLDS_LIST_FIJI_HOUR = 8;
/** The applicant and staff are told this long before an unreviewed hold lapses. */
export const HOLD_LAPSE_NOTICE_HOURS = 48;

/** The headline figures: seeded samples the owner replaces or removes in the Content view (ADR 057, 058). */
export const STATS = withServedText("home.figures", [
  { value: "20+", label: "Years Combined Experience" },
  { value: "100+", label: "Pilots Trained" },
  { value: "50+", label: "Projects Completed" },
  { value: "15+", label: "Government Partners" },
] as const);

export const TIMING = {
  simulatedCardProcessingMs: 3000,
  redirectAfterPaymentMs: 2000,
  portalWelcomeToastMs: 1000,
  scrollAfterReviewMs: 500,
} as const;

export const PORTAL_POPUP = { width: 1200, height: 800 } as const;

export { TOAST } from "./toast-settings";

export const RATING_SCALE = { min: 1, max: 5 } as const;

/**
 * 1500 -> "1,500", as `toLocaleString("en-US")` writes a whole number, but without Intl: its first use costs ~20 ms
 * of ICU start-up (~80 ms on a throttled phone) in the middle of a page's hydration (ADR 011).
 */
export function groupThousands(value: number): string {
  return String(Math.round(value)).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/**
 * The letters before new certificate numbers ("PSR-B-2026-0042") and wallet payment references ("PSR-7QK2M4XBZD"):
 * the owner sets them in Settings (ADR 056), the company's initials until then. Numbers already given keep theirs,
 * so every check of a number or reference accepts any prefix of this shape and then looks the row up.
 */
export const REFERENCE_PREFIX = {
  seeded: "PSR",
  pattern: /^[A-Z]{2,6}$/,
  /** The same shape, to build the patterns of whole numbers and references. */
  source: "[A-Z]{2,6}",
} as const;

/** The prefix Settings hold now, as pages show it (the certificate check's example; applied like ADR 036's details). */
export const SHOWN_PREFIX = { current: servedSiteDetails()?.referencePrefix ?? REFERENCE_PREFIX.seeded };

// Each page's meta description (and og:description), written into the prerendered HTML. Only the prerenderer reads
// this module, so these sentences never ship in the browser's JavaScript (the landing script budget, ADR 007).
import { COMPANY } from "./company";
import { COURSES, type CourseType, MAX_STUDENTS_PER_CLASS, SUBSCRIPTION } from "./constants";
import { formatFjd } from "./money-format";
import { SERVICE_META, SERVICE_SLUGS } from "./services";

const monthlyPrice = formatFjd(SUBSCRIPTION.priceCents, "public");

const ENROLL_DESCRIPTIONS: Record<CourseType, string> = {
  basic: `Apply for the CAAF Basic RPAS Pilot course in Fiji: ${formatFjd(COURSES.basic.priceCents, "public")}, small classes of up to ${MAX_STUDENTS_PER_CLASS} students.`,
  advanced: `Apply for the ${COURSES.advanced.durationDays}-day CAAF Advanced RPAS Pilot course in Fiji: ${formatFjd(COURSES.advanced.priceCents, "public")}, for pilots with prior drone flying experience.`,
  instructor: `Apply for the ${COURSES.instructor.durationDays}-day CAAF RPAS Instructor Training in Fiji: ${formatFjd(COURSES.instructor.priceCents, "public")}, for experienced pilots ready to teach.`,
};

/** By path, for every page in ROUTES (route-table.test.ts checks none is missing). */
export const PAGE_DESCRIPTIONS: Readonly<Record<string, string>> = {
  "/": "CAAF certified RPAS consultancy, drone pilot training and aerial services for government, defence, emergency services and business across Fiji and the Pacific.",
  ...Object.fromEntries(SERVICE_SLUGS.map((slug) => [`/service/${slug}`, SERVICE_META[slug].description])),
  ...Object.fromEntries(
    (Object.keys(ENROLL_DESCRIPTIONS) as CourseType[]).map((course) => [
      `/enroll/${course}`,
      ENROLL_DESCRIPTIONS[course],
    ]),
  ),
  "/schedule": `Upcoming dates of the CAAF RPAS pilot and instructor courses in Fiji: where each class runs, its fee and how many of its ${MAX_STUDENTS_PER_CLASS} seats are left.`,
  "/verify": `Check a ${COMPANY.name} training certificate: enter its number and the holder's surname, or scan its QR code, to see if it is valid.`,
  "/portal": `ICAO, CAAF regulatory and safety documents for RPAS operators in Fiji: subscribe for ${formatFjd(SUBSCRIPTION.priceCents, "public")} a month for full access and downloads.`,
  "/subscribe": `Subscribe to the premium RPAS document portal for ${monthlyPrice} a month, billed monthly, cancel anytime.`,
  "/payment": `Pay for ${SUBSCRIPTION.name} by card: ${monthlyPrice} monthly.`,
  "/mpaisa-payment": `Pay for ${SUBSCRIPTION.name} with the M-PAiSA mobile wallet or a QR code.`,
  "/course-payment": "Pay the fee of the course place you were offered, by card or with M-PAiSA.",
  "/my-training":
    "Your course applications: status, dates and place, fees due, calendar files, and cancelling a place.",
  "/my-training/confirm": "Confirm your e-mail address to keep the course seat held for your application.",
  "/sign-in": "Sign in to the premium document portal with a one-time code sent to your e-mail.",
  "/sign-in/confirm": "Confirm the sign-in link from your e-mail to open the document portal.",
  "/unsubscribe": "Stop the monthly e-mail listing the documents added to or updated in the portal.",
  "/texts/stop":
    "Stop the text messages we send to your phone about your training application, or start them again.",
  "/admin": "Staff sign-in for the enrollment dashboard.",
  "/admin/dashboard": "Staff dashboard for processing course enrollments.",
  "/admin/invite": "Accept an invitation to the staff dashboard: choose a username and password.",
};

export const NOT_FOUND_DESCRIPTION = "The page you were looking for does not exist.";

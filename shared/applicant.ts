// Applicant self-service (/my-training): the contracts of an applicant's own applications, the address
// confirmation their application e-mail links to, the calendar file of a place, and cancelling a place with the
// refund the rules give. docs/product.md, My training.
import * as z from "zod/mini";
import { COURSE_TYPES } from "./constants";
import { ApplicationTextsSchema } from "./texts";
import { timestamp } from "./wire";

/** How long the application e-mail's confirm link works. */
export const CONFIRM_LINK_VALID_DAYS = 7;

export const CONFIRM_LINK_INVALID_MESSAGE =
  "This confirmation link is not valid. Use the link in your application e-mail, or sign in at /my-training.";
export const CONFIRM_LINK_EXPIRED_MESSAGE =
  "This confirmation link has expired. Sign in at /my-training to see and confirm your application.";
export const APPLICATION_GONE_MESSAGE =
  "We could not find this application any more. Please contact us if you still want to take the course.";
export const APPLICANT_SIGN_IN_MESSAGE = "Please sign in to see your applications.";
export const PLACE_NOT_FOUND_MESSAGE = "Place not found.";
export const APPLICATION_NOT_FOUND_MESSAGE = "Application not found.";

/** The token of the confirm link: opaque to the browser, checked by the server. */
export const ConfirmTokenSchema = z.object({
  token: z
    .string({ error: CONFIRM_LINK_INVALID_MESSAGE })
    .check(z.minLength(1, CONFIRM_LINK_INVALID_MESSAGE), z.maxLength(200, CONFIRM_LINK_INVALID_MESSAGE)),
});
export type ConfirmToken = z.output<typeof ConfirmTokenSchema>;

/** POST /api/training/confirm: the token, and `via: "text"` when the page was opened from a text's link. */
export const ConfirmAddressSchema = z.object({
  ...ConfirmTokenSchema.shape,
  via: z.optional(z.enum(["email", "text"])),
});

/**
 * Where an application stands. applied: no seat (no intake chosen, or it took none); held: a seat kept while staff
 * review it; the rest are the place's states (staff's words for how it ended: declined, lapsed, cancelled).
 */
export const APPLICATION_STATUSES = [
  "applied",
  "held",
  "waitlisted",
  "offered",
  "confirmed",
  "cancelled",
  "declined",
  "lapsed",
] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

/** The states a person can still cancel, and the ones that have a calendar file. */
export const CANCELLABLE: readonly ApplicationStatus[] = ["held", "waitlisted", "offered", "confirmed"];
export const IN_CALENDAR: readonly ApplicationStatus[] = ["held", "offered", "confirmed"];

export const STATUS_LABELS: Record<ApplicationStatus, string> = {
  applied: "Applied",
  held: "Applied: seat held",
  waitlisted: "Waitlisted",
  offered: "Place offered",
  confirmed: "Confirmed",
  cancelled: "Cancelled",
  declined: "Declined",
  lapsed: "Released",
};

const IntakeSchema = z.object({
  startDate: z.string(),
  endDate: z.string(),
  location: z.string(),
  cancelled: z.boolean(),
});

/** The intake as /my-training shows it: with its joining instructions (shared/joining.ts). */
const ApplicationIntakeSchema = z.object({
  ...IntakeSchema.shape,
  dailyStart: z.string(),
  dailyEnd: z.string(),
  venueAddress: z.string(),
  mapUrl: z.string(),
  whatToBring: z.string(),
});

/** What cancelling would give back under the refund rules (server/training/fee-refunds.ts); nothing paid, nothing back. */
export const RefundPreviewSchema = z.object({
  paidCents: z.number(),
  refundCents: z.number(),
  percent: z.number(),
  rule: z.enum(["full", "partial", "none"]),
});
export type RefundPreview = z.output<typeof RefundPreviewSchema>;

export const ApplicationSchema = z.object({
  enrollmentId: z.number(),
  courseType: z.enum(COURSE_TYPES),
  courseTitle: z.string(),
  appliedAt: timestamp,
  status: z.enum(APPLICATION_STATUSES),
  /** The place (seat) in the intake, when the application has one. */
  placeId: z.nullable(z.number()),
  intake: z.nullable(ApplicationIntakeSchema),
  /** 1 is next in line (waitlisted only). */
  waitlistPosition: z.nullable(z.number()),
  offerExpiresAt: z.nullable(timestamp),
  addressConfirmed: z.boolean(),
  feeCents: z.nullable(z.number()),
  depositCents: z.nullable(z.number()),
  /** Paid towards the place, net of refunds. */
  paidCents: z.number(),
  /** Still owed by an offered or confirmed place; null while nothing is asked for yet. */
  dueCents: z.nullable(z.number()),
  /** The day a deposit's balance is due (a Fiji date), while one is owed or a deposit is offered. */
  balanceDueDate: z.nullable(z.string()),
  /** The intake takes a deposit, but this offer asks the full fee: the course is too near for one. */
  fullFeeDue: z.boolean(),
  /** The payment page of an offered (or part-paid confirmed) place. */
  payUrl: z.nullable(z.string()),
  calendarUrl: z.nullable(z.string()),
  /** Present when the person may cancel: what the refund rules give today. */
  cancel: z.nullable(RefundPreviewSchema),
  /** Text messages about this application: the person's choice and their number's state (issue 34). */
  texts: ApplicationTextsSchema,
});
/** As the browser receives it (timestamps as ISO strings). */
export type Application = z.input<typeof ApplicationSchema>;
/** As the server hands it to the contract (timestamps as dates). */
export type ApplicationRecord = z.output<typeof ApplicationSchema>;

/** GET /api/training/applications: the signed-in person's applications, newest first. */
export const MyApplicationsSchema = z.object({
  email: z.string(),
  applications: z.array(ApplicationSchema),
});
export type MyApplications = z.input<typeof MyApplicationsSchema>;

/** GET /api/training/sign-in-options: whether the OIDC sign-in is offered beside the e-mail code. */
export const SignInOptionsSchema = z.object({ oidc: z.boolean() });

/** GET /api/training/confirm (what the link confirms) and POST (confirming it). */
export const AddressConfirmationSchema = z.object({
  courseTitle: z.string(),
  status: z.enum(APPLICATION_STATUSES),
  intake: z.nullable(IntakeSchema),
  addressConfirmed: z.boolean(),
});
export type AddressConfirmation = z.input<typeof AddressConfirmationSchema>;

/** POST /api/training/places/:id/cancel */
export const CancelledPlaceSchema = z.object({
  status: z.literal("cancelled"),
  /** Asked for under the refund rules; staff approve it. */
  refundCents: z.number(),
  message: z.string(),
});

/** The 409 of a /my-training cancel once staff recorded the course's result or issued a certificate for the place. */
export const COURSE_RESULT_MESSAGE =
  "This place has a course result or certificate, so it can no longer be cancelled. Please contact us.";

// Training operations II: attendance, results and the certificates they lead to. The contract of the staff class
// sheet and certificate screens, the applicant's certificates and the public verification, and the small rules
// both sides apply (a certificate's number, its status on a given day).
import * as z from "zod/mini";
import { COURSE_TYPES, COURSES, type CourseType } from "./constants";
import { requiredText } from "./fields";
import { pageOf, timestamp } from "./wire";

/** How a trainee's course ended. Only "passed" issues a certificate. */
export const TRAINEE_RESULTS = ["passed", "not_yet_competent", "withdrew"] as const;
export type TraineeResult = (typeof TRAINEE_RESULTS)[number];
export const RESULT_LABELS: Record<TraineeResult, string> = {
  passed: "Passed",
  not_yet_competent: "Not yet competent",
  withdrew: "Withdrew",
};

/** valid until its expiry (if any); revoked by staff; replaced by a reissued version; expired after its expiry. */
export const CERTIFICATE_STATUSES = ["valid", "expired", "revoked", "replaced"] as const;
export type CertificateStatus = (typeof CERTIFICATE_STATUSES)[number];
export const STATUS_LABELS: Record<CertificateStatus, string> = {
  valid: "Valid",
  expired: "Expired",
  revoked: "Revoked",
  replaced: "Replaced",
};

/** A certificate's status on `today` (a Fiji calendar date "YYYY-MM-DD"); revoked and replaced outrank expiry. */
export function certificateStatus(
  certificate: {
    revokedAt: Date | string | null;
    replacedAt: Date | string | null;
    expiresOn: string | null;
  },
  today: string,
): CertificateStatus {
  if (certificate.revokedAt) return "revoked";
  if (certificate.replacedAt) return "replaced";
  if (certificate.expiresOn && certificate.expiresOn < today) return "expired";
  return "valid";
}

/** One letter per course in the certificate number. */
const COURSE_LETTER: Record<CourseType, string> = { basic: "B", advanced: "A", instructor: "I" };

/**
 * The number people read aloud or type: "PSR-B-2026-0042" (the prefix from Settings as it was at issue, course
 * letter, year of issue, a sequence that never repeats). Versions of a reissued certificate keep its number.
 */
export function formatCertificateNumber(
  prefix: string,
  courseType: CourseType,
  year: number,
  sequence: number,
): string {
  return `${prefix}-${COURSE_LETTER[courseType]}-${year}-${String(sequence).padStart(4, "0")}`;
}

/** How a typed number is compared: upper case, spaces and any kind of dash read as one dash. */
export function normaliseCertificateNumber(typed: string): string {
  return typed
    .trim()
    .toUpperCase()
    .replace(/[\s\u2010-\u2015-]+/g, "-");
}

/** The certificate title a course awards. */
export const certificateTitle = (courseType: CourseType) => COURSES[courseType].certificate;

// ---- Staff: the class sheet of an intake (attendance per day, a result per trainee) ----

const name = (label: string) => requiredText(100, label);

/** The holder's name as it goes on the certificate; staff may correct the enrolled spelling before issue. */
export const HolderNameSchema = z.object({
  givenNames: name("Given names"),
  surname: name("Surname"),
});
export type HolderName = z.output<typeof HolderNameSchema>;

export const AttendanceInputSchema = z.object({
  /** A day of the intake, "YYYY-MM-DD". */
  day: z.string(),
  present: z.boolean(),
});

export const ResultInputSchema = z.object({
  result: z.enum(TRAINEE_RESULTS, { error: `Result must be one of: ${TRAINEE_RESULTS.join(", ")}` }),
  note: z.optional(z.nullable(z.string().check(z.maxLength(500, "Note must be at most 500 characters")))),
  /** For "passed": the name on the certificate, when it differs from the enrolled spelling. */
  holder: z.optional(HolderNameSchema),
});
export type ResultInput = z.output<typeof ResultInputSchema>;

export const RevokeInputSchema = z.object({ reason: requiredText(500, "Reason") });

/** The holder's choice on /my-training: hide the certificate from the number-and-surname search, or show it again. */
export const CertificateVisibilitySchema = z.object({
  hiddenFromSearch: z.boolean({ error: "hiddenFromSearch must be true or false" }),
});

/** A certificate as staff and its holder see it. */
export const CertificateSchema = z.object({
  id: z.number(),
  number: z.string(),
  version: z.number(),
  /** The unguessable verification code of /verify/<code>. */
  code: z.string(),
  courseType: z.enum(COURSE_TYPES),
  title: z.string(),
  holderName: z.string(),
  /** The two parts of holderName as printed, so a reissue starts from them. */
  givenNames: z.string(),
  surname: z.string(),
  email: z.string(),
  intakeId: z.number(),
  startDate: z.string(),
  endDate: z.string(),
  location: z.string(),
  issuedOn: z.string(),
  expiresOn: z.nullable(z.string()),
  status: z.enum(CERTIFICATE_STATUSES),
  revokedAt: z.nullable(timestamp),
  replacedAt: z.nullable(timestamp),
  hiddenFromSearch: z.boolean(),
  /** The verification address (the QR code's target). */
  verifyUrl: z.string(),
});
export type Certificate = z.input<typeof CertificateSchema>;
export const CertificatePageSchema = pageOf(CertificateSchema);

/** One confirmed trainee on the class sheet. */
export const TraineeSchema = z.object({
  seatId: z.number(),
  enrollmentId: z.number(),
  /** As enrolled: first and last name. */
  givenNames: z.string(),
  surname: z.string(),
  email: z.string(),
  /** The days marked, present or absent; a day not in the list is not marked yet. */
  attendance: z.array(z.object({ day: z.string(), present: z.boolean() })),
  result: z.nullable(
    z.object({
      result: z.enum(TRAINEE_RESULTS),
      note: z.nullable(z.string()),
      decidedAt: timestamp,
      decidedBy: z.string(),
    }),
  ),
  /** The current version of the certificate a pass issued. */
  certificate: z.nullable(CertificateSchema),
});
export type Trainee = z.input<typeof TraineeSchema>;

export const ClassSheetSchema = z.object({
  intakeId: z.number(),
  courseType: z.enum(COURSE_TYPES),
  startDate: z.string(),
  endDate: z.string(),
  location: z.string(),
  /** Every day of the intake, "YYYY-MM-DD". */
  days: z.array(z.string()),
  trainees: z.array(TraineeSchema),
});
export type ClassSheet = z.input<typeof ClassSheetSchema>;

export const CertificateListQuerySchema = z.object({
  q: z.optional(z.string().check(z.maxLength(200))),
  course: z.optional(z.enum(COURSE_TYPES)),
  year: z.optional(z.string().check(z.regex(/^\d{4}$/, "Year must be four digits"))),
  status: z.optional(z.enum(CERTIFICATE_STATUSES)),
  limit: z.optional(z.string()),
  offset: z.optional(z.string()),
});

/** Per intake that has results: the dashboard's pass rates. */
export const PassRateSchema = z.object({
  intakeId: z.number(),
  courseType: z.enum(COURSE_TYPES),
  startDate: z.string(),
  endDate: z.string(),
  location: z.string(),
  trainees: z.number(),
  passed: z.number(),
  notYetCompetent: z.number(),
  withdrew: z.number(),
});
export type PassRate = z.input<typeof PassRateSchema>;

// ---- The public verification (/verify and /verify/<code>): nothing but what a checker needs ----

export interface PublicCertificate {
  issuer: string;
  holderName: string;
  title: string;
  number: string;
  issuedOn: string;
  expiresOn: string | null;
  status: CertificateStatus;
  /** The Fiji date of the revocation, when revoked; never its reason. */
  revokedOn: string | null;
  /** The Fiji date it was replaced by a reissued version. */
  replacedOn: string | null;
}

export const VerifyQuerySchema = z.object({
  number: z.optional(z.string().check(z.maxLength(40))),
  surname: z.optional(z.string().check(z.maxLength(100))),
});

/**
 * What the verification page shows above its form, which the server renders into the page per request: the
 * certificate, "not found" (the same for an unknown number and a wrong surname), a query it cannot read, or "try
 * again in a minute" once an address has checked too many.
 */
export type VerifyAnswer =
  | { kind: "found"; certificate: PublicCertificate }
  | { kind: "not-found" }
  | { kind: "invalid"; message: string }
  | { kind: "rate-limited" };

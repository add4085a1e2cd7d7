// The staff back office (docs/product.md, Staff dashboard): the login form's schema and every shape the dashboard
// reads. The server validates with these schemas; the dashboard types its queries with the inferred types.
import * as z from "zod/mini";
import { COURSE_TYPES, REVIEW_STATUSES } from "./constants";
import { PublicReviewSchema } from "./contracts/intake";
import { CSV_FIELDS } from "./enrollment-fields";
import { storedShape } from "./enrollment-stored";
import { optionalPagingQuery, searchQuery, staffListContract } from "./paging";
import { pageOf, timestamp } from "./wire";

/** Staff sign-in: both fields must be non-empty after trimming (docs/product.md, Staff sign-in form). */
export const MISSING_CREDENTIALS = "Please enter both username and password";
/** Shown under the staff sign-in form, and the 401 body of POST /api/admin/login: it never says which was wrong. */
export const INVALID_CREDENTIALS = "Invalid username or password";

const credential = (max: number) =>
  z.string({ error: MISSING_CREDENTIALS }).check(
    z.refine((value) => value.trim().length > 0, MISSING_CREDENTIALS),
    z.maxLength(max, `At most ${max} characters`),
  );

/** The username is trimmed; the password is sent and checked exactly as typed. */
export const AdminLoginSchema = z.object({
  username: z.pipe(
    credential(100),
    z.transform((value) => value.trim()),
  ),
  password: credential(200),
});
export type AdminLogin = z.input<typeof AdminLoginSchema>;

export const MarkProcessedSchema = z.object({
  notes: z.optional(z.nullable(z.string().check(z.maxLength(2000, "Notes must be at most 2000 characters")))),
});

export const ENROLLMENT_TABS = ["all", "pending", "basic", "advanced", "instructor"] as const;
export type EnrollmentTab = (typeof ENROLLMENT_TABS)[number];

/** GET /api/enrollments: a tab, a search, and paging when asked for. */
export const EnrollmentListQuerySchema = z.object({
  tab: z.optional(z.enum(ENROLLMENT_TABS)),
  q: searchQuery,
  ...optionalPagingQuery,
});
/** GET /api/enrollments/summary counts what the same search finds. */
export const EnrollmentSummaryQuerySchema = z.object({ q: searchQuery });

/** One enrollment as GET /api/enrollments sends it: every catalogue field, and how staff processed it. */
export const AdminEnrollmentSchema = z.object({
  id: z.number(),
  courseType: z.enum(COURSE_TYPES),
  ...storedShape(),
  /** ISO 8601 */
  submittedAt: z.string(),
  isProcessed: z.boolean(),
  processingNotes: z.nullable(z.string()),
  processedAt: z.nullable(z.string()),
  processedBy: z.nullable(z.string()),
  googleSheetsSync: z.boolean(),
  /** The intake and place as the CSV's training columns read them; `placed` is false without a live place. */
  training: z.object({
    /** "5-9 January 2027, Suva", or "Any upcoming date". */
    intake: z.string(),
    /** "Held", "Offered until ...", "Waitlisted (#2)", ...; null when the application never took a place. */
    place: z.nullable(z.string()),
    /** Holds, or waits for, a seat (held, offered, confirmed or waitlisted): staff can give it an intake if not. */
    placed: z.boolean(),
    /**
     * What staff should know before deciding: why an application took no seat (its mailbox's limit), or that its
     * place was one of a burst from one IP address (docs/product.md, "Place limits"); null when nothing.
     */
    flag: z.nullable(z.string()),
    /** Where the latest place stands ("Place: Offered — due FJD 1,500.00", "Certified", ...); null without one. */
    status: z.nullable(z.string()),
    /** Which intake's places list holds that place (ids only, for the dashboard's "Open place"); null without one. */
    placeLink: z.nullable(z.object({ intakeId: z.number(), placeId: z.number() })),
  }),
});
export type AdminEnrollment = z.output<typeof AdminEnrollmentSchema>;
/** The 404 of a staff call naming an enrollment that does not exist. */
export const ENROLLMENT_NOT_FOUND = "Enrollment not found.";

/** A count for each course type. */
const perCourse = {
  basic: z.number(),
  advanced: z.number(),
  instructor: z.number(),
} satisfies Record<(typeof COURSE_TYPES)[number], z.ZodMiniNumber>;

/** Counts for the summary cards and tabs (GET /api/enrollments/summary, optionally narrowed by `q`). */
export const EnrollmentSummarySchema = z.object({
  total: z.number(),
  processed: z.number(),
  pending: z.number(),
  ...perCourse,
  /** The sum of the three course types (the "Active Courses" card). */
  activeCourses: z.number(),
  /** Oldest first: the 12 weeks (Monday starts, UTC) ending with the current one. */
  weekly: z.array(z.object({ weekStart: z.string(), ...perCourse })),
});
export type EnrollmentSummary = z.input<typeof EnrollmentSummarySchema>;

export interface Page<T> {
  items: T[];
  total: number;
}

export const AdminMessageSchema = z.object({
  id: z.number(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  organization: z.nullable(z.string()),
  serviceInterest: z.string(),
  message: z.string(),
  createdAt: timestamp,
  handledAt: z.nullable(timestamp),
  handledBy: z.nullable(z.string()),
});
export type AdminMessage = z.input<typeof AdminMessageSchema>;
export const AdminMessagePageSchema = pageOf(AdminMessageSchema);
/** GET /api/admin/messages: open ones by default; ?q= finds names, e-mail and organisation. */
export const messageList = staffListContract("/api/admin/messages", AdminMessagePageSchema, {
  status: z._default(z.enum(["open", "handled", "all"]), "open"),
  q: searchQuery,
});

export const REVIEW_DECISIONS = ["approved", "rejected"] as const;
export const ReviewDecisionSchema = z.object({ status: z.enum(REVIEW_DECISIONS) });

/** A review as staff moderate it: what visitors see once approved, and its moderation. */
export const AdminReviewSchema = z.object({
  ...PublicReviewSchema.shape,
  status: z.enum(REVIEW_STATUSES),
  moderatedAt: z.nullable(timestamp),
  moderatedBy: z.nullable(z.string()),
  /** When the writer ticked "You may feature my review"; null when they did not. */
  featureConsentAt: z.nullable(timestamp),
  /** When they withdrew it by their e-mail's link; null while it stands. */
  featureWithdrawnAt: z.nullable(timestamp),
  /** Featured on the home page since then, by that owner; null when not featured. */
  featuredAt: z.nullable(timestamp),
  featuredBy: z.nullable(z.string()),
  photoMediaId: z.nullable(z.string()),
  photoAlt: z.nullable(z.string()),
  /** The writer was e-mailed the withdraw link (they consented and an address is known: a verified trainee). */
  withdrawLinkSent: z.boolean(),
});
export type AdminReview = z.input<typeof AdminReviewSchema>;
export const AdminReviewPageSchema = pageOf(AdminReviewSchema);
/** GET /api/admin/reviews: those waiting for a decision by default. */
export const reviewList = staffListContract("/api/admin/reviews", AdminReviewPageSchema, {
  status: z._default(z.enum(REVIEW_STATUSES), "pending"),
});

export const AuditEntrySchema = z.object({
  id: z.number(),
  at: timestamp,
  /** The staff username, or 'system'. */
  actor: z.string(),
  /** e.g. 'login', 'logout', 'enrollment.processed', 'review.approved', 'message.handled', 'sheets.sync' */
  action: z.string(),
  /** e.g. 'enrollment 42' */
  subject: z.nullable(z.string()),
  details: z.nullable(z.record(z.string(), z.unknown())),
});
export type AuditEntry = z.input<typeof AuditEntrySchema>;
export const AuditPageSchema = pageOf(AuditEntrySchema);
export const auditList = staffListContract("/api/admin/audit", AuditPageSchema, {});

/** POST /api/admin/sync-google-sheets: how many enrollments went to the sheet this time. */
export const SheetsSyncResultSchema = z.object({ synced: z.number() });

/** The sync toasts name the spreadsheet service (docs/product.md, Messages and toasts). */
export const SHEETS_NAME = "Google Sheets";
export const syncSuccessMessage = (count: number) =>
  `Successfully synced ${count} enrollments to ${SHEETS_NAME}`;
export const SYNC_FAILED = {
  title: "Sync Failed",
  description: `Failed to sync enrollments to ${SHEETS_NAME}. Please try again.`,
} as const;
export const SHEETS_NOT_CONFIGURED =
  "Google Sheets sync is not configured. Set GOOGLE_SERVICE_ACCOUNT_JSON and GOOGLE_SHEETS_ID on the server.";

/**
 * The CSV's columns, in order (the Google Sheets row has the same): the record's ID and course, the catalogue fields
 * that have a column, then when it came and how staff processed it.
 */
export const CSV_COLUMNS = [
  "ID",
  "Course Type",
  ...CSV_FIELDS.map((field) => field.csvColumn),
  "Submitted Date",
  "Processed",
  "Processing Notes",
] as const;

/**
 * Where the application stands in training, after the spec's columns (which stay first and unchanged): the intake's
 * dates and place, the state of its place, and the fee, what was paid and what is still due.
 */
export const TRAINING_COLUMNS = ["Intake", "Place", "Fee", "Paid", "Due"] as const;

/** The CSV's and the sheet's full header: the spec's columns, then the training ones. */
export const EXPORT_COLUMNS = [...CSV_COLUMNS, ...TRAINING_COLUMNS] as const;

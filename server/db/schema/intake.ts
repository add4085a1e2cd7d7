// What visitors send: contact messages, reviews and enrollments, and the idempotency keys of their submissions.
import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, real, text, varchar } from "drizzle-orm/pg-core";
import type { ReviewStatus } from "../../../shared/constants";
import { createdAt, emailAddress, instant, serialId } from "./columns";

export const contactMessages = pgTable("contact_messages", {
  id: serialId(),
  firstName: varchar("first_name", { length: 100 }).notNull(),
  lastName: varchar("last_name", { length: 100 }).notNull(),
  email: emailAddress().notNull(),
  organization: varchar("organization", { length: 200 }),
  serviceInterest: varchar("service_interest", { length: 50 }).notNull(),
  message: text("message").notNull(),
  createdAt: createdAt(),
  /** Caught by the honeypot or the minimum fill time: kept for review, never e-mailed. */
  isSpam: boolean("is_spam").notNull().default(false),
  /** Why it looked automated ("honeypot" | "too fast"); null when nothing did. */
  spamReason: varchar("spam_reason", { length: 20 }),
  handledAt: instant("handled_at"),
  handledBy: varchar("handled_by", { length: 100 }),
});

export const reviews = pgTable(
  "reviews",
  {
    id: serialId(),
    name: varchar("name", { length: 100 }).notNull(),
    organization: varchar("organization", { length: 200 }),
    position: varchar("position", { length: 200 }),
    rating: integer("rating").notNull(),
    text: text("text").notNull(),
    createdAt: createdAt(),
    /** pending until staff moderate it; only approved reviews are shown to visitors. */
    status: varchar("status", { length: 10 }).$type<ReviewStatus>().notNull().default("pending"),
    moderatedAt: instant("moderated_at"),
    moderatedBy: varchar("moderated_by", { length: 100 }),
    /** Why it looked automated ("honeypot" | "too fast"); null when nothing did. */
    spamReason: varchar("spam_reason", { length: 20 }),
    /** Set when the writer holds a certificate (the link in its e-mail, or signed in at /my-training). */
    verifiedCertificateId: integer("verified_certificate_id"),
    /** When the writer ticked "You may feature my review" (docs/product.md, Testimonials with consent); null: not asked. */
    featureConsentAt: instant("feature_consent_at"),
    /** When the writer withdrew that consent by their e-mail's link; it never comes back for this review. */
    featureWithdrawnAt: instant("feature_withdrawn_at"),
    /** Shown as a testimonial on the home page since then, by that owner; null: not featured. */
    featuredAt: instant("featured_at"),
    featuredBy: varchar("featured_by", { length: 100 }),
    /**
     * Where the writer can be told: the signed-in /my-training address, else the verifying certificate's. The form
     * asks for no e-mail (docs/product.md, Review form), so most reviews have none.
     */
    authorEmail: emailAddress("author_email"),
    /** SHA-256 (hex) of the withdraw link's random token, set when the link is e-mailed; the token itself is not kept. */
    withdrawTokenHash: varchar("withdraw_token_hash", { length: 64 }).unique(),
    /** A picture of the writer from the media library, shown with the testimonial; needs the same consent. */
    photoMediaId: text("photo_media_id"),
    photoAlt: text("photo_alt"),
  },
  (table) => [
    check("reviews_rating", sql`${table.rating} between 1 and 5`),
    check("reviews_status", sql`${table.status} in ('pending', 'approved', 'rejected', 'spam')`),
    // Featured only with consent not withdrawn, and a photo only with consent (server/intake/testimonials.ts).
    check(
      "reviews_featured_consent",
      sql`${table.featuredAt} is null or (${table.featureConsentAt} is not null and ${table.featureWithdrawnAt} is null)`,
    ),
    check(
      "reviews_photo_consent",
      sql`${table.photoMediaId} is null or (${table.featureConsentAt} is not null and ${table.featureWithdrawnAt} is null)`,
    ),
  ],
);

export const enrollments = pgTable(
  "enrollments",
  {
    id: serialId(),
    courseType: varchar("course_type", { length: 20 }).$type<"basic" | "advanced" | "instructor">().notNull(),
    firstName: varchar("first_name", { length: 100 }).notNull(),
    lastName: varchar("last_name", { length: 100 }).notNull(),
    email: emailAddress().notNull(),
    /** The number as the applicant typed it: staff, the CSV and the sheet show this. */
    phone: varchar("phone", { length: 40 }).notNull(),
    /** The same number in E.164 (server/sms/phone-numbers.ts) when it is a mobile; null otherwise. Texts go here. */
    phoneE164: varchar("phone_e164", { length: 16 }),
    /** The application's current answer to "Text me about my application" (its history: text_consents). */
    textsWanted: boolean("texts_wanted").notNull().default(false),
    textChannel: varchar("text_channel", { length: 10 }).$type<"sms" | "whatsapp">().notNull().default("sms"),
    /** When the applicant proved they hold phone_e164 with the texted code; no other text goes before it. */
    phoneConfirmedAt: instant("phone_confirmed_at"),
    address: varchar("address", { length: 500 }),
    dateOfBirth: varchar("date_of_birth", { length: 10 }),
    highestEducation: varchar("highest_education", { length: 20 }).notNull(),
    educationDetails: text("education_details"),
    hasDroneExperience: boolean("has_drone_experience"),
    droneExperienceDetails: text("drone_experience_details"),
    dronesFlown: text("drones_flown"),
    totalFlyingHours: real("total_flying_hours"),
    totalPICHours: real("total_pic_hours"),
    aviationQualifications: text("aviation_qualifications"),
    teachingExperience: text("teaching_experience"),
    additionalInfo: text("additional_info"),
    submittedAt: instant("submitted_at").notNull().defaultNow(),
    isProcessed: boolean("is_processed").notNull().default(false),
    processingNotes: text("processing_notes"),
    processedAt: instant("processed_at"),
    processedBy: varchar("processed_by", { length: 100 }),
    googleSheetsSync: boolean("google_sheets_sync").notNull().default(false),
    /** SHA-256 of the cells the sheet sync last wrote for this row; a different hash means the row needs updating. */
    sheetsRowHash: varchar("sheets_row_hash", { length: 64 }),
    isSpam: boolean("is_spam").notNull().default(false),
    /** Why it looked automated ("honeypot" | "too fast"); null when nothing did. */
    spamReason: varchar("spam_reason", { length: 20 }),
    /** The intake the applicant chose (null: "Any upcoming date"); their place in it is a row of seats. */
    intakeId: integer("intake_id"),
    /**
     * Why the application took no place in its chosen intake although it was open: "mailbox-limit" when its mailbox
     * already had the most live places the settings allow. Staff read it on the enrollment card.
     */
    noPlaceReason: varchar("no_place_reason", { length: 20 }).$type<"mailbox-limit">(),
  },
  (table) => [
    check("enrollments_course_type", sql`${table.courseType} in ('basic', 'advanced', 'instructor')`),
    index("enrollments_submitted").on(table.submittedAt),
  ],
);

export type { ReviewStatus };

/**
 * A public POST's answer, kept by its Idempotency-Key: a retried or double-clicked submission gets the first answer
 * back and stores nothing twice.
 */
export const idempotencyKeys = pgTable("idempotency_keys", {
  key: varchar("key", { length: 200 }).primaryKey(),
  statusCode: integer("status_code").notNull(),
  responseBody: jsonb("response_body").notNull(),
  createdAt: createdAt(),
});

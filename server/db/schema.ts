// The one Drizzle pg-core schema. Generate a migration after editing: `npm run db:generate`.
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  integer,
  pgTable,
  real,
  serial,
  text,
  timestamp,
  varchar,
} from "drizzle-orm/pg-core";

// Enumerations are CHECK constraints, not pg enums: a pg enum type is schema-qualified in migrations, which
// would tie the tables to "public" (tests and multi-tenant setups run them in other schemas).

export const contactMessages = pgTable("contact_messages", {
  id: serial("id").primaryKey(),
  firstName: varchar("first_name", { length: 100 }).notNull(),
  lastName: varchar("last_name", { length: 100 }).notNull(),
  email: varchar("email", { length: 254 }).notNull(),
  organization: varchar("organization", { length: 200 }),
  serviceInterest: varchar("service_interest", { length: 50 }).notNull(),
  message: text("message").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export const reviews = pgTable(
  "reviews",
  {
    id: serial("id").primaryKey(),
    name: varchar("name", { length: 100 }).notNull(),
    organization: varchar("organization", { length: 200 }),
    position: varchar("position", { length: 200 }),
    rating: integer("rating").notNull(),
    text: text("text").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check("reviews_rating", sql`${table.rating} between 1 and 5`)],
);

export const enrollments = pgTable(
  "enrollments",
  {
    id: serial("id").primaryKey(),
    courseType: varchar("course_type", { length: 20 }).$type<"basic" | "advanced" | "instructor">().notNull(),
    firstName: varchar("first_name", { length: 100 }).notNull(),
    lastName: varchar("last_name", { length: 100 }).notNull(),
    email: varchar("email", { length: 254 }).notNull(),
    phone: varchar("phone", { length: 40 }).notNull(),
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
    submittedAt: timestamp("submitted_at", { withTimezone: true }).notNull().defaultNow(),
    isProcessed: boolean("is_processed").notNull().default(false),
    processingNotes: text("processing_notes"),
    googleSheetsSync: boolean("google_sheets_sync").notNull().default(false),
  },
  (table) => [
    check("enrollments_course_type", sql`${table.courseType} in ('basic', 'advanced', 'instructor')`),
  ],
);

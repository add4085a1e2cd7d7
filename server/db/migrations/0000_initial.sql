CREATE TABLE "contact_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"first_name" varchar(100) NOT NULL,
	"last_name" varchar(100) NOT NULL,
	"email" varchar(254) NOT NULL,
	"organization" varchar(200),
	"service_interest" varchar(50) NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "enrollments" (
	"id" serial PRIMARY KEY NOT NULL,
	"course_type" varchar(20) NOT NULL,
	"first_name" varchar(100) NOT NULL,
	"last_name" varchar(100) NOT NULL,
	"email" varchar(254) NOT NULL,
	"phone" varchar(40) NOT NULL,
	"address" varchar(500),
	"date_of_birth" varchar(10),
	"highest_education" varchar(20) NOT NULL,
	"education_details" text,
	"has_drone_experience" boolean,
	"drone_experience_details" text,
	"drones_flown" text,
	"total_flying_hours" real,
	"total_pic_hours" real,
	"aviation_qualifications" text,
	"teaching_experience" text,
	"additional_info" text,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"is_processed" boolean DEFAULT false NOT NULL,
	"processing_notes" text,
	"google_sheets_sync" boolean DEFAULT false NOT NULL,
	CONSTRAINT "enrollments_course_type" CHECK ("enrollments"."course_type" in ('basic', 'advanced', 'instructor'))
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"organization" varchar(200),
	"position" varchar(200),
	"rating" integer NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviews_rating" CHECK ("reviews"."rating" between 1 and 5)
);

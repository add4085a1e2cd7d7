-- Edited after generation: the sequence and the foreign keys name their objects without "public." so the
-- migration also runs in the scratch schemas tests use (search_path).
CREATE SEQUENCE "certificate_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "attendance" (
	"seat_id" integer NOT NULL,
	"day" date NOT NULL,
	"present" boolean NOT NULL,
	"marked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"marked_by" varchar(100) NOT NULL,
	CONSTRAINT "attendance_seat_id_day_pk" PRIMARY KEY("seat_id","day")
);
--> statement-breakpoint
CREATE TABLE "certificates" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" varchar(30) NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"code" varchar(40) NOT NULL,
	"seat_id" integer NOT NULL,
	"enrollment_id" integer NOT NULL,
	"intake_id" integer NOT NULL,
	"email" varchar(254) NOT NULL,
	"course_type" varchar(20) NOT NULL,
	"title" varchar(100) NOT NULL,
	"given_names" varchar(100) NOT NULL,
	"surname" varchar(100) NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"location" varchar(200) NOT NULL,
	"issued_on" date NOT NULL,
	"expires_on" date,
	"revoked_at" timestamp with time zone,
	"revoked_by" varchar(100),
	"replaced_at" timestamp with time zone,
	"hidden_from_search" boolean DEFAULT false NOT NULL,
	"pdf_key" varchar(200),
	"review_token" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trainee_results" (
	"seat_id" integer PRIMARY KEY NOT NULL,
	"result" varchar(20) NOT NULL,
	"note" varchar(500),
	"decided_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by" varchar(100) NOT NULL,
	CONSTRAINT "trainee_results_result_check" CHECK ("trainee_results"."result" in ('passed', 'not_yet_competent', 'withdrew'))
);
--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "verified_certificate_id" integer;--> statement-breakpoint
ALTER TABLE "attendance" ADD CONSTRAINT "attendance_seat_id_seats_id_fk" FOREIGN KEY ("seat_id") REFERENCES "seats"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_seat_id_seats_id_fk" FOREIGN KEY ("seat_id") REFERENCES "seats"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_enrollment_id_enrollments_id_fk" FOREIGN KEY ("enrollment_id") REFERENCES "enrollments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_intake_id_intakes_id_fk" FOREIGN KEY ("intake_id") REFERENCES "intakes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trainee_results" ADD CONSTRAINT "trainee_results_seat_id_seats_id_fk" FOREIGN KEY ("seat_id") REFERENCES "seats"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_number_version_idx" ON "certificates" USING btree ("number","version");--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_code_idx" ON "certificates" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_review_token_idx" ON "certificates" USING btree ("review_token");--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_one_current_idx" ON "certificates" USING btree ("seat_id") WHERE "certificates"."replaced_at" is null;--> statement-breakpoint
CREATE INDEX "certificates_email_idx" ON "certificates" USING btree ("email");--> statement-breakpoint
CREATE INDEX "certificates_surname_idx" ON "certificates" USING btree (lower("surname"));
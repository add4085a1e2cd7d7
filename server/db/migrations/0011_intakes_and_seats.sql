-- Edited after generation: the foreign keys name their tables without "public." so the migration also runs in the
-- per-test schemas (and any schema a deployment chooses).
CREATE TABLE "intakes" (
	"id" serial PRIMARY KEY NOT NULL,
	"course_type" varchar(20) NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"location" varchar(200) NOT NULL,
	"seats" integer NOT NULL,
	"fee_cents" integer NOT NULL,
	"deposit_cents" integer,
	"status" varchar(10) DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "intakes_dates_check" CHECK ("intakes"."end_date" >= "intakes"."start_date"),
	CONSTRAINT "intakes_seats_check" CHECK ("intakes"."seats" between 1 and 8),
	CONSTRAINT "intakes_fee_check" CHECK ("intakes"."fee_cents" > 0),
	CONSTRAINT "intakes_deposit_check" CHECK ("intakes"."deposit_cents" is null or ("intakes"."deposit_cents" > 0 and "intakes"."deposit_cents" < "intakes"."fee_cents")),
	CONSTRAINT "intakes_status_check" CHECK ("intakes"."status" in ('open', 'closed', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "seats" (
	"id" serial PRIMARY KEY NOT NULL,
	"intake_id" integer NOT NULL,
	"enrollment_id" integer NOT NULL,
	"email" varchar(254) NOT NULL,
	"state" varchar(12) NOT NULL,
	"hold_expires_at" timestamp with time zone,
	"address_confirmed_at" timestamp with time zone,
	"offer_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seats_state_check" CHECK ("seats"."state" in ('held', 'offered', 'confirmed', 'waitlisted', 'declined', 'lapsed', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"key" varchar(60) PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" varchar(100) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "seats" ADD CONSTRAINT "seats_intake_id_intakes_id_fk" FOREIGN KEY ("intake_id") REFERENCES "intakes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seats" ADD CONSTRAINT "seats_enrollment_id_enrollments_id_fk" FOREIGN KEY ("enrollment_id") REFERENCES "enrollments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "intakes_course_start_idx" ON "intakes" USING btree ("course_type","start_date");--> statement-breakpoint
CREATE INDEX "seats_intake_state_idx" ON "seats" USING btree ("intake_id","state");--> statement-breakpoint
CREATE UNIQUE INDEX "seats_one_per_email_idx" ON "seats" USING btree ("intake_id","email") WHERE "seats"."state" in ('held', 'offered', 'confirmed', 'waitlisted');
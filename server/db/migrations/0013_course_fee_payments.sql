-- Edited after generation: the foreign keys name their tables without "public." so the migration also runs in the
-- per-test schemas (and any schema a deployment chooses).
CREATE TABLE "course_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"reference" varchar(40) NOT NULL,
	"seat_id" integer,
	"enrollment_id" integer,
	"intake_id" integer,
	"email" varchar(254),
	"kind" varchar(10) NOT NULL,
	"method" varchar(10) NOT NULL,
	"amount_cents" integer NOT NULL,
	"vat_cents" integer DEFAULT 0 NOT NULL,
	"status" varchar(10) DEFAULT 'pending' NOT NULL,
	"provider_reference" varchar(100),
	"receipt_number" varchar(100),
	"recorded_by" varchar(100),
	"note" varchar(500),
	"checkout_url" varchar(2000),
	"payable_until" timestamp with time zone,
	"last_checked_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "course_payments_reference_unique" UNIQUE("reference"),
	CONSTRAINT "course_payments_provider_reference_unique" UNIQUE("provider_reference"),
	CONSTRAINT "course_payments_kind_check" CHECK ("course_payments"."kind" in ('deposit', 'full', 'balance', 'bank', 'cash', 'waived')),
	CONSTRAINT "course_payments_method_check" CHECK ("course_payments"."method" in ('card', 'mpaisa', 'bank', 'cash', 'none')),
	CONSTRAINT "course_payments_status_check" CHECK ("course_payments"."status" in ('pending', 'paid', 'failed', 'refunded')),
	CONSTRAINT "course_payments_amount_check" CHECK ("course_payments"."amount_cents" >= 0 and "course_payments"."vat_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "course_refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"payment_id" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"reason" varchar(500) NOT NULL,
	"status" varchar(10) DEFAULT 'requested' NOT NULL,
	"refund_reference" varchar(100),
	"decided_by" varchar(100),
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "course_refunds_status_check" CHECK ("course_refunds"."status" in ('requested', 'approved', 'refunded', 'rejected')),
	CONSTRAINT "course_refunds_amount_check" CHECK ("course_refunds"."amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "course_payments" ADD CONSTRAINT "course_payments_seat_id_seats_id_fk" FOREIGN KEY ("seat_id") REFERENCES "seats"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_payments" ADD CONSTRAINT "course_payments_enrollment_id_enrollments_id_fk" FOREIGN KEY ("enrollment_id") REFERENCES "enrollments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_payments" ADD CONSTRAINT "course_payments_intake_id_intakes_id_fk" FOREIGN KEY ("intake_id") REFERENCES "intakes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_refunds" ADD CONSTRAINT "course_refunds_payment_id_course_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "course_payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "course_payments_seat_idx" ON "course_payments" USING btree ("seat_id");--> statement-breakpoint
CREATE INDEX "course_payments_intake_idx" ON "course_payments" USING btree ("intake_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "course_refunds_one_live_idx" ON "course_refunds" USING btree ("payment_id") WHERE "course_refunds"."status" in ('requested', 'approved', 'refunded');
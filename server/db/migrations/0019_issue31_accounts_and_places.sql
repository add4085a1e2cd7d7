CREATE TABLE "card_customers" (
	"email" varchar(254) PRIMARY KEY NOT NULL,
	"stripe_customer_id" varchar(100) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscription_starts" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" varchar(254) NOT NULL,
	"ip" varchar(64) NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sign_in_throttle_notices" (
	"admin_user_id" integer PRIMARY KEY NOT NULL,
	"told_at" timestamp with time zone NOT NULL,
	"failures" integer NOT NULL,
	"addresses" integer NOT NULL,
	"unseen" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
DROP INDEX "course_refunds_one_live_idx";--> statement-breakpoint
ALTER TABLE "admin_recovery_codes" ALTER COLUMN "code_hash" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "course_payments" ADD COLUMN "dispute_id" varchar(100);--> statement-breakpoint
ALTER TABLE "course_payments" ADD COLUMN "dispute_status" varchar(40);--> statement-breakpoint
ALTER TABLE "course_refunds" ADD COLUMN "origin" varchar(10) DEFAULT 'site' NOT NULL;--> statement-breakpoint
ALTER TABLE "enrollments" ADD COLUMN "no_place_reason" varchar(20);--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "second_factor_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "admin_recovery_codes" ADD COLUMN "public_id" varchar(8);--> statement-breakpoint
ALTER TABLE "login_attempts" ADD COLUMN "device" varchar(32);--> statement-breakpoint
ALTER TABLE "seats" ADD COLUMN "mailbox_key" varchar(254) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "seats" ADD COLUMN "source_ip" varchar(64);--> statement-breakpoint
ALTER TABLE "seats" ADD COLUMN "ip_burst_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "seats" ADD COLUMN "lapse_notice_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "seats" ADD COLUMN "calendar_sequence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sign_in_throttle_notices" ADD CONSTRAINT "sign_in_throttle_notices_admin_user_id_admin_users_id_fk" FOREIGN KEY ("admin_user_id") REFERENCES "admin_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "subscription_starts_email" ON "subscription_starts" USING btree ("email","at");--> statement-breakpoint
CREATE INDEX "subscription_starts_ip" ON "subscription_starts" USING btree ("ip","at");--> statement-breakpoint
CREATE INDEX "subscription_starts_at" ON "subscription_starts" USING btree ("at");--> statement-breakpoint
CREATE UNIQUE INDEX "course_refunds_provider_idx" ON "course_refunds" USING btree ("refund_reference") WHERE "course_refunds"."origin" = 'provider';--> statement-breakpoint
CREATE INDEX "admin_recovery_codes_public_id" ON "admin_recovery_codes" USING btree ("admin_user_id","public_id");--> statement-breakpoint
CREATE INDEX "login_attempts_device" ON "login_attempts" USING btree ("device","at");--> statement-breakpoint
CREATE INDEX "seats_intake_mailbox_idx" ON "seats" USING btree ("intake_id","mailbox_key");--> statement-breakpoint
CREATE INDEX "seats_source_ip_idx" ON "seats" USING btree ("source_ip","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "course_refunds_one_live_idx" ON "course_refunds" USING btree ("payment_id") WHERE "course_refunds"."status" in ('requested', 'approved', 'refunded') and "course_refunds"."origin" = 'site';--> statement-breakpoint
ALTER TABLE "course_refunds" ADD CONSTRAINT "course_refunds_origin_check" CHECK ("course_refunds"."origin" in ('site', 'provider'));--> statement-breakpoint
-- hand-written: the mailbox key of the places taken before the column existed, by the rule of shared/mailbox.ts
-- (lower case, the +tag dropped, and for gmail.com and googlemail.com the dots dropped and the domain gmail.com).
UPDATE "seats" SET "mailbox_key" = CASE
  WHEN substring(lower(btrim("email")) from '@([^@]*)$') IN ('gmail.com', 'googlemail.com')
    THEN replace(split_part(substring(lower(btrim("email")) from '^(.*)@[^@]*$'), '+', 1), '.', '') || '@gmail.com'
  ELSE split_part(substring(lower(btrim("email")) from '^(.*)@[^@]*$'), '+', 1) || '@' || substring(lower(btrim("email")) from '@([^@]*)$')
END
WHERE "mailbox_key" = '' AND position('@' in "email") > 0;

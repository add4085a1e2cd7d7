DROP INDEX "course_refunds_one_live_idx";--> statement-breakpoint
ALTER TABLE "course_payments" ADD COLUMN "dispute_id" varchar(100);--> statement-breakpoint
ALTER TABLE "course_payments" ADD COLUMN "dispute_status" varchar(40);--> statement-breakpoint
ALTER TABLE "course_refunds" ADD COLUMN "origin" varchar(10) DEFAULT 'site' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "course_refunds_provider_idx" ON "course_refunds" USING btree ("refund_reference") WHERE "course_refunds"."origin" = 'provider';--> statement-breakpoint
CREATE UNIQUE INDEX "course_refunds_one_live_idx" ON "course_refunds" USING btree ("payment_id") WHERE "course_refunds"."status" in ('requested', 'approved', 'refunded') and "course_refunds"."origin" = 'site';--> statement-breakpoint
ALTER TABLE "course_refunds" ADD CONSTRAINT "course_refunds_origin_check" CHECK ("course_refunds"."origin" in ('site', 'provider'));
ALTER TABLE "admin_recovery_codes" ALTER COLUMN "code_hash" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "second_factor_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "admin_recovery_codes" ADD COLUMN "public_id" varchar(8);--> statement-breakpoint
CREATE INDEX "admin_recovery_codes_public_id" ON "admin_recovery_codes" USING btree ("admin_user_id","public_id");
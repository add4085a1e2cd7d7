ALTER TABLE "contact_messages" ADD COLUMN "spam_reason" varchar(20);--> statement-breakpoint
ALTER TABLE "enrollments" ADD COLUMN "spam_reason" varchar(20);--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "spam_reason" varchar(20);
ALTER TABLE "subscriptions" DROP CONSTRAINT "subscriptions_provider";--> statement-breakpoint
ALTER TABLE "card_customers" ADD COLUMN "name" varchar(200);--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "name" varchar(200);--> statement-breakpoint
ALTER TABLE "intakes" ADD COLUMN "daily_start" varchar(5) DEFAULT '08:30' NOT NULL;--> statement-breakpoint
ALTER TABLE "intakes" ADD COLUMN "daily_end" varchar(5) DEFAULT '16:30' NOT NULL;--> statement-breakpoint
ALTER TABLE "intakes" ADD COLUMN "venue_address" varchar(300) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "intakes" ADD COLUMN "map_url" varchar(500) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "intakes" ADD COLUMN "what_to_bring" varchar(1000) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_provider" CHECK ("subscriptions"."provider" in ('stripe', 'mpaisa', 'manual', 'sandbox'));--> statement-breakpoint
ALTER TABLE "intakes" ADD CONSTRAINT "intakes_daily_hours_check" CHECK ("intakes"."daily_start" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' and "intakes"."daily_end" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' and "intakes"."daily_end" > "intakes"."daily_start");--> statement-breakpoint
-- Existing intakes get their course's seeded "what to bring" (shared/joining.ts SEEDED_WHAT_TO_BRING); the hours
-- take the column defaults and the venue and map link stay empty (left out where shown).
UPDATE "intakes" SET "what_to_bring" = CASE "course_type"
  WHEN 'basic' THEN 'Government-issued photo ID (passport, driver''s licence or voter card)
Your signed medical fitness declaration
Pen and notebook
A water bottle
Hat, sunscreen and closed shoes for the flying days'
  WHEN 'advanced' THEN 'Government-issued photo ID
Your Basic RPAS Pilot certificate
Your flight logbook showing at least 50 hours
Your medical fitness certificate
Laptop or tablet, pen and notebook
A water bottle
Hat, sunscreen and closed shoes for the flying days'
  WHEN 'instructor' THEN 'Government-issued photo ID
Your Advanced RPAS certificate
Your flight logbook showing at least 200 hours as pilot in command
Copies of any aviation or teaching qualifications
Laptop with a presentation program
Pen and notebook
Hat, sunscreen and closed shoes for the flying days'
  ELSE '' END;
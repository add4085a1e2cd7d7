ALTER TABLE "subscriptions" DROP CONSTRAINT "subscriptions_provider";--> statement-breakpoint
ALTER TABLE "card_customers" ADD COLUMN "name" varchar(200);--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "name" varchar(200);--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_provider" CHECK ("subscriptions"."provider" in ('stripe', 'mpaisa', 'manual', 'sandbox'));
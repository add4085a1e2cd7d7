CREATE TABLE "stripe_charges" (
	"payment_intent_id" varchar(100) PRIMARY KEY NOT NULL,
	"invoice_id" varchar(100) NOT NULL,
	"subscription_id" varchar(100) NOT NULL,
	"email" varchar(254) NOT NULL,
	"amount_cents" integer NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"refunded_cents" integer DEFAULT 0 NOT NULL,
	"dispute_id" varchar(100),
	"dispute_status" varchar(40),
	"withheld" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "cancel_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "wallet_payments" ADD COLUMN "checkout_url" text;--> statement-breakpoint
ALTER TABLE "wallet_payments" ADD COLUMN "payable_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "wallet_payments" ADD COLUMN "last_checked_at" timestamp with time zone;
CREATE TABLE "payment_events" (
	"provider" varchar(10) NOT NULL,
	"event_id" varchar(200) NOT NULL,
	"type" varchar(100) NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_events_provider_event_id_pk" PRIMARY KEY("provider","event_id")
);
--> statement-breakpoint
CREATE TABLE "wallet_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"reference" varchar(40) NOT NULL,
	"method" varchar(10) NOT NULL,
	"email" varchar(254),
	"name" varchar(200),
	"phone" varchar(20),
	"amount_cents" integer NOT NULL,
	"status" varchar(10) DEFAULT 'pending' NOT NULL,
	"provider_transaction_id" varchar(100),
	"message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	"settled_by" varchar(100),
	CONSTRAINT "wallet_payments_reference_unique" UNIQUE("reference"),
	CONSTRAINT "wallet_payments_status" CHECK ("wallet_payments"."status" in ('pending', 'completed', 'failed')),
	CONSTRAINT "wallet_payments_method" CHECK ("wallet_payments"."method" in ('mobile', 'qr')),
	CONSTRAINT "wallet_payments_amount" CHECK ("wallet_payments"."amount_cents" >= 100)
);
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "reminder_sent_for" timestamp with time zone;
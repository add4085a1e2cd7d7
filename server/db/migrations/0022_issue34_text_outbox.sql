CREATE TABLE "text_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"to_e164" varchar(16) NOT NULL,
	"kind" varchar(40) NOT NULL,
	"channel" varchar(10) DEFAULT 'sms' NOT NULL,
	"body" text,
	"template" jsonb,
	"segments" integer DEFAULT 1 NOT NULL,
	"status" varchar(10) DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"not_before" timestamp with time zone DEFAULT now() NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deadline" timestamp with time zone,
	"immediate" boolean DEFAULT false NOT NULL,
	"last_error" text,
	"provider_id" varchar(80),
	"delivery_status" varchar(20),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"lease_until" timestamp with time zone,
	"lease_owner" varchar(40),
	CONSTRAINT "text_outbox_status" CHECK ("text_outbox"."status" in ('pending', 'sent', 'failed', 'dropped')),
	CONSTRAINT "text_outbox_channel" CHECK ("text_outbox"."channel" in ('sms', 'whatsapp'))
);
--> statement-breakpoint
CREATE INDEX "text_outbox_due" ON "text_outbox" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "text_outbox_sent" ON "text_outbox" USING btree ("sent_at");--> statement-breakpoint
CREATE INDEX "text_outbox_provider_id" ON "text_outbox" USING btree ("provider_id");
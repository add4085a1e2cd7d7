CREATE TABLE "text_cap_notices" (
	"day" varchar(10) PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "text_codes" (
	"enrollment_id" integer PRIMARY KEY NOT NULL,
	"to_e164" varchar(16) NOT NULL,
	"code_hash" varchar(64) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "text_consents" (
	"id" serial PRIMARY KEY NOT NULL,
	"enrollment_id" integer NOT NULL,
	"given" boolean NOT NULL,
	"channel" varchar(10) DEFAULT 'sms' NOT NULL,
	"version" varchar(20) NOT NULL,
	"ip" varchar(64),
	"via" varchar(20) NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "text_consents_channel" CHECK ("text_consents"."channel" in ('sms', 'whatsapp'))
);
--> statement-breakpoint
CREATE TABLE "text_links" (
	"code" varchar(16) PRIMARY KEY NOT NULL,
	"target" text NOT NULL,
	"kind" varchar(40) NOT NULL,
	"enrollment_id" integer,
	"to_e164" varchar(16),
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "text_opt_outs" (
	"to_e164" varchar(16) PRIMARY KEY NOT NULL,
	"via" varchar(10) NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "enrollments" ADD COLUMN "phone_e164" varchar(16);--> statement-breakpoint
ALTER TABLE "enrollments" ADD COLUMN "texts_wanted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "enrollments" ADD COLUMN "text_channel" varchar(10) DEFAULT 'sms' NOT NULL;--> statement-breakpoint
ALTER TABLE "enrollments" ADD COLUMN "phone_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "text_outbox" ADD COLUMN "enrollment_id" integer;--> statement-breakpoint
ALTER TABLE "text_outbox" ADD COLUMN "sensitive" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "seats" ADD COLUMN "address_confirmed_via" varchar(10);--> statement-breakpoint
ALTER TABLE "text_codes" ADD CONSTRAINT "text_codes_enrollment_id_enrollments_id_fk" FOREIGN KEY ("enrollment_id") REFERENCES "enrollments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "text_consents" ADD CONSTRAINT "text_consents_enrollment_id_enrollments_id_fk" FOREIGN KEY ("enrollment_id") REFERENCES "enrollments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "text_links" ADD CONSTRAINT "text_links_enrollment_id_enrollments_id_fk" FOREIGN KEY ("enrollment_id") REFERENCES "enrollments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "text_consents_enrollment_idx" ON "text_consents" USING btree ("enrollment_id","id");--> statement-breakpoint
CREATE INDEX "text_links_expires_idx" ON "text_links" USING btree ("expires_at");
-- Edited after generation: the foreign key names its table without "public." (see 0002_staff.sql).
CREATE TABLE "documents" (
	"id" varchar(100) PRIMARY KEY NOT NULL,
	"title" varchar(300) NOT NULL,
	"description" text NOT NULL,
	"type" varchar(100) NOT NULL,
	"category" varchar(100) NOT NULL,
	"level" varchar(20) DEFAULT 'Premium' NOT NULL,
	"file_size" varchar(20) NOT NULL,
	"download_count" integer DEFAULT 0 NOT NULL,
	"storage_key" varchar(200) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sign_in_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" varchar(254) NOT NULL,
	"code_hash" varchar(64) NOT NULL,
	"link_hash" varchar(64) NOT NULL,
	"return_to" varchar(200),
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"ip" varchar(64),
	CONSTRAINT "sign_in_codes_link_hash_unique" UNIQUE("link_hash")
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" varchar(254) NOT NULL,
	"provider" varchar(10) NOT NULL,
	"status" varchar(12) NOT NULL,
	"current_period_end" timestamp with time zone,
	"stripe_customer_id" varchar(100),
	"stripe_subscription_id" varchar(100),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscriptions_email_unique" UNIQUE("email"),
	CONSTRAINT "subscriptions_provider" CHECK ("subscriptions"."provider" in ('stripe', 'mpaisa', 'manual')),
	CONSTRAINT "subscriptions_status" CHECK ("subscriptions"."status" in ('active', 'past_due', 'canceled', 'incomplete'))
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" varchar(254) NOT NULL,
	"first_name" varchar(100),
	"oidc_issuer" varchar(300),
	"oidc_subject" varchar(300),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_sign_in_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_unique" UNIQUE("email")
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "user_id" integer;--> statement-breakpoint
CREATE INDEX "sign_in_codes_email" ON "sign_in_codes" USING btree ("email","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_oidc" ON "users" USING btree ("oidc_issuer","oidc_subject");--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;
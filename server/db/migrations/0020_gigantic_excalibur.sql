CREATE TABLE "card_customers" (
	"email" varchar(254) PRIMARY KEY NOT NULL,
	"stripe_customer_id" varchar(100) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscription_starts" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" varchar(254) NOT NULL,
	"ip" varchar(64) NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "subscription_starts_email" ON "subscription_starts" USING btree ("email","at");--> statement-breakpoint
CREATE INDEX "subscription_starts_ip" ON "subscription_starts" USING btree ("ip","at");--> statement-breakpoint
CREATE INDEX "subscription_starts_at" ON "subscription_starts" USING btree ("at");
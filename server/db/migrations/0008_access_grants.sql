CREATE TABLE "access_grants" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" varchar(254) NOT NULL,
	"source" varchar(10) NOT NULL,
	"source_ref" varchar(200) NOT NULL,
	"days" integer,
	"period_start" timestamp with time zone,
	"period_end" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	"ended_reason" varchar(30),
	"suspended_at" timestamp with time zone,
	"note" varchar(300),
	CONSTRAINT "access_grants_source" CHECK ("access_grants"."source" in ('stripe', 'wallet', 'staff', 'sandbox')),
	CONSTRAINT "access_grants_length" CHECK ("access_grants"."days" > 0 or ("access_grants"."period_start" is not null and "access_grants"."period_end" is not null))
);
--> statement-breakpoint
CREATE INDEX "access_grants_email" ON "access_grants" USING btree ("email","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "access_grants_live_source" ON "access_grants" USING btree ("source","source_ref") WHERE ended_at is null;--> statement-breakpoint
-- Access already running when grants arrived carries over as one grant from its provider, from now to its end.
INSERT INTO "access_grants" ("email", "source", "source_ref", "period_start", "period_end", "note")
SELECT "email",
	CASE "provider" WHEN 'stripe' THEN 'stripe' WHEN 'mpaisa' THEN 'wallet' ELSE 'staff' END,
	coalesce("stripe_subscription_id", 'carried-over-' || "id"),
	now(),
	"current_period_end",
	'carried over from the single subscription row'
FROM "subscriptions"
WHERE "status" IN ('active', 'canceled') AND "current_period_end" > now();

CREATE TABLE "content_draft" (
	"id" integer PRIMARY KEY NOT NULL,
	"sections" jsonb NOT NULL,
	"revision" integer NOT NULL,
	"updated_by" varchar(100),
	"updated_at" timestamp with time zone,
	"restored_from" integer,
	CONSTRAINT "content_draft_one_row" CHECK ("content_draft"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "content_versions" (
	"version" serial PRIMARY KEY NOT NULL,
	"sections" jsonb NOT NULL,
	"changed" jsonb NOT NULL,
	"published_by" varchar(100) NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"restored_from" integer
);

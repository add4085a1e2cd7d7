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
--> statement-breakpoint
CREATE TABLE "media" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" varchar(20) NOT NULL,
	"alt" varchar(200) NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"variants" jsonb NOT NULL,
	"sha256" varchar(64) NOT NULL,
	"uploaded_by" varchar(100) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_kind" CHECK ("media"."kind" in ('logo', 'hero', 'testimonial'))
);
--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "feature_consent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "feature_withdrawn_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "featured_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "featured_by" varchar(100);--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "author_email" varchar(254);--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "withdraw_token_hash" varchar(64);--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "photo_media_id" text;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "photo_alt" text;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_withdraw_token_hash_unique" UNIQUE("withdraw_token_hash");--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_featured_consent" CHECK ("reviews"."featured_at" is null or ("reviews"."feature_consent_at" is not null and "reviews"."feature_withdrawn_at" is null));--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_photo_consent" CHECK ("reviews"."photo_media_id" is null or ("reviews"."feature_consent_at" is not null and "reviews"."feature_withdrawn_at" is null));
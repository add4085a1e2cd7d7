-- Issue 32 point 5 (ADR 060): the owner's uploaded pictures. The brand choice itself is a settings row (key 'brand').
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

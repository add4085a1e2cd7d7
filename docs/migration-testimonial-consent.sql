-- Testimonials with consent (issue 32, point 3; ADR 061): the review form's consent box, featuring, the withdraw link and the photo.
ALTER TABLE "reviews" ADD COLUMN "feature_consent_at" timestamp with time zone;
ALTER TABLE "reviews" ADD COLUMN "feature_withdrawn_at" timestamp with time zone;
ALTER TABLE "reviews" ADD COLUMN "featured_at" timestamp with time zone;
ALTER TABLE "reviews" ADD COLUMN "featured_by" varchar(100);
ALTER TABLE "reviews" ADD COLUMN "author_email" varchar(254);
ALTER TABLE "reviews" ADD COLUMN "withdraw_token_hash" varchar(64);
ALTER TABLE "reviews" ADD COLUMN "photo_media_id" text;
ALTER TABLE "reviews" ADD COLUMN "photo_alt" text;
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_withdraw_token_hash_unique" UNIQUE("withdraw_token_hash");
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_featured_consent" CHECK (featured_at is null or (feature_consent_at is not null and feature_withdrawn_at is null));
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_photo_consent" CHECK (photo_media_id is null or (feature_consent_at is not null and feature_withdrawn_at is null));
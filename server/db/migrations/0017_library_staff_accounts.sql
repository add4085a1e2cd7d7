CREATE TABLE "document_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "document_categories_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "document_downloads" (
	"id" serial PRIMARY KEY NOT NULL,
	"document_id" varchar(100) NOT NULL,
	"version" integer,
	"user_id" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "document_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"document_id" varchar(100) NOT NULL,
	"version" integer NOT NULL,
	"storage_key" varchar(300) NOT NULL,
	"file_name" varchar(200) NOT NULL,
	"file_type" varchar(10) NOT NULL,
	"content_type" varchar(120) NOT NULL,
	"byte_size" integer NOT NULL,
	"sha256" varchar(64) NOT NULL,
	"uploaded_by" varchar(100) NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_invites" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" varchar(254) NOT NULL,
	"role" varchar(10) NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"invited_by" varchar(100) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"admin_user_id" integer,
	CONSTRAINT "staff_invites_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "staff_invites_role_check" CHECK ("staff_invites"."role" in ('owner', 'staff'))
);
--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "category_id" integer;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "current_version" integer;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "publish_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "digest_opt_out_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "admin_users" ADD COLUMN "role" varchar(10) DEFAULT 'staff' NOT NULL;--> statement-breakpoint
ALTER TABLE "admin_users" ADD COLUMN "email" varchar(254);--> statement-breakpoint
ALTER TABLE "admin_users" ADD COLUMN "disabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "document_downloads" ADD CONSTRAINT "document_downloads_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_downloads" ADD CONSTRAINT "document_downloads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_versions" ADD CONSTRAINT "document_versions_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_invites" ADD CONSTRAINT "staff_invites_admin_user_id_admin_users_id_fk" FOREIGN KEY ("admin_user_id") REFERENCES "admin_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "document_downloads_document" ON "document_downloads" USING btree ("document_id","at");--> statement-breakpoint
CREATE INDEX "document_downloads_user" ON "document_downloads" USING btree ("user_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "document_versions_number" ON "document_versions" USING btree ("document_id","version");--> statement-breakpoint
CREATE INDEX "staff_invites_email" ON "staff_invites" USING btree ("email");--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_category_id_document_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "document_categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "documents_publish_at" ON "documents" USING btree ("publish_at");--> statement-breakpoint
ALTER TABLE "admin_users" ADD CONSTRAINT "admin_users_role_check" CHECK ("admin_users"."role" in ('owner', 'staff'));--> statement-breakpoint
INSERT INTO "document_categories" ("name", "position") VALUES
	('ICAO Standards', 1), ('CAAF Regulations', 2), ('Safety Management', 3), ('Operations', 4),
	('Risk Management', 5), ('Emergency Response', 6), ('Training & Competency', 7),
	('Maintenance & Airworthiness', 8), ('Airspace & Navigation', 9), ('Templates & Forms', 10),
	('Data Protection & Privacy', 11), ('Insurance & Liability', 12)
ON CONFLICT ("name") DO NOTHING;--> statement-breakpoint
INSERT INTO "document_categories" ("name", "position")
	SELECT DISTINCT "category", 100 FROM "documents" ON CONFLICT ("name") DO NOTHING;--> statement-breakpoint
UPDATE "documents" SET "category_id" = c."id" FROM "document_categories" c WHERE c."name" = "documents"."category";--> statement-breakpoint
UPDATE "documents" SET "publish_at" = "created_at", "updated_at" = "created_at";--> statement-breakpoint
UPDATE "admin_users" SET "role" = 'owner' WHERE "id" = (SELECT min("id") FROM "admin_users");

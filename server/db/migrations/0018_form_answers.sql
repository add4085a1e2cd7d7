CREATE TABLE "form_answers" (
	"token_hash" varchar(64) PRIMARY KEY NOT NULL,
	"answer" jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "form_answers_expires_idx" ON "form_answers" USING btree ("expires_at");
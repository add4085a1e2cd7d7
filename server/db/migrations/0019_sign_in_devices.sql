CREATE TABLE "sign_in_throttle_notices" (
	"admin_user_id" integer PRIMARY KEY NOT NULL,
	"told_at" timestamp with time zone NOT NULL,
	"failures" integer NOT NULL,
	"addresses" integer NOT NULL,
	"unseen" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "login_attempts" ADD COLUMN "device" varchar(32);--> statement-breakpoint
ALTER TABLE "sign_in_throttle_notices" ADD CONSTRAINT "sign_in_throttle_notices_admin_user_id_admin_users_id_fk" FOREIGN KEY ("admin_user_id") REFERENCES "admin_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "login_attempts_device" ON "login_attempts" USING btree ("device","at");
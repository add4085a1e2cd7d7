CREATE TABLE "notices_sent" (
	"key" varchar(120) PRIMARY KEY NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);

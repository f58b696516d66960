CREATE TABLE "society_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"settings" jsonb NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "society_settings_one_row" CHECK ("society_settings"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "society_settings" ADD CONSTRAINT "society_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
CREATE TABLE "getting_started_marks" (
	"mark" text PRIMARY KEY NOT NULL,
	"marked_by" text,
	"marked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "getting_started_marks" ADD CONSTRAINT "getting_started_marks_marked_by_users_id_fk" FOREIGN KEY ("marked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
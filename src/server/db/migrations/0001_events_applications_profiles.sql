CREATE TABLE "applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"application_type" text NOT NULL,
	"status" text DEFAULT 'SUBMITTED' NOT NULL,
	"answers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"part" text,
	"offer_expires_at" timestamp with time zone,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"show_name" text,
	"reveal_at" timestamp with time zone,
	"summary" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"venue" text DEFAULT '' NOT NULL,
	"start_date" timestamp with time zone NOT NULL,
	"end_date" timestamp with time zone NOT NULL,
	"signup_deadline" timestamp with time zone,
	"visibility" text DEFAULT 'draft' NOT NULL,
	"image_key" text,
	"audience_types" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"event_config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"archived_at" timestamp with time zone,
	CONSTRAINT "events_slug_unique" UNIQUE("slug"),
	CONSTRAINT "events_type_check" CHECK ("events"."type" in ('CHOIR_SEASON', 'SINGTHROUGH', 'CONCERT', 'SHOW', 'SOCIAL')),
	CONSTRAINT "events_visibility_check" CHECK ("events"."visibility" in ('draft', 'members', 'public')),
	CONSTRAINT "events_dates_check" CHECK ("events"."end_date" >= "events"."start_date")
);
--> statement-breakpoint
CREATE TABLE "profiles" (
	"user_id" text PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"preferred_name" text,
	"pronouns" text,
	"phone" text,
	"student_status" text,
	"institution" text,
	"course" text,
	"graduation_year" integer,
	"voice_part" text,
	"instruments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"dietary_requirements" text,
	"access_needs" text,
	"emergency_contact" jsonb,
	"bio" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "profiles_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "applications_member_event_type_idx" ON "applications" USING btree ("user_id","event_id","application_type");--> statement-breakpoint
CREATE INDEX "applications_event_status_idx" ON "applications" USING btree ("event_id","status");--> statement-breakpoint
CREATE INDEX "events_start_date_idx" ON "events" USING btree ("start_date");
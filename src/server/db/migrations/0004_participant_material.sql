CREATE TABLE "event_attachments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"application_type" text,
	"title" text NOT NULL,
	"file_key" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"uploaded_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_attachments_size_check" CHECK ("event_attachments"."size" >= 0)
);
--> statement-breakpoint
CREATE TABLE "event_numbers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"label" text DEFAULT '' NOT NULL,
	"title" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "learning_tracks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"number_id" uuid NOT NULL,
	"part" text,
	"file_key" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"uploaded_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "learning_tracks_number_part_key" UNIQUE NULLS NOT DISTINCT("number_id","part")
);
--> statement-breakpoint
CREATE TABLE "part_breakdown_cells" (
	"number_id" uuid NOT NULL,
	"part" text NOT NULL,
	"note" text NOT NULL,
	CONSTRAINT "part_breakdown_cells_number_id_part_pk" PRIMARY KEY("number_id","part")
);
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "social_list_opt_in" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "event_attachments" ADD CONSTRAINT "event_attachments_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_attachments" ADD CONSTRAINT "event_attachments_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_numbers" ADD CONSTRAINT "event_numbers_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learning_tracks" ADD CONSTRAINT "learning_tracks_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learning_tracks" ADD CONSTRAINT "learning_tracks_number_id_event_numbers_id_fk" FOREIGN KEY ("number_id") REFERENCES "public"."event_numbers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learning_tracks" ADD CONSTRAINT "learning_tracks_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "part_breakdown_cells" ADD CONSTRAINT "part_breakdown_cells_number_id_event_numbers_id_fk" FOREIGN KEY ("number_id") REFERENCES "public"."event_numbers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_attachments_event_idx" ON "event_attachments" USING btree ("event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "event_numbers_event_position_idx" ON "event_numbers" USING btree ("event_id","position");--> statement-breakpoint
CREATE INDEX "learning_tracks_event_idx" ON "learning_tracks" USING btree ("event_id");
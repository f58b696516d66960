CREATE TABLE "mailing_list_confirmations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"email" text NOT NULL,
	"list_ids" jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mailing_list_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"list_id" uuid NOT NULL,
	"subject" text NOT NULL,
	"markdown" text NOT NULL,
	"status" text DEFAULT 'sending' NOT NULL,
	"total" integer NOT NULL,
	"queued" integer DEFAULT 0 NOT NULL,
	"cursor" uuid,
	"sent_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "mailing_list_subscribers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"list_id" uuid NOT NULL,
	"email" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"status" text NOT NULL,
	"source" text NOT NULL,
	"user_id" text,
	"unsubscribe_token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	"unsubscribed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mailing_lists" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"is_public" boolean DEFAULT true NOT NULL,
	"double_opt_in" boolean DEFAULT true NOT NULL,
	"welcome_message" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "headers" jsonb;--> statement-breakpoint
ALTER TABLE "mailing_list_messages" ADD CONSTRAINT "mailing_list_messages_list_id_mailing_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."mailing_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mailing_list_messages" ADD CONSTRAINT "mailing_list_messages_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mailing_list_subscribers" ADD CONSTRAINT "mailing_list_subscribers_list_id_mailing_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."mailing_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mailing_list_subscribers" ADD CONSTRAINT "mailing_list_subscribers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mailing_list_confirmations_token_idx" ON "mailing_list_confirmations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "mailing_list_messages_list_idx" ON "mailing_list_messages" USING btree ("list_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "mailing_list_subscribers_list_email_idx" ON "mailing_list_subscribers" USING btree ("list_id","email");--> statement-breakpoint
CREATE UNIQUE INDEX "mailing_list_subscribers_unsubscribe_token_idx" ON "mailing_list_subscribers" USING btree ("unsubscribe_token");--> statement-breakpoint
CREATE INDEX "mailing_list_subscribers_list_status_idx" ON "mailing_list_subscribers" USING btree ("list_id","status","email");--> statement-breakpoint
CREATE INDEX "mailing_list_subscribers_email_idx" ON "mailing_list_subscribers" USING btree ("email");--> statement-breakpoint
CREATE INDEX "mailing_list_subscribers_unconfirmed_idx" ON "mailing_list_subscribers" USING btree ("created_at") WHERE "mailing_list_subscribers"."status" = 'unconfirmed';--> statement-breakpoint
CREATE UNIQUE INDEX "mailing_lists_slug_idx" ON "mailing_lists" USING btree ("slug");
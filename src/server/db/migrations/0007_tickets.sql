CREATE TABLE "ballot_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ticket_type_id" uuid NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"max_tickets" integer NOT NULL,
	"created_by" text
);
--> statement-breakpoint
CREATE TABLE "ballot_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ticket_type_id" uuid NOT NULL,
	"user_id" text,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"quantity" integer NOT NULL,
	"group_id" uuid,
	"priority" integer DEFAULT 2 NOT NULL,
	"outcome" text DEFAULT 'PENDING' NOT NULL,
	"draw_position" integer,
	"order_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ballot_requests_quantity_check" CHECK ("ballot_requests"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "ticket_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"ticket_type_id" uuid NOT NULL,
	"user_id" text,
	"email" text NOT NULL,
	"buyer_name" text NOT NULL,
	"quantity" integer NOT NULL,
	"amount_pence" integer NOT NULL,
	"payment" text NOT NULL,
	"reference" text NOT NULL,
	"status" text NOT NULL,
	"source" text DEFAULT 'SALE' NOT NULL,
	"pay_by" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ticket_orders_quantity_check" CHECK ("ticket_orders"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "ticket_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"amount_pence" integer NOT NULL,
	"method" text NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"recorded_by" text,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ticket_payments_amount_check" CHECK ("ticket_payments"."amount_pence" <> 0)
);
--> statement-breakpoint
CREATE TABLE "ticket_sales" (
	"event_id" uuid PRIMARY KEY NOT NULL,
	"capacity" integer NOT NULL,
	"taken" integer DEFAULT 0 NOT NULL,
	"published" boolean DEFAULT false NOT NULL,
	CONSTRAINT "ticket_sales_taken_check" CHECK ("ticket_sales"."taken" >= 0 and "ticket_sales"."taken" <= "ticket_sales"."capacity")
);
--> statement-breakpoint
CREATE TABLE "ticket_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"name" text NOT NULL,
	"info" text DEFAULT '' NOT NULL,
	"price_pence" integer NOT NULL,
	"quota" integer NOT NULL,
	"taken" integer DEFAULT 0 NOT NULL,
	"per_person_limit" integer NOT NULL,
	"audience" text NOT NULL,
	"mode" text NOT NULL,
	"sale_starts_at" timestamp with time zone,
	"sale_ends_at" timestamp with time zone,
	"position" integer DEFAULT 0 NOT NULL,
	"ballot_seed" text,
	"drawn_at" timestamp with time zone,
	CONSTRAINT "ticket_types_taken_check" CHECK ("ticket_types"."taken" >= 0 and "ticket_types"."taken" <= "ticket_types"."quota"),
	CONSTRAINT "ticket_types_price_check" CHECK ("ticket_types"."price_pence" >= 0)
);
--> statement-breakpoint
CREATE TABLE "ticket_waitlist" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ticket_type_id" uuid NOT NULL,
	"user_id" text,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"quantity" integer NOT NULL,
	"position" integer NOT NULL,
	"status" text DEFAULT 'WAITING' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tickets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"ticket_type_id" uuid NOT NULL,
	"attendee_name" text NOT NULL,
	"code" text NOT NULL,
	"status" text DEFAULT 'VALID' NOT NULL,
	"seat" text,
	"checked_in_at" timestamp with time zone,
	"checked_in_by" text
);
--> statement-breakpoint
ALTER TABLE "ballot_groups" ADD CONSTRAINT "ballot_groups_ticket_type_id_ticket_types_id_fk" FOREIGN KEY ("ticket_type_id") REFERENCES "public"."ticket_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ballot_groups" ADD CONSTRAINT "ballot_groups_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ballot_requests" ADD CONSTRAINT "ballot_requests_ticket_type_id_ticket_types_id_fk" FOREIGN KEY ("ticket_type_id") REFERENCES "public"."ticket_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ballot_requests" ADD CONSTRAINT "ballot_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ballot_requests" ADD CONSTRAINT "ballot_requests_group_id_ballot_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."ballot_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ballot_requests" ADD CONSTRAINT "ballot_requests_order_id_ticket_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."ticket_orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_orders" ADD CONSTRAINT "ticket_orders_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_orders" ADD CONSTRAINT "ticket_orders_ticket_type_id_ticket_types_id_fk" FOREIGN KEY ("ticket_type_id") REFERENCES "public"."ticket_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_orders" ADD CONSTRAINT "ticket_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_payments" ADD CONSTRAINT "ticket_payments_order_id_ticket_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."ticket_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_sales" ADD CONSTRAINT "ticket_sales_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_types" ADD CONSTRAINT "ticket_types_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_waitlist" ADD CONSTRAINT "ticket_waitlist_ticket_type_id_ticket_types_id_fk" FOREIGN KEY ("ticket_type_id") REFERENCES "public"."ticket_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_waitlist" ADD CONSTRAINT "ticket_waitlist_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_order_id_ticket_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."ticket_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_ticket_type_id_ticket_types_id_fk" FOREIGN KEY ("ticket_type_id") REFERENCES "public"."ticket_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ballot_groups_code_idx" ON "ballot_groups" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "ballot_requests_type_user_idx" ON "ballot_requests" USING btree ("ticket_type_id","user_id");--> statement-breakpoint
CREATE INDEX "ticket_orders_event_idx" ON "ticket_orders" USING btree ("event_id","created_at");--> statement-breakpoint
CREATE INDEX "ticket_orders_user_idx" ON "ticket_orders" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ticket_orders_reference_idx" ON "ticket_orders" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "ticket_types_event_idx" ON "ticket_types" USING btree ("event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ticket_waitlist_type_position_idx" ON "ticket_waitlist" USING btree ("ticket_type_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "tickets_code_idx" ON "tickets" USING btree ("code");--> statement-breakpoint
CREATE INDEX "tickets_order_idx" ON "tickets" USING btree ("order_id");
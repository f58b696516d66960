CREATE TABLE "ticket_vouchers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"amount" integer NOT NULL,
	"type_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"max_uses" integer,
	"uses" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone,
	"disabled" boolean DEFAULT false NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ticket_vouchers_uses_check" CHECK ("ticket_vouchers"."uses" >= 0 and ("ticket_vouchers"."max_uses" is null or "ticket_vouchers"."uses" <= "ticket_vouchers"."max_uses")),
	CONSTRAINT "ticket_vouchers_amount_check" CHECK ("ticket_vouchers"."amount" >= 0)
);
--> statement-breakpoint
ALTER TABLE "ticket_orders" ADD COLUMN "voucher_id" uuid;--> statement-breakpoint
ALTER TABLE "ticket_orders" ADD COLUMN "discount_pence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ticket_types" ADD COLUMN "hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "ticket_vouchers" ADD CONSTRAINT "ticket_vouchers_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_vouchers" ADD CONSTRAINT "ticket_vouchers_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ticket_vouchers_event_code_idx" ON "ticket_vouchers" USING btree ("event_id","code");--> statement-breakpoint
ALTER TABLE "ticket_orders" ADD CONSTRAINT "ticket_orders_voucher_id_ticket_vouchers_id_fk" FOREIGN KEY ("voucher_id") REFERENCES "public"."ticket_vouchers"("id") ON DELETE set null ON UPDATE no action;
ALTER TABLE "ticket_orders" ADD COLUMN "claim_token" text;--> statement-breakpoint
ALTER TABLE "ticket_waitlist" ADD COLUMN "order_id" uuid;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "holder_email" text;--> statement-breakpoint
ALTER TABLE "ticket_waitlist" ADD CONSTRAINT "ticket_waitlist_order_id_ticket_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."ticket_orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ticket_orders_claim_token_idx" ON "ticket_orders" USING btree ("claim_token");
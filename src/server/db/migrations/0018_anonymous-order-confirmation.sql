ALTER TABLE "ticket_orders" ADD COLUMN "confirm_token" text;--> statement-breakpoint
ALTER TABLE "ticket_orders" ADD COLUMN "attendee_names" jsonb;--> statement-breakpoint
CREATE UNIQUE INDEX "ticket_orders_confirm_token_idx" ON "ticket_orders" USING btree ("confirm_token");
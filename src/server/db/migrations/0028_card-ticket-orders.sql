ALTER TABLE "card_checkouts" ADD COLUMN "order_id" uuid;--> statement-breakpoint
ALTER TABLE "card_checkouts" ADD COLUMN "buyer_details" jsonb;--> statement-breakpoint
ALTER TABLE "card_checkouts" ADD CONSTRAINT "card_checkouts_order_id_ticket_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."ticket_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "card_checkouts_order_idx" ON "card_checkouts" USING btree ("order_id");
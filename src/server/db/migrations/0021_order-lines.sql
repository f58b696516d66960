CREATE TABLE "ticket_order_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"ticket_type_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price_pence" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "ticket_order_lines_quantity_check" CHECK ("ticket_order_lines"."quantity" >= 0),
	CONSTRAINT "ticket_order_lines_price_check" CHECK ("ticket_order_lines"."unit_price_pence" >= 0)
);
--> statement-breakpoint
ALTER TABLE "ticket_orders" ADD COLUMN "order_token" text;--> statement-breakpoint
ALTER TABLE "ticket_order_lines" ADD CONSTRAINT "ticket_order_lines_order_id_ticket_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."ticket_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_order_lines" ADD CONSTRAINT "ticket_order_lines_ticket_type_id_ticket_types_id_fk" FOREIGN KEY ("ticket_type_id") REFERENCES "public"."ticket_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ticket_order_lines_order_type_idx" ON "ticket_order_lines" USING btree ("order_id","ticket_type_id");--> statement-breakpoint
CREATE INDEX "ticket_order_lines_type_idx" ON "ticket_order_lines" USING btree ("ticket_type_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ticket_orders_order_token_idx" ON "ticket_orders" USING btree ("order_token");--> statement-breakpoint
-- Every order so far had one type: it becomes the order's one line (its price from what it cost).
INSERT INTO "ticket_order_lines" ("order_id", "ticket_type_id", "quantity", "unit_price_pence")
SELECT o."id", o."ticket_type_id", CASE WHEN o."status" = 'CANCELLED' THEN 0 ELSE o."quantity" END, t."price_pence"
FROM "ticket_orders" o JOIN "ticket_types" t ON t."id" = o."ticket_type_id";--> statement-breakpoint
-- Issued orders get their page's secret (gen_random_uuid is the one random source migrations have).
UPDATE "ticket_orders" SET "order_token" = replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')
WHERE "status" IN ('AWAITING_PAYMENT', 'PAID');

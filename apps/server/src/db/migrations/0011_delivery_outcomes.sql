CREATE TABLE "delivery_returns" (
	"id" serial PRIMARY KEY NOT NULL,
	"stop_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"batch_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "delivery_returns_quantity_check" CHECK ("delivery_returns"."quantity" > 0)
);
--> statement-breakpoint
ALTER TABLE "delivery_stops" DROP CONSTRAINT "delivery_stops_status_check";--> statement-breakpoint
ALTER TABLE "delivery_stops" ADD COLUMN "refusal_reason" text;--> statement-breakpoint
ALTER TABLE "delivery_returns" ADD CONSTRAINT "delivery_returns_stop_id_delivery_stops_id_fk" FOREIGN KEY ("stop_id") REFERENCES "public"."delivery_stops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_returns" ADD CONSTRAINT "delivery_returns_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_returns" ADD CONSTRAINT "delivery_returns_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_returns" ADD CONSTRAINT "delivery_returns_batch_id_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."batches"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "delivery_returns_stop_idx" ON "delivery_returns" USING btree ("stop_id");--> statement-breakpoint
CREATE INDEX "delivery_returns_batch_idx" ON "delivery_returns" USING btree ("batch_id");--> statement-breakpoint
ALTER TABLE "delivery_stops" ADD CONSTRAINT "delivery_stops_status_check" CHECK ("delivery_stops"."status" in ('pending', 'delivered', 'partial', 'refused'));
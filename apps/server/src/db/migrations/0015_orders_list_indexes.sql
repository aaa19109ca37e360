DROP INDEX "orders_date_idx";--> statement-breakpoint
CREATE INDEX "orders_client_type_date_idx" ON "orders" USING btree ("client_type","date","id");--> statement-breakpoint
CREATE INDEX "orders_date_idx" ON "orders" USING btree ("date","id","organization_id");
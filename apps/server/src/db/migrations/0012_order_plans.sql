CREATE TABLE "order_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"month" date NOT NULL,
	"quantity" integer NOT NULL,
	"updated_by_id" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_plans_quantity_check" CHECK ("order_plans"."quantity" >= 0),
	CONSTRAINT "order_plans_month_check" CHECK (extract(day from "order_plans"."month") = 1)
);
--> statement-breakpoint
ALTER TABLE "order_plans" ADD CONSTRAINT "order_plans_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_plans" ADD CONSTRAINT "order_plans_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_plans" ADD CONSTRAINT "order_plans_updated_by_id_users_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_plans_organization_product_month_idx" ON "order_plans" USING btree ("organization_id","product_id","month");--> statement-breakpoint
CREATE INDEX "order_plans_month_idx" ON "order_plans" USING btree ("month","organization_id");
CREATE SEQUENCE "public"."order_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "order_idempotency_keys" (
	"user_id" integer NOT NULL,
	"key" text NOT NULL,
	"order_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_idempotency_keys_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
CREATE TABLE "order_positions" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"batch_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"base_price" bigint NOT NULL,
	"base_price_with_vat" bigint NOT NULL,
	"markup_bp" integer NOT NULL,
	"vat_bp" integer NOT NULL,
	"sale_price" bigint NOT NULL,
	"sum_base" bigint NOT NULL,
	"sum_base_with_vat" bigint NOT NULL,
	"sum_sale" bigint NOT NULL,
	CONSTRAINT "order_positions_quantity_check" CHECK ("order_positions"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "order_status_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"by_id" integer NOT NULL,
	"reason" text
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" bigint DEFAULT nextval('order_number_seq') NOT NULL,
	"date" date NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"organization_id" integer NOT NULL,
	"agent_id" integer NOT NULL,
	"operator_id" integer,
	"visit_id" integer,
	"client_type" text NOT NULL,
	"payment_variant" text NOT NULL,
	"prepayment_bp" integer DEFAULT 0 NOT NULL,
	"markup_bp" integer,
	"vat_bp" integer NOT NULL,
	"contract_number" text,
	"invoice" text,
	"delivery_address" text NOT NULL,
	"comment" text,
	"operator_comment" text,
	"refusal_reason" text,
	"sum_base" bigint DEFAULT 0 NOT NULL,
	"sum_base_with_vat" bigint DEFAULT 0 NOT NULL,
	"sum_sale" bigint DEFAULT 0 NOT NULL,
	"prepayment_amount" bigint DEFAULT 0 NOT NULL,
	"paid" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_status_check" CHECK ("orders"."status" in ('new', 'sent_for_review', 'in_processing', 'under_agreement', 'approved_for_shipment', 'in_assembly', 'assembled', 'ready_for_shipment', 'shipped', 'delivered', 'completed', 'cancelled', 'unknown')),
	CONSTRAINT "orders_client_type_check" CHECK ("orders"."client_type" in ('wholesale', 'retail')),
	CONSTRAINT "orders_payment_variant_check" CHECK ("orders"."payment_variant" in ('cash', 'bankTransfer', 'card', 'deferred')),
	CONSTRAINT "orders_percent_check" CHECK ("orders"."prepayment_bp" between 0 and 10000 and "orders"."vat_bp" >= 0 and ("orders"."markup_bp" is null or "orders"."markup_bp" >= 0)),
	CONSTRAINT "orders_sums_check" CHECK ("orders"."sum_base" >= 0 and "orders"."sum_base_with_vat" >= 0 and "orders"."sum_sale" >= 0 and "orders"."prepayment_amount" >= 0 and "orders"."paid" >= 0)
);
--> statement-breakpoint
ALTER TABLE "order_idempotency_keys" ADD CONSTRAINT "order_idempotency_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_idempotency_keys" ADD CONSTRAINT "order_idempotency_keys_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_positions" ADD CONSTRAINT "order_positions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_positions" ADD CONSTRAINT "order_positions_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_positions" ADD CONSTRAINT "order_positions_batch_id_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."batches"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_status_history" ADD CONSTRAINT "order_status_history_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_status_history" ADD CONSTRAINT "order_status_history_by_id_users_id_fk" FOREIGN KEY ("by_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_agent_id_users_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_operator_id_users_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_visit_id_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."visits"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_positions_order_idx" ON "order_positions" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "order_positions_product_idx" ON "order_positions" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "order_positions_batch_idx" ON "order_positions" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "order_status_history_order_idx" ON "order_status_history" USING btree ("order_id","at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_number_idx" ON "orders" USING btree ("number");--> statement-breakpoint
CREATE INDEX "orders_date_idx" ON "orders" USING btree ("date","id");--> statement-breakpoint
CREATE INDEX "orders_agent_date_idx" ON "orders" USING btree ("agent_id","date","id");--> statement-breakpoint
CREATE INDEX "orders_organization_date_idx" ON "orders" USING btree ("organization_id","date","id");--> statement-breakpoint
CREATE INDEX "orders_status_date_idx" ON "orders" USING btree ("status","date","id");--> statement-breakpoint
CREATE INDEX "orders_visit_idx" ON "orders" USING btree ("visit_id");
CREATE TABLE "categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"parent_id" integer,
	"name" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "producers" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"country" text NOT NULL,
	"search_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"producer_id" integer NOT NULL,
	"country" text NOT NULL,
	"unit" text NOT NULL,
	"price" bigint,
	"barcode" text,
	"category_id" integer,
	"subcategory_id" integer,
	"medication_status" text DEFAULT 'pending' NOT NULL,
	"medication_status_note" text,
	"medication_status_at" timestamp with time zone,
	"medication_status_by" integer,
	"active" boolean DEFAULT true NOT NULL,
	"search_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_barcode_unique" UNIQUE("barcode"),
	CONSTRAINT "products_price_check" CHECK ("products"."price" >= 0),
	CONSTRAINT "products_unit_check" CHECK ("products"."unit" in ('package', 'piece', 'kg')),
	CONSTRAINT "products_medication_status_check" CHECK ("products"."medication_status" in ('pending', 'acquainted', 'denied'))
);
--> statement-breakpoint
CREATE TABLE "warehouses" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"region_id" integer,
	"address" text,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "incomes" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"date" date NOT NULL,
	"warehouse_id" integer NOT NULL,
	"supplier" text NOT NULL,
	"supplier_invoice" text,
	"comment" text,
	"vat_bp" integer NOT NULL,
	"markup_bp" integer NOT NULL,
	"line_count" integer NOT NULL,
	"quantity" integer NOT NULL,
	"sum_base" bigint NOT NULL,
	"sum_base_with_vat" bigint NOT NULL,
	"sum_sale" bigint NOT NULL,
	"search_key" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "incomes_number_unique" UNIQUE("number"),
	CONSTRAINT "incomes_totals_check" CHECK ("incomes"."line_count" > 0 and "incomes"."quantity" > 0 and "incomes"."sum_base" >= 0 and "incomes"."sum_base_with_vat" >= 0 and "incomes"."sum_sale" >= 0)
);
--> statement-breakpoint
CREATE TABLE "batches" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"warehouse_id" integer NOT NULL,
	"income_id" integer NOT NULL,
	"received_on" date NOT NULL,
	"series" text NOT NULL,
	"serial_number" text,
	"expiry_date" date NOT NULL,
	"received_quantity" integer NOT NULL,
	"on_hand" integer NOT NULL,
	"reserved" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'available' NOT NULL,
	"status_reason" text,
	"base_price" bigint NOT NULL,
	"vat_bp" integer NOT NULL,
	"base_price_with_vat" bigint NOT NULL,
	"markup_bp" integer NOT NULL,
	"sale_price" bigint NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "batches_balance_check" CHECK ("batches"."on_hand" >= 0 and "batches"."reserved" >= 0 and "batches"."reserved" <= "batches"."on_hand"),
	CONSTRAINT "batches_received_check" CHECK ("batches"."received_quantity" > 0),
	CONSTRAINT "batches_status_check" CHECK ("batches"."status" in ('available', 'quarantine', 'recalled')),
	CONSTRAINT "batches_price_check" CHECK ("batches"."base_price" >= 0 and "batches"."base_price_with_vat" >= 0 and "batches"."sale_price" >= 0 and "batches"."vat_bp" >= 0 and "batches"."markup_bp" >= 0)
);
--> statement-breakpoint
CREATE TABLE "write_offs" (
	"id" serial PRIMARY KEY NOT NULL,
	"batch_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"reason" text NOT NULL,
	"comment" text,
	"sum_base_with_vat" bigint NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "write_offs_quantity_check" CHECK ("write_offs"."quantity" > 0),
	CONSTRAINT "write_offs_reason_check" CHECK ("write_offs"."reason" in ('expired', 'damaged', 'defect', 'recalled', 'lost', 'other'))
);
--> statement-breakpoint
CREATE TABLE "reservations" (
	"id" serial PRIMARY KEY NOT NULL,
	"batch_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"document_type" text NOT NULL,
	"document_id" text NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"close_reason" text,
	"closed_by" integer,
	CONSTRAINT "reservations_quantity_check" CHECK ("reservations"."quantity" > 0),
	CONSTRAINT "reservations_status_check" CHECK ("reservations"."status" in ('active', 'released', 'consumed')),
	CONSTRAINT "reservations_document_type_check" CHECK ("reservations"."document_type" in ('order', 'visit', 'manual')),
	CONSTRAINT "reservations_closed_check" CHECK (("reservations"."status" = 'active') = ("reservations"."closed_at" is null))
);
--> statement-breakpoint
CREATE TABLE "category_markups" (
	"category_id" integer PRIMARY KEY NOT NULL,
	"wholesale_bp" integer,
	"retail_bp" integer
);
--> statement-breakpoint
CREATE TABLE "trade_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"vat_bp" integer NOT NULL,
	"wholesale_markup_bp" integer NOT NULL,
	"retail_markup_bp" integer NOT NULL,
	"prepayment_bp" integer NOT NULL,
	"short_dated_days" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	CONSTRAINT "trade_settings_single_row" CHECK ("trade_settings"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_parent_id_categories_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_producer_id_producers_id_fk" FOREIGN KEY ("producer_id") REFERENCES "public"."producers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_subcategory_id_categories_id_fk" FOREIGN KEY ("subcategory_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_medication_status_by_users_id_fk" FOREIGN KEY ("medication_status_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouses" ADD CONSTRAINT "warehouses_region_id_regions_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."regions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incomes" ADD CONSTRAINT "incomes_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incomes" ADD CONSTRAINT "incomes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batches" ADD CONSTRAINT "batches_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batches" ADD CONSTRAINT "batches_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batches" ADD CONSTRAINT "batches_income_id_incomes_id_fk" FOREIGN KEY ("income_id") REFERENCES "public"."incomes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "write_offs" ADD CONSTRAINT "write_offs_batch_id_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."batches"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "write_offs" ADD CONSTRAINT "write_offs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_batch_id_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."batches"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "category_markups" ADD CONSTRAINT "category_markups_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_settings" ADD CONSTRAINT "trade_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "categories_parent_idx" ON "categories" USING btree ("parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "producers_name_idx" ON "producers" USING btree ("name");--> statement-breakpoint
CREATE INDEX "producers_search_idx" ON "producers" USING gin ("search_key" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_search_idx" ON "products" USING gin ("search_key" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_name_idx" ON "products" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "products_producer_idx" ON "products" USING btree ("producer_id");--> statement-breakpoint
CREATE INDEX "products_category_idx" ON "products" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "products_subcategory_idx" ON "products" USING btree ("subcategory_id");--> statement-breakpoint
CREATE INDEX "products_medication_status_idx" ON "products" USING btree ("medication_status","name");--> statement-breakpoint
CREATE UNIQUE INDEX "warehouses_name_idx" ON "warehouses" USING btree ("name");--> statement-breakpoint
CREATE INDEX "incomes_date_idx" ON "incomes" USING btree ("date","id");--> statement-breakpoint
CREATE INDEX "incomes_warehouse_date_idx" ON "incomes" USING btree ("warehouse_id","date");--> statement-breakpoint
CREATE INDEX "incomes_line_count_idx" ON "incomes" USING btree ("date","warehouse_id","line_count");--> statement-breakpoint
CREATE INDEX "incomes_search_idx" ON "incomes" USING gin ("search_key" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "batches_fefo_idx" ON "batches" USING btree ("product_id","expiry_date","id");--> statement-breakpoint
CREATE INDEX "batches_received_idx" ON "batches" USING btree ("received_on","id");--> statement-breakpoint
CREATE INDEX "batches_warehouse_received_idx" ON "batches" USING btree ("warehouse_id","received_on","id");--> statement-breakpoint
CREATE INDEX "batches_product_received_idx" ON "batches" USING btree ("product_id","received_on","id");--> statement-breakpoint
CREATE INDEX "batches_expiry_idx" ON "batches" USING btree ("expiry_date","id");--> statement-breakpoint
CREATE INDEX "batches_income_idx" ON "batches" USING btree ("income_id");--> statement-breakpoint
CREATE INDEX "write_offs_created_idx" ON "write_offs" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "write_offs_batch_idx" ON "write_offs" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "reservations_document_idx" ON "reservations" USING btree ("document_type","document_id");--> statement-breakpoint
CREATE INDEX "reservations_expiry_idx" ON "reservations" USING btree ("expires_at") WHERE "reservations"."status" = 'active' and "reservations"."expires_at" is not null;--> statement-breakpoint
CREATE INDEX "reservations_created_by_idx" ON "reservations" USING btree ("created_by","created_at");--> statement-breakpoint
CREATE INDEX "reservations_created_idx" ON "reservations" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "reservations_batch_idx" ON "reservations" USING btree ("batch_id");
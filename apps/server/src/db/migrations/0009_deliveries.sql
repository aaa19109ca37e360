CREATE SEQUENCE "public"."delivery_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "deliveries" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" bigint DEFAULT nextval('delivery_number_seq') NOT NULL,
	"date" date NOT NULL,
	"type" text NOT NULL,
	"status" text DEFAULT 'planned' NOT NULL,
	"warehouse_id" integer NOT NULL,
	"courier_id" integer,
	"car_id" integer,
	"address" text NOT NULL,
	"district" text,
	"house" text,
	"box_count" integer NOT NULL,
	"price_per_box" bigint NOT NULL,
	"price_per_km" bigint DEFAULT 0 NOT NULL,
	"distance_m" integer DEFAULT 0 NOT NULL,
	"cost" bigint DEFAULT 0 NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "deliveries_type_check" CHECK ("deliveries"."type" in ('ownCourier', 'car', 'pickup')),
	CONSTRAINT "deliveries_status_check" CHECK ("deliveries"."status" in ('planned', 'in_assembly', 'ready', 'on_the_way', 'completed')),
	CONSTRAINT "deliveries_numbers_check" CHECK ("deliveries"."box_count" > 0 and "deliveries"."price_per_box" >= 0 and "deliveries"."price_per_km" >= 0 and "deliveries"."distance_m" >= 0 and "deliveries"."cost" >= 0)
);
--> statement-breakpoint
CREATE TABLE "delivery_stops" (
	"id" serial PRIMARY KEY NOT NULL,
	"delivery_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"sequence" integer NOT NULL,
	"lat" double precision,
	"lng" double precision,
	"status" text DEFAULT 'pending' NOT NULL,
	"recipient_name" text,
	"proof_lat" double precision,
	"proof_lng" double precision,
	"proof_accuracy" double precision,
	"delivered_at" timestamp with time zone,
	"delivered_by" integer,
	CONSTRAINT "delivery_stops_status_check" CHECK ("delivery_stops"."status" in ('pending', 'delivered'))
);
--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_courier_id_users_id_fk" FOREIGN KEY ("courier_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_car_id_cars_id_fk" FOREIGN KEY ("car_id") REFERENCES "public"."cars"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_stops" ADD CONSTRAINT "delivery_stops_delivery_id_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_stops" ADD CONSTRAINT "delivery_stops_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_stops" ADD CONSTRAINT "delivery_stops_delivered_by_users_id_fk" FOREIGN KEY ("delivered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "deliveries_number_idx" ON "deliveries" USING btree ("number");--> statement-breakpoint
CREATE INDEX "deliveries_date_idx" ON "deliveries" USING btree ("date","id");--> statement-breakpoint
CREATE INDEX "deliveries_courier_date_idx" ON "deliveries" USING btree ("courier_id","date","id");--> statement-breakpoint
CREATE UNIQUE INDEX "delivery_stops_order_idx" ON "delivery_stops" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "delivery_stops_delivery_idx" ON "delivery_stops" USING btree ("delivery_id","sequence");
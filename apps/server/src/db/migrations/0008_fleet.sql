CREATE TABLE "cars" (
	"id" serial PRIMARY KEY NOT NULL,
	"plate" text NOT NULL,
	"model" text NOT NULL,
	"capacity_kg" integer NOT NULL,
	"capacity_boxes" integer NOT NULL,
	"courier_id" integer,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cars_capacity_check" CHECK ("cars"."capacity_kg" > 0 and "cars"."capacity_boxes" > 0)
);
--> statement-breakpoint
ALTER TABLE "warehouses" ADD COLUMN "lat" double precision;--> statement-breakpoint
ALTER TABLE "warehouses" ADD COLUMN "lng" double precision;--> statement-breakpoint
ALTER TABLE "cars" ADD CONSTRAINT "cars_courier_id_users_id_fk" FOREIGN KEY ("courier_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cars_plate_idx" ON "cars" USING btree ("plate");
CREATE TABLE "delivery_stop_photos" (
	"stop_id" integer PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"data" "bytea" NOT NULL,
	"size" integer NOT NULL,
	"uploaded_by" integer,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "delivery_stop_photos_type_check" CHECK ("delivery_stop_photos"."content_type" in ('image/jpeg', 'image/png')),
	CONSTRAINT "delivery_stop_photos_size_check" CHECK ("delivery_stop_photos"."size" > 0)
);
--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "courier_lat" double precision;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "courier_lng" double precision;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "courier_accuracy" double precision;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "courier_position_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "delivery_stop_photos" ADD CONSTRAINT "delivery_stop_photos_stop_id_delivery_stops_id_fk" FOREIGN KEY ("stop_id") REFERENCES "public"."delivery_stops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_stop_photos" ADD CONSTRAINT "delivery_stop_photos_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
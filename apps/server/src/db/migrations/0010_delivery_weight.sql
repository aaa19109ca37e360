ALTER TABLE "products" ADD COLUMN "weight_g" integer;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "weight_g" bigint DEFAULT 0 NOT NULL;
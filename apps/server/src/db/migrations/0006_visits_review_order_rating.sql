CREATE TABLE "visit_pre_orders" (
	"visit_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "visit_pre_orders_visit_id_product_id_pk" PRIMARY KEY("visit_id","product_id"),
	CONSTRAINT "visit_pre_orders_quantity" CHECK ("visit_pre_orders"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "visit_ratings" (
	"visit_id" integer PRIMARY KEY NOT NULL,
	"efficiency" smallint NOT NULL,
	"operator_politeness" smallint NOT NULL,
	"delivery_speed" smallint NOT NULL,
	"response_time" smallint NOT NULL,
	"comment" text,
	"rated_by" integer,
	"rated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "visit_ratings_stars" CHECK ("visit_ratings"."efficiency" between 1 and 5 and "visit_ratings"."operator_politeness" between 1 and 5 and "visit_ratings"."delivery_speed" between 1 and 5 and "visit_ratings"."response_time" between 1 and 5)
);
--> statement-breakpoint
DROP INDEX "visits_rep_start_idx";--> statement-breakpoint
DROP INDEX "visits_start_idx";--> statement-breakpoint
DROP INDEX "visits_organization_idx";--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "review" text;--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "review_comment" text;--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "reviewed_by" integer;--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "visit_pre_orders" ADD CONSTRAINT "visit_pre_orders_visit_id_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."visits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_pre_orders" ADD CONSTRAINT "visit_pre_orders_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_ratings" ADD CONSTRAINT "visit_ratings_visit_id_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."visits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_ratings" ADD CONSTRAINT "visit_ratings_rated_by_users_id_fk" FOREIGN KEY ("rated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "visit_pre_orders_product_idx" ON "visit_pre_orders" USING btree ("product_id");--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "visits_review_idx" ON "visits" USING btree ("review","planned_start") WHERE "visits"."review" is not null;--> statement-breakpoint
CREATE INDEX "visits_rep_start_idx" ON "visits" USING btree ("representative_id","planned_start","id","status");--> statement-breakpoint
CREATE INDEX "visits_start_idx" ON "visits" USING btree ("planned_start","representative_id","status");--> statement-breakpoint
CREATE INDEX "visits_organization_idx" ON "visits" USING btree ("organization_id","planned_start","id");--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_review" CHECK ("visits"."review" in ('pending', 'accepted', 'rejected'));
CREATE TABLE "visit_doctors" (
	"visit_id" integer NOT NULL,
	"doctor_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "visit_doctors_visit_id_doctor_id_pk" PRIMARY KEY("visit_id","doctor_id")
);
--> statement-breakpoint
CREATE TABLE "visit_drug_results" (
	"visit_id" integer NOT NULL,
	"doctor_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"attitude" text NOT NULL,
	"medication_status" text NOT NULL,
	CONSTRAINT "visit_drug_results_visit_id_doctor_id_product_id_pk" PRIMARY KEY("visit_id","doctor_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "visit_remainders" (
	"visit_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "visit_remainders_visit_id_product_id_pk" PRIMARY KEY("visit_id","product_id"),
	CONSTRAINT "visit_remainders_quantity" CHECK ("visit_remainders"."quantity" >= 0)
);
--> statement-breakpoint
CREATE TABLE "visits" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"representative_id" integer NOT NULL,
	"status" text DEFAULT 'planned' NOT NULL,
	"planned_start" timestamp with time zone NOT NULL,
	"planned_end" timestamp with time zone NOT NULL,
	"comment" text,
	"started_at" timestamp with time zone,
	"start_lat" double precision,
	"start_lng" double precision,
	"start_accuracy" double precision,
	"start_device_time" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"end_lat" double precision,
	"end_lng" double precision,
	"end_accuracy" double precision,
	"end_device_time" timestamp with time zone,
	"distance_m" integer,
	"proof_score" integer,
	"proof_reasons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"cancel_reason" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "visits_end_not_before_start" CHECK ("visits"."planned_end" >= "visits"."planned_start"),
	CONSTRAINT "visits_status" CHECK ("visits"."status" in ('planned', 'in_progress', 'completed', 'cancelled', 'overdue', 'unknown'))
);
--> statement-breakpoint
ALTER TABLE "visit_doctors" ADD CONSTRAINT "visit_doctors_visit_id_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."visits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_doctors" ADD CONSTRAINT "visit_doctors_doctor_id_doctors_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."doctors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_drug_results" ADD CONSTRAINT "visit_drug_results_visit_id_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."visits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_drug_results" ADD CONSTRAINT "visit_drug_results_doctor_id_doctors_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."doctors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_drug_results" ADD CONSTRAINT "visit_drug_results_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_remainders" ADD CONSTRAINT "visit_remainders_visit_id_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."visits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_remainders" ADD CONSTRAINT "visit_remainders_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_representative_id_users_id_fk" FOREIGN KEY ("representative_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "visit_doctors_doctor_idx" ON "visit_doctors" USING btree ("doctor_id");--> statement-breakpoint
CREATE INDEX "visit_drug_results_product_idx" ON "visit_drug_results" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "visit_remainders_product_idx" ON "visit_remainders" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "visits_rep_start_idx" ON "visits" USING btree ("representative_id","planned_start");--> statement-breakpoint
CREATE INDEX "visits_start_idx" ON "visits" USING btree ("planned_start");--> statement-breakpoint
CREATE INDEX "visits_organization_idx" ON "visits" USING btree ("organization_id","planned_start");--> statement-breakpoint
CREATE INDEX "visits_planned_end_idx" ON "visits" USING btree ("planned_end") WHERE "visits"."status" = 'planned';
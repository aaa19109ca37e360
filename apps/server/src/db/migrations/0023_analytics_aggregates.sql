CREATE TABLE "stat_coverage" (
	"day" date NOT NULL,
	"organization_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"visits" integer DEFAULT 0 NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stat_coverage_day_organization_id_user_id_pk" PRIMARY KEY("day","organization_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "stat_orders" (
	"day" date NOT NULL,
	"agent_id" integer NOT NULL,
	"district_id" integer NOT NULL,
	"organization_type" text NOT NULL,
	"organization_size" text NOT NULL,
	"client_type" text NOT NULL,
	"status" text NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"sum_sale" bigint DEFAULT 0 NOT NULL,
	"paid" bigint DEFAULT 0 NOT NULL,
	"owed" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "stat_orders_day_agent_id_district_id_organization_type_organization_size_client_type_status_pk" PRIMARY KEY("day","agent_id","district_id","organization_type","organization_size","client_type","status")
);
--> statement-breakpoint
CREATE TABLE "stat_sales" (
	"month" date NOT NULL,
	"product_id" integer NOT NULL,
	"organization_id" integer NOT NULL,
	"agent_id" integer NOT NULL,
	"client_type" text NOT NULL,
	"quantity" bigint DEFAULT 0 NOT NULL,
	"sum_sale" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "stat_sales_month_product_id_organization_id_agent_id_client_type_pk" PRIMARY KEY("month","product_id","organization_id","agent_id","client_type")
);
--> statement-breakpoint
CREATE TABLE "stat_visits" (
	"day" date NOT NULL,
	"representative_id" integer NOT NULL,
	"district_id" integer NOT NULL,
	"organization_type" text NOT NULL,
	"organization_size" text NOT NULL,
	"planned" integer DEFAULT 0 NOT NULL,
	"completed" integer DEFAULT 0 NOT NULL,
	"cancelled" integer DEFAULT 0 NOT NULL,
	"overdue" integer DEFAULT 0 NOT NULL,
	"questionable" integer DEFAULT 0 NOT NULL,
	"visit_seconds" bigint DEFAULT 0 NOT NULL,
	"timed_visits" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stat_visits_day_representative_id_district_id_organization_type_organization_size_pk" PRIMARY KEY("day","representative_id","district_id","organization_type","organization_size")
);
--> statement-breakpoint
CREATE INDEX "stat_coverage_user_day_idx" ON "stat_coverage" USING btree ("user_id","day");--> statement-breakpoint
CREATE INDEX "stat_orders_agent_day_idx" ON "stat_orders" USING btree ("agent_id","day");--> statement-breakpoint
CREATE INDEX "stat_sales_agent_month_idx" ON "stat_sales" USING btree ("agent_id","month");--> statement-breakpoint
CREATE INDEX "stat_sales_organization_month_idx" ON "stat_sales" USING btree ("organization_id","month");--> statement-breakpoint
CREATE INDEX "stat_visits_rep_day_idx" ON "stat_visits" USING btree ("representative_id","day");
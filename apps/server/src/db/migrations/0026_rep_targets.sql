CREATE TABLE "rep_targets" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"visits_per_day" integer,
	"coverage_percent" integer,
	"monthly_sum" bigint,
	"updated_by_id" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rep_targets_visits_per_day_check" CHECK ("rep_targets"."visits_per_day" between 0 and 100),
	CONSTRAINT "rep_targets_coverage_percent_check" CHECK ("rep_targets"."coverage_percent" between 0 and 100),
	CONSTRAINT "rep_targets_monthly_sum_check" CHECK ("rep_targets"."monthly_sum" >= 0)
);
--> statement-breakpoint
ALTER TABLE "rep_targets" ADD CONSTRAINT "rep_targets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rep_targets" ADD CONSTRAINT "rep_targets_updated_by_id_users_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;
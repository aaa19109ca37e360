CREATE TABLE "user_territories" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"region_id" integer NOT NULL,
	"district_id" integer,
	CONSTRAINT "user_territories_unique" UNIQUE NULLS NOT DISTINCT("user_id","region_id","district_id")
);
--> statement-breakpoint
CREATE TABLE "brands" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"inn" text NOT NULL,
	"legal_name" text NOT NULL,
	"legal_address" text NOT NULL,
	"bank_name" text NOT NULL,
	"bank_account" text NOT NULL,
	"mfo" text NOT NULL,
	"delivery_address" text NOT NULL,
	"search_key" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "brands_inn_format" CHECK ("brands"."inn" ~ '^[0-9]{9}$'),
	CONSTRAINT "brands_bank_account_format" CHECK ("brands"."bank_account" ~ '^[0-9]{20}$'),
	CONSTRAINT "brands_mfo_format" CHECK ("brands"."mfo" ~ '^[0-9]{5}$')
);
--> statement-breakpoint
CREATE TABLE "favorite_organizations" (
	"user_id" integer NOT NULL,
	"organization_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favorite_organizations_user_id_organization_id_pk" PRIMARY KEY("user_id","organization_id")
);
--> statement-breakpoint
CREATE TABLE "organizations" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"region_id" integer NOT NULL,
	"district_id" integer NOT NULL,
	"address" text NOT NULL,
	"lat" double precision,
	"lng" double precision,
	"phone" text NOT NULL,
	"inn" text NOT NULL,
	"responsible_person" text NOT NULL,
	"responsible_phone" text,
	"branch_name" text,
	"legal_name" text,
	"legal_address" text,
	"bank_name" text,
	"bank_account" text,
	"bank_mfo" text,
	"brand_id" integer,
	"delivery_region_id" integer NOT NULL,
	"delivery_district_id" integer NOT NULL,
	"delivery_address" text NOT NULL,
	"delivery_lat" double precision,
	"delivery_lng" double precision,
	"size" text,
	"credit_limit" bigint,
	"credit_days" integer,
	"min_shelf_life_months" integer,
	"default_client_type" text,
	"default_payment_variant" text,
	"search_key" text NOT NULL,
	"name_key" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organizations_type_check" CHECK ("organizations"."type" in ('pharmacy', 'wholesaler', 'hospital', 'healthcare')),
	CONSTRAINT "organizations_size_check" CHECK ("organizations"."size" in ('small', 'medium', 'large')),
	CONSTRAINT "organizations_inn_format" CHECK ("organizations"."inn" ~ '^[0-9]{9}$'),
	CONSTRAINT "organizations_point_pair" CHECK (("organizations"."lat" is null) = ("organizations"."lng" is null)),
	CONSTRAINT "organizations_delivery_point_pair" CHECK (("organizations"."delivery_lat" is null) = ("organizations"."delivery_lng" is null)),
	CONSTRAINT "organizations_credit_check" CHECK ("organizations"."credit_limit" >= 0 and "organizations"."credit_days" >= 0 and "organizations"."min_shelf_life_months" >= 0),
	CONSTRAINT "organizations_client_type_check" CHECK ("organizations"."default_client_type" in ('wholesale', 'retail')),
	CONSTRAINT "organizations_payment_variant_check" CHECK ("organizations"."default_payment_variant" in ('cash', 'bankTransfer', 'card', 'deferred'))
);
--> statement-breakpoint
CREATE TABLE "organization_blacklist" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"reason" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"unblocked_at" timestamp with time zone,
	"unblocked_by" integer,
	CONSTRAINT "organization_blacklist_reason" CHECK (length(trim("organization_blacklist"."reason")) > 0)
);
--> statement-breakpoint
CREATE TABLE "doctors" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"middle_name" text,
	"phone" text NOT NULL,
	"position" text,
	"specialization" text NOT NULL,
	"search_key" text NOT NULL,
	"name_key" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "doctors_phone_format" CHECK ("doctors"."phone" ~ '^\+998[0-9]{9}$')
);
--> statement-breakpoint
CREATE TABLE "favorite_doctors" (
	"user_id" integer NOT NULL,
	"doctor_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favorite_doctors_user_id_doctor_id_pk" PRIMARY KEY("user_id","doctor_id")
);
--> statement-breakpoint
ALTER TABLE "user_territories" ADD CONSTRAINT "user_territories_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_territories" ADD CONSTRAINT "user_territories_region_id_regions_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."regions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_territories" ADD CONSTRAINT "user_territories_district_id_districts_id_fk" FOREIGN KEY ("district_id") REFERENCES "public"."districts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brands" ADD CONSTRAINT "brands_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorite_organizations" ADD CONSTRAINT "favorite_organizations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorite_organizations" ADD CONSTRAINT "favorite_organizations_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_region_id_regions_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."regions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_district_id_districts_id_fk" FOREIGN KEY ("district_id") REFERENCES "public"."districts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_delivery_region_id_regions_id_fk" FOREIGN KEY ("delivery_region_id") REFERENCES "public"."regions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_delivery_district_id_districts_id_fk" FOREIGN KEY ("delivery_district_id") REFERENCES "public"."districts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_blacklist" ADD CONSTRAINT "organization_blacklist_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_blacklist" ADD CONSTRAINT "organization_blacklist_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_blacklist" ADD CONSTRAINT "organization_blacklist_unblocked_by_users_id_fk" FOREIGN KEY ("unblocked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doctors" ADD CONSTRAINT "doctors_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doctors" ADD CONSTRAINT "doctors_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorite_doctors" ADD CONSTRAINT "favorite_doctors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorite_doctors" ADD CONSTRAINT "favorite_doctors_doctor_id_doctors_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."doctors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "brands_inn_unique" ON "brands" USING btree ("inn");--> statement-breakpoint
CREATE INDEX "brands_name_idx" ON "brands" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "brands_search_idx" ON "brands" USING gin ("search_key" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "favorite_organizations_org_idx" ON "favorite_organizations" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "organizations_search_idx" ON "organizations" USING gin ("search_key" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "organizations_earth_idx" ON "organizations" USING gist (ll_to_earth("lat", "lng"));--> statement-breakpoint
CREATE INDEX "organizations_name_idx" ON "organizations" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "organizations_inn_idx" ON "organizations" USING btree ("inn");--> statement-breakpoint
CREATE INDEX "organizations_district_idx" ON "organizations" USING btree ("district_id","id");--> statement-breakpoint
CREATE INDEX "organizations_region_idx" ON "organizations" USING btree ("region_id");--> statement-breakpoint
CREATE INDEX "organizations_brand_idx" ON "organizations" USING btree ("brand_id");--> statement-breakpoint
CREATE UNIQUE INDEX "organization_blacklist_active_unique" ON "organization_blacklist" USING btree ("organization_id") WHERE "organization_blacklist"."unblocked_at" is null;--> statement-breakpoint
CREATE INDEX "organization_blacklist_org_idx" ON "organization_blacklist" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "doctors_same_person_unique" ON "doctors" USING btree ("organization_id","name_key","phone");--> statement-breakpoint
CREATE INDEX "doctors_search_idx" ON "doctors" USING gin ("search_key" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "doctors_name_idx" ON "doctors" USING btree ("last_name","first_name","id");--> statement-breakpoint
CREATE INDEX "favorite_doctors_doctor_idx" ON "favorite_doctors" USING btree ("doctor_id");
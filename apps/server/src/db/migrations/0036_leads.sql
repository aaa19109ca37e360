CREATE TABLE "lead_stage_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"lead_id" integer NOT NULL,
	"from_stage_id" integer,
	"to_stage_id" integer NOT NULL,
	"user_id" integer,
	"lost_reason" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lead_stages" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"name" jsonb NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "lead_stages_kind_check" CHECK ("lead_stages"."kind" in ('open', 'won', 'lost'))
);
--> statement-breakpoint
CREATE TABLE "leads" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"contact_person" text,
	"phones" text[] DEFAULT '{}'::text[] NOT NULL,
	"region_id" integer NOT NULL,
	"district_id" integer NOT NULL,
	"address" text,
	"lat" double precision,
	"lng" double precision,
	"inn" text,
	"source" text NOT NULL,
	"assigned_to" integer,
	"notes" text,
	"stage_id" integer NOT NULL,
	"lost_reason" text,
	"stage_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"organization_id" integer,
	"converted_at" timestamp with time zone,
	"search_key" text NOT NULL,
	"name_key" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "leads_type_check" CHECK ("leads"."type" in ('pharmacy', 'wholesaler', 'hospital', 'healthcare')),
	CONSTRAINT "leads_inn_format" CHECK ("leads"."inn" ~ '^[0-9]{9}$'),
	CONSTRAINT "leads_point_pair" CHECK (("leads"."lat" is null) = ("leads"."lng" is null))
);
--> statement-breakpoint
ALTER TABLE "lead_stage_history" ADD CONSTRAINT "lead_stage_history_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_stage_history" ADD CONSTRAINT "lead_stage_history_from_stage_id_lead_stages_id_fk" FOREIGN KEY ("from_stage_id") REFERENCES "public"."lead_stages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_stage_history" ADD CONSTRAINT "lead_stage_history_to_stage_id_lead_stages_id_fk" FOREIGN KEY ("to_stage_id") REFERENCES "public"."lead_stages"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_stage_history" ADD CONSTRAINT "lead_stage_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_region_id_regions_id_fk" FOREIGN KEY ("region_id") REFERENCES "public"."regions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_district_id_districts_id_fk" FOREIGN KEY ("district_id") REFERENCES "public"."districts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_assigned_to_users_id_fk" FOREIGN KEY ("assigned_to") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_stage_id_lead_stages_id_fk" FOREIGN KEY ("stage_id") REFERENCES "public"."lead_stages"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lead_stage_history_lead_idx" ON "lead_stage_history" USING btree ("lead_id","at");--> statement-breakpoint
CREATE INDEX "lead_stage_history_at_idx" ON "lead_stage_history" USING btree ("at");--> statement-breakpoint
CREATE INDEX "leads_stage_idx" ON "leads" USING btree ("stage_id","stage_changed_at");--> statement-breakpoint
CREATE INDEX "leads_assigned_idx" ON "leads" USING btree ("assigned_to");--> statement-breakpoint
CREATE INDEX "leads_search_idx" ON "leads" USING gin ("search_key" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "leads_phones_idx" ON "leads" USING gin ("phones");--> statement-breakpoint
CREATE INDEX "leads_inn_idx" ON "leads" USING btree ("inn");--> statement-breakpoint
CREATE INDEX "leads_earth_idx" ON "leads" USING gist (ll_to_earth("lat", "lng"));--> statement-breakpoint
-- the pipeline a company starts with (Settings → Lead stages renames and extends it)
INSERT INTO "lead_stages" ("kind", "name", "position") VALUES
  ('open', '{"ru": "Новый", "en": "New", "uz-Latn": "Yangi", "uz-Cyrl": "Янги"}', 1),
  ('open', '{"ru": "Контакт установлен", "en": "Contacted", "uz-Latn": "Aloqa oʻrnatildi", "uz-Cyrl": "Алоқа ўрнатилди"}', 2),
  ('open', '{"ru": "Квалифицирован", "en": "Qualified", "uz-Latn": "Saralandi", "uz-Cyrl": "Сараланди"}', 3),
  ('won', '{"ru": "Выигран", "en": "Won", "uz-Latn": "Yutildi", "uz-Cyrl": "Ютилди"}', 4),
  ('lost', '{"ru": "Потерян", "en": "Lost", "uz-Latn": "Yoʻqotildi", "uz-Cyrl": "Йўқотилди"}', 5);--> statement-breakpoint
-- an installation made before issue 18 grants leads as a fresh one does (packages/contracts permissions.ts)
INSERT INTO "role_permissions" ("role", "permission")
SELECT r.code, g.permission FROM "roles" r
JOIN (VALUES
  ('chief', 'leads.view'), ('chief', 'leads.edit'),
  ('boss', 'leads.edit'),
  ('rep', 'leads.view'), ('rep', 'leads.edit')
) AS g(role, permission) ON g.role = r.code
ON CONFLICT DO NOTHING;

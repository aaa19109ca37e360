CREATE TABLE "knowledge_article_categories" (
	"article_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	CONSTRAINT "knowledge_article_categories_article_id_category_id_pk" PRIMARY KEY("article_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "knowledge_article_producers" (
	"article_id" integer NOT NULL,
	"producer_id" integer NOT NULL,
	CONSTRAINT "knowledge_article_producers_article_id_producer_id_pk" PRIMARY KEY("article_id","producer_id")
);
--> statement-breakpoint
CREATE TABLE "knowledge_article_products" (
	"article_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	CONSTRAINT "knowledge_article_products_article_id_product_id_pk" PRIMARY KEY("article_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "knowledge_article_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"article_id" integer NOT NULL,
	"version" integer NOT NULL,
	"category_id" integer NOT NULL,
	"translations" jsonb NOT NULL,
	"changed_languages" text[] NOT NULL,
	"restored_from" integer,
	"user_id" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "knowledge_articles" (
	"id" serial PRIMARY KEY NOT NULL,
	"category_id" integer NOT NULL,
	"translations" jsonb NOT NULL,
	"search_key" text NOT NULL,
	"title_key" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "knowledge_attachments" (
	"id" serial PRIMARY KEY NOT NULL,
	"article_id" integer NOT NULL,
	"name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"data" "bytea" NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "knowledge_attachments_type_check" CHECK ("knowledge_attachments"."content_type" in ('application/pdf', 'image/png', 'image/jpeg', 'image/webp'))
);
--> statement-breakpoint
CREATE TABLE "knowledge_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"parent_id" integer,
	"name" jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "knowledge_article_categories" ADD CONSTRAINT "knowledge_article_categories_article_id_knowledge_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."knowledge_articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_article_categories" ADD CONSTRAINT "knowledge_article_categories_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_article_producers" ADD CONSTRAINT "knowledge_article_producers_article_id_knowledge_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."knowledge_articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_article_producers" ADD CONSTRAINT "knowledge_article_producers_producer_id_producers_id_fk" FOREIGN KEY ("producer_id") REFERENCES "public"."producers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_article_products" ADD CONSTRAINT "knowledge_article_products_article_id_knowledge_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."knowledge_articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_article_products" ADD CONSTRAINT "knowledge_article_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_article_versions" ADD CONSTRAINT "knowledge_article_versions_article_id_knowledge_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."knowledge_articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_article_versions" ADD CONSTRAINT "knowledge_article_versions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_articles" ADD CONSTRAINT "knowledge_articles_category_id_knowledge_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."knowledge_categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_articles" ADD CONSTRAINT "knowledge_articles_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_articles" ADD CONSTRAINT "knowledge_articles_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_attachments" ADD CONSTRAINT "knowledge_attachments_article_id_knowledge_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."knowledge_articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_attachments" ADD CONSTRAINT "knowledge_attachments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_categories" ADD CONSTRAINT "knowledge_categories_parent_id_knowledge_categories_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."knowledge_categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "knowledge_article_categories_category_idx" ON "knowledge_article_categories" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "knowledge_article_producers_producer_idx" ON "knowledge_article_producers" USING btree ("producer_id");--> statement-breakpoint
CREATE INDEX "knowledge_article_products_product_idx" ON "knowledge_article_products" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "knowledge_article_versions_article_idx" ON "knowledge_article_versions" USING btree ("article_id","version");--> statement-breakpoint
CREATE INDEX "knowledge_articles_category_idx" ON "knowledge_articles" USING btree ("category_id","updated_at");--> statement-breakpoint
CREATE INDEX "knowledge_articles_search_idx" ON "knowledge_articles" USING gin ("search_key" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "knowledge_attachments_article_idx" ON "knowledge_attachments" USING btree ("article_id");--> statement-breakpoint
CREATE INDEX "knowledge_categories_parent_idx" ON "knowledge_categories" USING btree ("parent_id","position");--> statement-breakpoint
-- an installation made before issue 19 grants the knowledge base as a fresh one does (packages/contracts permissions.ts):
-- every role reads it; chiefs and bosses write it besides the administrator
INSERT INTO "role_permissions" ("role", "permission")
SELECT r.code, g.permission FROM "roles" r
JOIN (VALUES
  ('operator', 'knowledge.view'), ('wholesale', 'knowledge.view'), ('employee', 'knowledge.view'), ('courier', 'knowledge.view'),
  ('rep', 'knowledge.view'),
  ('chief', 'knowledge.view'), ('chief', 'knowledge.edit'),
  ('boss', 'knowledge.view'), ('boss', 'knowledge.edit'),
  ('admin', 'knowledge.view'), ('admin', 'knowledge.edit'), ('admin', 'knowledge.delete')
) AS g(role, permission) ON g.role = r.code
ON CONFLICT DO NOTHING;

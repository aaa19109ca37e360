CREATE TABLE "chat_order_drafts" (
	"chat_id" integer PRIMARY KEY NOT NULL,
	"positions" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_orders" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"chat_id" integer NOT NULL,
	"told_status" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"text" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "client_chat_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"chat_id" integer NOT NULL,
	"direction" text NOT NULL,
	"text" text NOT NULL,
	"author_id" integer,
	"external_id" text,
	"delivery" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "client_chat_messages_direction_check" CHECK ("client_chat_messages"."direction" in ('in', 'out'))
);
--> statement-breakpoint
CREATE TABLE "client_chats" (
	"id" serial PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"external_id" text NOT NULL,
	"title" text NOT NULL,
	"language" text,
	"organization_id" integer,
	"lead_id" integer,
	"assigned_to" integer,
	"linked_by" integer,
	"status" text DEFAULT 'open' NOT NULL,
	"last_message_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_message_text" text DEFAULT '' NOT NULL,
	"last_direction" text DEFAULT 'in' NOT NULL,
	"unread" integer DEFAULT 0 NOT NULL,
	"search_key" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "client_chats_channel_check" CHECK ("client_chats"."channel" in ('telegram', 'instagram', 'facebook')),
	CONSTRAINT "client_chats_status_check" CHECK ("client_chats"."status" in ('open', 'waiting', 'closed'))
);
--> statement-breakpoint
ALTER TABLE "chat_order_drafts" ADD CONSTRAINT "chat_order_drafts_chat_id_client_chats_id_fk" FOREIGN KEY ("chat_id") REFERENCES "public"."client_chats"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_orders" ADD CONSTRAINT "chat_orders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_orders" ADD CONSTRAINT "chat_orders_chat_id_client_chats_id_fk" FOREIGN KEY ("chat_id") REFERENCES "public"."client_chats"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_chat_messages" ADD CONSTRAINT "client_chat_messages_chat_id_client_chats_id_fk" FOREIGN KEY ("chat_id") REFERENCES "public"."client_chats"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_chat_messages" ADD CONSTRAINT "client_chat_messages_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_chats" ADD CONSTRAINT "client_chats_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_chats" ADD CONSTRAINT "client_chats_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_chats" ADD CONSTRAINT "client_chats_assigned_to_users_id_fk" FOREIGN KEY ("assigned_to") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_chats" ADD CONSTRAINT "client_chats_linked_by_users_id_fk" FOREIGN KEY ("linked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_orders_chat_idx" ON "chat_orders" USING btree ("chat_id");--> statement-breakpoint
CREATE INDEX "client_chat_messages_chat_idx" ON "client_chat_messages" USING btree ("chat_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "client_chat_messages_external_idx" ON "client_chat_messages" USING btree ("chat_id","external_id");--> statement-breakpoint
CREATE UNIQUE INDEX "client_chats_external_idx" ON "client_chats" USING btree ("channel","external_id");--> statement-breakpoint
CREATE INDEX "client_chats_inbox_idx" ON "client_chats" USING btree ("last_message_at","id");--> statement-breakpoint
CREATE INDEX "client_chats_status_idx" ON "client_chats" USING btree ("status","last_message_at","id");--> statement-breakpoint
CREATE INDEX "client_chats_assigned_idx" ON "client_chats" USING btree ("assigned_to","last_message_at","id");--> statement-breakpoint
CREATE INDEX "client_chats_organization_idx" ON "client_chats" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "client_chats_lead_idx" ON "client_chats" USING btree ("lead_id");--> statement-breakpoint
CREATE INDEX "client_chats_search_idx" ON "client_chats" USING gin ("search_key" gin_trgm_ops);--> statement-breakpoint
-- an installation made before issue 18 grants chats as a fresh one does (packages/contracts permissions.ts)
INSERT INTO "role_permissions" ("role", "permission")
SELECT r.code, g.permission FROM "roles" r
JOIN (VALUES
  ('admin', 'chats.view'), ('admin', 'chats.edit'), ('admin', 'chats.delete'),
  ('operator', 'chats.view'), ('operator', 'chats.edit'),
  ('boss', 'chats.view'), ('boss', 'chats.edit'),
  ('chief', 'chats.view'), ('chief', 'chats.edit'),
  ('rep', 'chats.view'), ('rep', 'chats.edit')
) AS g(role, permission) ON g.role = r.code
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "chat_templates" ("name", "text") VALUES
  ('Greeting', '{"ru": "Здравствуйте! Спасибо, что написали. Чем можем помочь?", "en": "Hello! Thank you for writing. How can we help?", "uz-Latn": "Assalomu alaykum! Yozganingiz uchun rahmat. Qanday yordam bera olamiz?", "uz-Cyrl": "Ассалому алайкум! Ёзганингиз учун раҳмат. Қандай ёрдам бера оламиз?"}'),
  ('Price list', '{"ru": "Актуальный прайс-лист пришлёт ваш медицинский представитель сегодня.", "en": "Your medical representative will send the current price list today.", "uz-Latn": "Amaldagi narxlar roʻyxatini bugun tibbiy vakilingiz yuboradi.", "uz-Cyrl": "Амалдаги нархлар рўйхатини бугун тиббий вакилингиз юборади."}');

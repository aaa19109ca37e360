CREATE TABLE "notification_settings" (
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"channel" text NOT NULL,
	CONSTRAINT "notification_settings_user_id_kind_pk" PRIMARY KEY("user_id","kind")
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"subject_type" text,
	"subject_id" integer,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone,
	"telegram_sent_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("user_id") WHERE "notifications"."read_at" is null;--> statement-breakpoint
-- an installation made before issue 17 grants the new areas as a fresh one does (packages/contracts permissions.ts)
INSERT INTO "role_permissions" ("role", "permission")
SELECT r.code, g.permission FROM "roles" r
JOIN (VALUES
  ('operator', 'events.view'), ('operator', 'events.edit'), ('operator', 'notifications.view'), ('operator', 'notifications.edit'),
  ('boss', 'events.view'), ('boss', 'events.edit'), ('boss', 'notifications.view'), ('boss', 'notifications.edit'),
  ('chief', 'events.view'), ('chief', 'events.edit'), ('chief', 'notifications.view'), ('chief', 'notifications.edit'),
  ('rep', 'events.view'), ('rep', 'events.edit'), ('rep', 'notifications.view'), ('rep', 'notifications.edit'),
  ('wholesale', 'events.view'), ('wholesale', 'events.edit'), ('wholesale', 'notifications.view'), ('wholesale', 'notifications.edit'),
  ('employee', 'events.view'), ('employee', 'events.edit'), ('employee', 'notifications.view'), ('employee', 'notifications.edit'),
  ('courier', 'events.view'), ('courier', 'notifications.view'), ('courier', 'notifications.edit'),
  ('admin', 'events.view'), ('admin', 'events.edit'), ('admin', 'events.delete'),
  ('admin', 'notifications.view'), ('admin', 'notifications.edit'), ('admin', 'notifications.delete')
) AS g(role, permission) ON g.role = r.code
ON CONFLICT DO NOTHING;

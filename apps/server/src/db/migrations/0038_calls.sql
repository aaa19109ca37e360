CREATE TABLE "calls" (
	"id" serial PRIMARY KEY NOT NULL,
	"external_id" text NOT NULL,
	"direction" text NOT NULL,
	"state" text NOT NULL,
	"from_number" text NOT NULL,
	"to_number" text NOT NULL,
	"phone" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"duration_seconds" integer DEFAULT 0 NOT NULL,
	"outcome" text,
	"user_id" integer,
	"match_type" text,
	"match_id" integer,
	"match_name" text,
	"organization_id" integer,
	"doctor_id" integer,
	"recording_url" text,
	"note" text,
	"missed_handled" boolean DEFAULT false NOT NULL,
	"task_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calls_direction_check" CHECK ("calls"."direction" in ('in', 'out')),
	CONSTRAINT "calls_state_check" CHECK ("calls"."state" in ('ringing', 'answered', 'ended'))
);
--> statement-breakpoint
CREATE TABLE "telephony_extensions" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"extension" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "telephony_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"adapter" text DEFAULT 'none' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_doctor_id_doctors_id_fk" FOREIGN KEY ("doctor_id") REFERENCES "public"."doctors"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telephony_extensions" ADD CONSTRAINT "telephony_extensions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "calls_external_id_unique" ON "calls" USING btree ("external_id");--> statement-breakpoint
CREATE INDEX "calls_started_idx" ON "calls" USING btree ("started_at","id");--> statement-breakpoint
CREATE INDEX "calls_user_idx" ON "calls" USING btree ("user_id","started_at");--> statement-breakpoint
CREATE INDEX "calls_organization_idx" ON "calls" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "calls_phone_idx" ON "calls" USING btree ("phone");--> statement-breakpoint
CREATE UNIQUE INDEX "telephony_extensions_extension_unique" ON "telephony_extensions" USING btree ("extension");--> statement-breakpoint
-- an installation made before issue 18 grants the new areas as a fresh one does (packages/contracts permissions.ts)
INSERT INTO "role_permissions" ("role", "permission")
SELECT r.code, g.permission FROM "roles" r
JOIN (VALUES
  ('operator', 'calls.view'), ('operator', 'calls.edit'), ('operator', 'telephony.view'),
  ('boss', 'calls.view'), ('boss', 'calls.edit'),
  ('chief', 'calls.view'), ('chief', 'calls.edit'),
  ('rep', 'calls.view'), ('rep', 'calls.edit'),
  ('admin', 'calls.view'), ('admin', 'calls.edit'), ('admin', 'calls.delete'),
  ('admin', 'telephony.view'), ('admin', 'telephony.edit'), ('admin', 'telephony.delete')
) AS g(role, permission) ON g.role = r.code
ON CONFLICT DO NOTHING;

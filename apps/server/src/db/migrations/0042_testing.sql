CREATE TABLE "question_banks" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" jsonb NOT NULL,
	"product_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"bank_id" integer NOT NULL,
	"kind" text NOT NULL,
	"text" jsonb NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"accepted" text[] DEFAULT '{}'::text[] NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "questions_kind_check" CHECK ("questions"."kind" in ('single', 'multiple', 'short'))
);
--> statement-breakpoint
CREATE TABLE "test_answers" (
	"attempt_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"option_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"credit" real,
	"answered_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "test_answers_attempt_id_question_id_pk" PRIMARY KEY("attempt_id","question_id")
);
--> statement-breakpoint
CREATE TABLE "test_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"test_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"questions" jsonb NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deadline" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"score" real,
	"passed" boolean
);
--> statement-breakpoint
CREATE TABLE "test_banks" (
	"test_id" integer NOT NULL,
	"bank_id" integer NOT NULL,
	CONSTRAINT "test_banks_test_id_bank_id_pk" PRIMARY KEY("test_id","bank_id")
);
--> statement-breakpoint
CREATE TABLE "tests" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" jsonb NOT NULL,
	"question_count" integer NOT NULL,
	"time_limit_minutes" integer NOT NULL,
	"pass_mark" integer NOT NULL,
	"attempts_allowed" integer NOT NULL,
	"roles" text[] DEFAULT '{}'::text[] NOT NULL,
	"user_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"due_date" date,
	"active" boolean DEFAULT true NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tests_pass_mark_check" CHECK ("tests"."pass_mark" between 1 and 100),
	CONSTRAINT "tests_counts_check" CHECK ("tests"."question_count" > 0 and "tests"."time_limit_minutes" > 0 and "tests"."attempts_allowed" > 0)
);
--> statement-breakpoint
ALTER TABLE "question_banks" ADD CONSTRAINT "question_banks_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_bank_id_question_banks_id_fk" FOREIGN KEY ("bank_id") REFERENCES "public"."question_banks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_answers" ADD CONSTRAINT "test_answers_attempt_id_test_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."test_attempts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_answers" ADD CONSTRAINT "test_answers_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_attempts" ADD CONSTRAINT "test_attempts_test_id_tests_id_fk" FOREIGN KEY ("test_id") REFERENCES "public"."tests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_attempts" ADD CONSTRAINT "test_attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_banks" ADD CONSTRAINT "test_banks_test_id_tests_id_fk" FOREIGN KEY ("test_id") REFERENCES "public"."tests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_banks" ADD CONSTRAINT "test_banks_bank_id_question_banks_id_fk" FOREIGN KEY ("bank_id") REFERENCES "public"."question_banks"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tests" ADD CONSTRAINT "tests_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "questions_bank_idx" ON "questions" USING btree ("bank_id");--> statement-breakpoint
CREATE INDEX "test_answers_question_idx" ON "test_answers" USING btree ("question_id");--> statement-breakpoint
CREATE INDEX "test_attempts_user_idx" ON "test_attempts" USING btree ("user_id","test_id");--> statement-breakpoint
CREATE INDEX "test_attempts_test_idx" ON "test_attempts" USING btree ("test_id","finished_at");--> statement-breakpoint
CREATE INDEX "test_attempts_open_idx" ON "test_attempts" USING btree ("deadline") WHERE "test_attempts"."finished_at" is null;--> statement-breakpoint
CREATE INDEX "test_banks_bank_idx" ON "test_banks" USING btree ("bank_id");--> statement-breakpoint
-- an installation made before issue 19 grants testing as a fresh one does (packages/contracts permissions.ts):
-- everyone takes the tests assigned to them; chiefs and bosses write tests and question banks
INSERT INTO "role_permissions" ("role", "permission")
SELECT r.code, g.permission FROM "roles" r
JOIN (VALUES
  ('operator', 'testing.view'),
  ('boss', 'testing.view'), ('boss', 'testing.edit'), ('boss', 'testing.delete'),
  ('chief', 'testing.view'), ('chief', 'testing.edit'), ('chief', 'testing.delete'),
  ('rep', 'testing.view'), ('wholesale', 'testing.view'), ('employee', 'testing.view'), ('courier', 'testing.view')
) AS g(role, permission) ON g.role = r.code
ON CONFLICT DO NOTHING;--> statement-breakpoint
-- the administrator holds every right
INSERT INTO "role_permissions" ("role", "permission")
SELECT r.code, p.permission FROM "roles" r
CROSS JOIN (VALUES ('testing.view'), ('testing.edit'), ('testing.delete')) AS p(permission)
WHERE r.code = 'admin'
ON CONFLICT DO NOTHING;

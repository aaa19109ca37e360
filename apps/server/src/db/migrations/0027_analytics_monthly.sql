CREATE TABLE "stat_coverage_monthly" (
	"day" date NOT NULL,
	"organization_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"visits" integer DEFAULT 0 NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stat_coverage_monthly_day_organization_id_user_id_pk" PRIMARY KEY("day","organization_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "stat_orders_monthly" (
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
	CONSTRAINT "stat_orders_monthly_day_agent_id_district_id_organization_type_organization_size_client_type_status_pk" PRIMARY KEY("day","agent_id","district_id","organization_type","organization_size","client_type","status")
);
--> statement-breakpoint
CREATE TABLE "stat_rep_days" (
	"day" date NOT NULL,
	"representative_id" integer NOT NULL,
	"active_rows" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stat_rep_days_day_representative_id_pk" PRIMARY KEY("day","representative_id")
);
--> statement-breakpoint
CREATE TABLE "stat_visits_monthly" (
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
	CONSTRAINT "stat_visits_monthly_day_representative_id_district_id_organization_type_organization_size_pk" PRIMARY KEY("day","representative_id","district_id","organization_type","organization_size")
);
--> statement-breakpoint
CREATE INDEX "stat_coverage_monthly_user_day_idx" ON "stat_coverage_monthly" USING btree ("user_id","day");--> statement-breakpoint
CREATE INDEX "stat_orders_monthly_agent_day_idx" ON "stat_orders_monthly" USING btree ("agent_id","day");--> statement-breakpoint
CREATE INDEX "stat_rep_days_rep_day_idx" ON "stat_rep_days" USING btree ("representative_id","day");--> statement-breakpoint
CREATE INDEX "stat_visits_monthly_rep_day_idx" ON "stat_visits_monthly" USING btree ("representative_id","day");--> statement-breakpoint
-- Monthly copies of the daily aggregates (issue 15, fast at scale): the same SQL builders write both, a
-- grain choosing the table and the day ('month': the month's first day). Written here once more with
-- that grain; the triggers write both grains.
DROP FUNCTION stat_visits_sql(text, int);
--> statement-breakpoint
DROP FUNCTION stat_visit_coverage_sql(text, int);
--> statement-breakpoint
DROP FUNCTION stat_orders_sql(text, int);
--> statement-breakpoint
DROP FUNCTION stat_order_coverage_sql(text, int);
--> statement-breakpoint
CREATE FUNCTION stat_grain_table(base text, grain text) RETURNS text LANGUAGE sql IMMUTABLE AS $f$
SELECT base || CASE grain WHEN 'month' THEN '_monthly' ELSE '' END
$f$;
--> statement-breakpoint
CREATE FUNCTION stat_grain_day(day_expression text, grain text) RETURNS text LANGUAGE sql IMMUTABLE AS $f$
SELECT CASE grain WHEN 'month' THEN 'date_trunc(''month'', ' || day_expression || ')::date' ELSE day_expression END
$f$;
--> statement-breakpoint
CREATE FUNCTION stat_visits_sql(src text, sign int, grain text DEFAULT 'day') RETURNS text LANGUAGE sql IMMUTABLE AS $f$
SELECT format($q$
  INSERT INTO %3$I AS s (day, representative_id, district_id, organization_type, organization_size,
    planned, completed, cancelled, overdue, questionable, visit_seconds, timed_visits)
  SELECT %4$s, v.representative_id, o.district_id, o.type, coalesce(o.size, ''),
    %2$s * count(*),
    %2$s * count(*) FILTER (WHERE v.status = 'completed'),
    %2$s * count(*) FILTER (WHERE v.status = 'cancelled'),
    %2$s * count(*) FILTER (WHERE v.status = 'overdue'),
    %2$s * count(*) FILTER (WHERE v.status = 'completed' AND v.review IS NOT NULL),
    %2$s * coalesce(sum(extract(epoch FROM v.completed_at - v.started_at)::bigint) FILTER (WHERE v.status = 'completed' AND v.completed_at >= v.started_at), 0),
    %2$s * count(*) FILTER (WHERE v.status = 'completed' AND v.completed_at >= v.started_at)
  FROM %1$s v JOIN organizations o ON o.id = v.organization_id
  GROUP BY 1, 2, 3, 4, 5
  ON CONFLICT (day, representative_id, district_id, organization_type, organization_size) DO UPDATE SET
    planned = s.planned + excluded.planned, completed = s.completed + excluded.completed,
    cancelled = s.cancelled + excluded.cancelled, overdue = s.overdue + excluded.overdue,
    questionable = s.questionable + excluded.questionable, visit_seconds = s.visit_seconds + excluded.visit_seconds,
    timed_visits = s.timed_visits + excluded.timed_visits
$q$, src, sign, stat_grain_table('stat_visits', grain), stat_grain_day('(v.planned_start AT TIME ZONE ''Asia/Tashkent'')::date', grain))
$f$;
--> statement-breakpoint
CREATE FUNCTION stat_visit_coverage_sql(src text, sign int, grain text DEFAULT 'day') RETURNS text LANGUAGE sql IMMUTABLE AS $f$
SELECT format($q$
  INSERT INTO %3$I AS s (day, organization_id, user_id, visits)
  SELECT %4$s, v.organization_id, v.representative_id, %2$s * count(*)
  FROM %1$s v WHERE v.status = 'completed'
  GROUP BY 1, 2, 3
  ON CONFLICT (day, organization_id, user_id) DO UPDATE SET visits = s.visits + excluded.visits
$q$, src, sign, stat_grain_table('stat_coverage', grain), stat_grain_day('(v.planned_start AT TIME ZONE ''Asia/Tashkent'')::date', grain))
$f$;
--> statement-breakpoint
CREATE FUNCTION stat_orders_sql(src text, sign int, grain text DEFAULT 'day') RETURNS text LANGUAGE sql IMMUTABLE AS $f$
SELECT format($q$
  INSERT INTO %3$I AS s (day, agent_id, district_id, organization_type, organization_size, client_type, status, orders, sum_sale, paid, owed)
  SELECT %4$s, r.agent_id, o.district_id, o.type, coalesce(o.size, ''), r.client_type, r.status,
    %2$s * count(*), %2$s * sum(r.sum_sale), %2$s * sum(r.paid),
    %2$s * sum(CASE WHEN r.status = 'cancelled' THEN 0 ELSE greatest(0, r.sum_sale - r.paid) END)
  FROM %1$s r JOIN organizations o ON o.id = r.organization_id
  GROUP BY 1, 2, 3, 4, 5, 6, 7
  ON CONFLICT (day, agent_id, district_id, organization_type, organization_size, client_type, status) DO UPDATE SET
    orders = s.orders + excluded.orders, sum_sale = s.sum_sale + excluded.sum_sale,
    paid = s.paid + excluded.paid, owed = s.owed + excluded.owed
$q$, src, sign, stat_grain_table('stat_orders', grain), stat_grain_day('r.date', grain))
$f$;
--> statement-breakpoint
CREATE FUNCTION stat_order_coverage_sql(src text, sign int, grain text DEFAULT 'day') RETURNS text LANGUAGE sql IMMUTABLE AS $f$
SELECT format($q$
  INSERT INTO %3$I AS s (day, organization_id, user_id, orders)
  SELECT %4$s, r.organization_id, r.agent_id, %2$s * count(*)
  FROM %1$s r WHERE r.status <> 'cancelled'
  GROUP BY 1, 2, 3
  ON CONFLICT (day, organization_id, user_id) DO UPDATE SET orders = s.orders + excluded.orders
$q$, src, sign, stat_grain_table('stat_coverage', grain), stat_grain_day('r.date', grain))
$f$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_visits_trigger() RETURNS trigger LANGUAGE plpgsql AS $f$
DECLARE
  grain text;
BEGIN
  FOREACH grain IN ARRAY ARRAY['day', 'month'] LOOP
    IF TG_OP IN ('UPDATE', 'DELETE') THEN
      EXECUTE stat_visits_sql('old_rows', -1, grain);
      EXECUTE stat_visit_coverage_sql('old_rows', -1, grain);
    END IF;
    IF TG_OP IN ('UPDATE', 'INSERT') THEN
      EXECUTE stat_visits_sql('new_rows', 1, grain);
      EXECUTE stat_visit_coverage_sql('new_rows', 1, grain);
    END IF;
  END LOOP;
  RETURN NULL;
END
$f$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_orders_trigger() RETURNS trigger LANGUAGE plpgsql AS $f$
DECLARE
  moved constant text := $m$(SELECT p.* FROM order_positions p JOIN new_rows n ON n.id = p.order_id JOIN old_rows o ON o.id = n.id
    WHERE (n.status = 'cancelled') IS DISTINCT FROM (o.status = 'cancelled') OR date_trunc('month', n.date) <> date_trunc('month', o.date)
      OR n.organization_id <> o.organization_id OR n.agent_id <> o.agent_id OR n.client_type <> o.client_type)$m$;
  grain text;
BEGIN
  FOREACH grain IN ARRAY ARRAY['day', 'month'] LOOP
    IF TG_OP IN ('UPDATE', 'DELETE') THEN
      EXECUTE stat_orders_sql('old_rows', -1, grain);
      EXECUTE stat_order_coverage_sql('old_rows', -1, grain);
    END IF;
    IF TG_OP IN ('UPDATE', 'INSERT') THEN
      EXECUTE stat_orders_sql('new_rows', 1, grain);
      EXECUTE stat_order_coverage_sql('new_rows', 1, grain);
    END IF;
  END LOOP;
  IF TG_OP = 'UPDATE' THEN
    -- an order whose cancellation, month, organization, agent or client type changed moves its positions' sales
    EXECUTE stat_sales_sql(moved, 'old_rows', -1);
    EXECUTE stat_sales_sql(moved, 'new_rows', 1);
  END IF;
  RETURN NULL;
END
$f$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stat_organizations_trigger() RETURNS trigger LANGUAGE plpgsql AS $f$
DECLARE
  grain text;
BEGIN
  -- an organization that moved district or changed type or size moves its visits' and orders' figures
  IF EXISTS (SELECT 1 FROM new_rows n JOIN old_rows o ON o.id = n.id
             WHERE n.district_id <> o.district_id OR n.type <> o.type OR n.size IS DISTINCT FROM o.size) THEN
    FOREACH grain IN ARRAY ARRAY['day', 'month'] LOOP
      EXECUTE replace(stat_visits_sql('visits', -1, grain), 'JOIN organizations o', 'JOIN old_rows o');
      EXECUTE replace(stat_visits_sql('visits', 1, grain), 'JOIN organizations o', 'JOIN new_rows o');
      EXECUTE replace(stat_orders_sql('orders', -1, grain), 'JOIN organizations o', 'JOIN old_rows o');
      EXECUTE replace(stat_orders_sql('orders', 1, grain), 'JOIN organizations o', 'JOIN new_rows o');
    END LOOP;
  END IF;
  RETURN NULL;
END
$f$;
--> statement-breakpoint
-- stat_rep_days follows stat_visits: each row's change of "holds a visit not cancelled" moves its (day, representative) count
CREATE FUNCTION stat_rep_days_trigger() RETURNS trigger LANGUAGE plpgsql AS $f$
BEGIN
  EXECUTE format($q$
    INSERT INTO stat_rep_days AS s (day, representative_id, active_rows)
    SELECT day, representative_id, sum(delta) FROM (%s) x GROUP BY 1, 2 HAVING sum(delta) <> 0
    ON CONFLICT (day, representative_id) DO UPDATE SET active_rows = s.active_rows + excluded.active_rows
  $q$, CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT day, representative_id, (planned > cancelled)::int AS delta FROM new_rows'
    WHEN 'UPDATE' THEN 'SELECT day, representative_id, (planned > cancelled)::int AS delta FROM new_rows
      UNION ALL SELECT day, representative_id, -(planned > cancelled)::int FROM old_rows'
    ELSE 'SELECT day, representative_id, -(planned > cancelled)::int AS delta FROM old_rows' END);
  RETURN NULL;
END
$f$;
--> statement-breakpoint
CREATE TRIGGER stat_rep_days_insert AFTER INSERT ON stat_visits REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_rep_days_trigger();
--> statement-breakpoint
CREATE TRIGGER stat_rep_days_update AFTER UPDATE ON stat_visits REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_rep_days_trigger();
--> statement-breakpoint
CREATE TRIGGER stat_rep_days_delete AFTER DELETE ON stat_visits REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_rep_days_trigger();
--> statement-breakpoint
-- every aggregate counted once from the raw rows (the bench calls it after a bulk load with triggers off)
CREATE FUNCTION stat_count_all() RETURNS void LANGUAGE plpgsql AS $f$
DECLARE
  grain text;
BEGIN
  TRUNCATE stat_visits, stat_visits_monthly, stat_rep_days, stat_orders, stat_orders_monthly, stat_coverage, stat_coverage_monthly, stat_sales;
  FOREACH grain IN ARRAY ARRAY['day', 'month'] LOOP
    EXECUTE stat_visits_sql('visits', 1, grain);
    EXECUTE stat_visit_coverage_sql('visits', 1, grain);
    EXECUTE stat_orders_sql('orders', 1, grain);
    EXECUTE stat_order_coverage_sql('orders', 1, grain);
  END LOOP;
  EXECUTE stat_sales_sql('order_positions', 'orders', 1);
END
$f$;
--> statement-breakpoint
SELECT stat_count_all();

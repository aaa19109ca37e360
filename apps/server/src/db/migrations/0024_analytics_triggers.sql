-- The analytics aggregates (modules/analytics/analytics.table.ts) kept by statement-level triggers:
-- each change subtracts what the old rows contributed and adds what the new rows contribute, in the
-- same statement, so no code path can forget them. The SQL of each contribution is written once, as a
-- function returning it for a source (a transition table) and a sign.

CREATE FUNCTION stat_visits_sql(src text, sign int) RETURNS text LANGUAGE sql IMMUTABLE AS $f$
SELECT format($q$
  INSERT INTO stat_visits AS s (day, representative_id, district_id, organization_type, organization_size,
    planned, completed, cancelled, overdue, questionable, visit_seconds, timed_visits)
  SELECT (v.planned_start AT TIME ZONE 'Asia/Tashkent')::date, v.representative_id, o.district_id, o.type, coalesce(o.size, ''),
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
$q$, src, sign)
$f$;
--> statement-breakpoint
CREATE FUNCTION stat_visit_coverage_sql(src text, sign int) RETURNS text LANGUAGE sql IMMUTABLE AS $f$
SELECT format($q$
  INSERT INTO stat_coverage AS s (day, organization_id, user_id, visits)
  SELECT (v.planned_start AT TIME ZONE 'Asia/Tashkent')::date, v.organization_id, v.representative_id, %2$s * count(*)
  FROM %1$s v WHERE v.status = 'completed'
  GROUP BY 1, 2, 3
  ON CONFLICT (day, organization_id, user_id) DO UPDATE SET visits = s.visits + excluded.visits
$q$, src, sign)
$f$;
--> statement-breakpoint
CREATE FUNCTION stat_orders_sql(src text, sign int) RETURNS text LANGUAGE sql IMMUTABLE AS $f$
SELECT format($q$
  INSERT INTO stat_orders AS s (day, agent_id, district_id, organization_type, organization_size, client_type, status, orders, sum_sale, paid, owed)
  SELECT r.date, r.agent_id, o.district_id, o.type, coalesce(o.size, ''), r.client_type, r.status,
    %2$s * count(*), %2$s * sum(r.sum_sale), %2$s * sum(r.paid),
    %2$s * sum(CASE WHEN r.status = 'cancelled' THEN 0 ELSE greatest(0, r.sum_sale - r.paid) END)
  FROM %1$s r JOIN organizations o ON o.id = r.organization_id
  GROUP BY 1, 2, 3, 4, 5, 6, 7
  ON CONFLICT (day, agent_id, district_id, organization_type, organization_size, client_type, status) DO UPDATE SET
    orders = s.orders + excluded.orders, sum_sale = s.sum_sale + excluded.sum_sale,
    paid = s.paid + excluded.paid, owed = s.owed + excluded.owed
$q$, src, sign)
$f$;
--> statement-breakpoint
CREATE FUNCTION stat_order_coverage_sql(src text, sign int) RETURNS text LANGUAGE sql IMMUTABLE AS $f$
SELECT format($q$
  INSERT INTO stat_coverage AS s (day, organization_id, user_id, orders)
  SELECT r.date, r.organization_id, r.agent_id, %2$s * count(*)
  FROM %1$s r WHERE r.status <> 'cancelled'
  GROUP BY 1, 2, 3
  ON CONFLICT (day, organization_id, user_id) DO UPDATE SET orders = s.orders + excluded.orders
$q$, src, sign)
$f$;
--> statement-breakpoint
-- positions (p) of orders (r) that are not cancelled, by the order's month, organization, agent and client type
CREATE FUNCTION stat_sales_sql(positions text, orders text, sign int) RETURNS text LANGUAGE sql IMMUTABLE AS $f$
SELECT format($q$
  INSERT INTO stat_sales AS s (month, product_id, organization_id, agent_id, client_type, quantity, sum_sale)
  SELECT date_trunc('month', r.date)::date, p.product_id, r.organization_id, r.agent_id, r.client_type,
    %3$s * sum(p.quantity), %3$s * sum(p.sum_sale)
  FROM %1$s p JOIN %2$s r ON r.id = p.order_id
  WHERE r.status <> 'cancelled'
  GROUP BY 1, 2, 3, 4, 5
  ON CONFLICT (month, product_id, organization_id, agent_id, client_type) DO UPDATE SET
    quantity = s.quantity + excluded.quantity, sum_sale = s.sum_sale + excluded.sum_sale
$q$, positions, orders, sign)
$f$;
--> statement-breakpoint
CREATE FUNCTION stat_visits_trigger() RETURNS trigger LANGUAGE plpgsql AS $f$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    EXECUTE stat_visits_sql('old_rows', -1);
    EXECUTE stat_visit_coverage_sql('old_rows', -1);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    EXECUTE stat_visits_sql('new_rows', 1);
    EXECUTE stat_visit_coverage_sql('new_rows', 1);
  END IF;
  RETURN NULL;
END
$f$;
--> statement-breakpoint
CREATE FUNCTION stat_orders_trigger() RETURNS trigger LANGUAGE plpgsql AS $f$
DECLARE
  moved constant text := $m$(SELECT p.* FROM order_positions p JOIN new_rows n ON n.id = p.order_id JOIN old_rows o ON o.id = n.id
    WHERE (n.status = 'cancelled') IS DISTINCT FROM (o.status = 'cancelled') OR date_trunc('month', n.date) <> date_trunc('month', o.date)
      OR n.organization_id <> o.organization_id OR n.agent_id <> o.agent_id OR n.client_type <> o.client_type)$m$;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    EXECUTE stat_orders_sql('old_rows', -1);
    EXECUTE stat_order_coverage_sql('old_rows', -1);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    EXECUTE stat_orders_sql('new_rows', 1);
    EXECUTE stat_order_coverage_sql('new_rows', 1);
  END IF;
  IF TG_OP = 'UPDATE' THEN
    -- an order whose cancellation, month, organization, agent or client type changed moves its positions' sales
    EXECUTE stat_sales_sql(moved, 'old_rows', -1);
    EXECUTE stat_sales_sql(moved, 'new_rows', 1);
  END IF;
  RETURN NULL;
END
$f$;
--> statement-breakpoint
CREATE FUNCTION stat_positions_trigger() RETURNS trigger LANGUAGE plpgsql AS $f$
BEGIN
  -- a position counts with its order as the order is now (an order is never deleted, only cancelled)
  IF TG_OP IN ('UPDATE', 'DELETE') THEN EXECUTE stat_sales_sql('old_rows', 'orders', -1); END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN EXECUTE stat_sales_sql('new_rows', 'orders', 1); END IF;
  RETURN NULL;
END
$f$;
--> statement-breakpoint
CREATE FUNCTION stat_organizations_trigger() RETURNS trigger LANGUAGE plpgsql AS $f$
BEGIN
  -- an organization that moved district or changed type or size moves its visits' and orders' figures
  IF EXISTS (SELECT 1 FROM new_rows n JOIN old_rows o ON o.id = n.id
             WHERE n.district_id <> o.district_id OR n.type <> o.type OR n.size IS DISTINCT FROM o.size) THEN
    EXECUTE replace(stat_visits_sql('visits', -1), 'JOIN organizations o', 'JOIN old_rows o');
    EXECUTE replace(stat_visits_sql('visits', 1), 'JOIN organizations o', 'JOIN new_rows o');
    EXECUTE replace(stat_orders_sql('orders', -1), 'JOIN organizations o', 'JOIN old_rows o');
    EXECUTE replace(stat_orders_sql('orders', 1), 'JOIN organizations o', 'JOIN new_rows o');
  END IF;
  RETURN NULL;
END
$f$;
--> statement-breakpoint
CREATE TRIGGER stat_visits_insert AFTER INSERT ON visits REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_visits_trigger();
--> statement-breakpoint
CREATE TRIGGER stat_visits_update AFTER UPDATE ON visits REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_visits_trigger();
--> statement-breakpoint
CREATE TRIGGER stat_visits_delete AFTER DELETE ON visits REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_visits_trigger();
--> statement-breakpoint
CREATE TRIGGER stat_orders_insert AFTER INSERT ON orders REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_orders_trigger();
--> statement-breakpoint
CREATE TRIGGER stat_orders_update AFTER UPDATE ON orders REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_orders_trigger();
--> statement-breakpoint
CREATE TRIGGER stat_orders_delete AFTER DELETE ON orders REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_orders_trigger();
--> statement-breakpoint
CREATE TRIGGER stat_positions_insert AFTER INSERT ON order_positions REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_positions_trigger();
--> statement-breakpoint
CREATE TRIGGER stat_positions_update AFTER UPDATE ON order_positions REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_positions_trigger();
--> statement-breakpoint
CREATE TRIGGER stat_positions_delete AFTER DELETE ON order_positions REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_positions_trigger();
--> statement-breakpoint
CREATE TRIGGER stat_organizations_update AFTER UPDATE ON organizations REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_organizations_trigger();
--> statement-breakpoint
-- what is already there, counted once
DO $$ BEGIN
  EXECUTE stat_visits_sql('visits', 1);
  EXECUTE stat_visit_coverage_sql('visits', 1);
  EXECUTE stat_orders_sql('orders', 1);
  EXECUTE stat_order_coverage_sql('orders', 1);
  EXECUTE stat_sales_sql('order_positions', 'orders', 1);
END $$;

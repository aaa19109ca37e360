-- What came back from deliveries (analytics' returnedSum): a stop delivered in part or refused returns positions
-- to stock (delivery_returns). Each return keeps its unit sale price, as a partial delivery removes a position
-- taken at 0 and reprices the others: quantity × sale_price is the value that came back, recountable from the rows.
ALTER TABLE "delivery_returns" ADD COLUMN "sale_price" bigint;--> statement-breakpoint
-- the returns already recorded: the price of the order's position of that batch, else of that product, else the
-- batch's own sale price (a position taken at 0 is gone: the price it had is not kept anywhere else)
UPDATE "delivery_returns" x SET "sale_price" = coalesce(
  (SELECT p.sale_price FROM order_positions p WHERE p.order_id = x.order_id AND p.batch_id = x.batch_id ORDER BY p.id LIMIT 1),
  (SELECT p.sale_price FROM order_positions p WHERE p.order_id = x.order_id AND p.product_id = x.product_id ORDER BY p.id LIMIT 1),
  (SELECT b.sale_price FROM batches b WHERE b.id = x.batch_id));--> statement-breakpoint
ALTER TABLE "delivery_returns" ALTER COLUMN "sale_price" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "stat_orders" ADD COLUMN "returned" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stat_orders_monthly" ADD COLUMN "returned" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "delivery_returns_order_idx" ON "delivery_returns" USING btree ("order_id");--> statement-breakpoint
-- An order's row carries what came back from its delivery, like its sum: the order's contribution now includes its
-- returns (read by order, delivery_returns_order_idx), so a change of the order's status, date, agent, client type
-- or organization moves them with it, and stat_count_all counts them.
CREATE OR REPLACE FUNCTION stat_orders_sql(src text, sign int, grain text DEFAULT 'day') RETURNS text LANGUAGE sql IMMUTABLE AS $f$
SELECT format($q$
  INSERT INTO %3$I AS s (day, agent_id, district_id, organization_type, organization_size, client_type, status, orders, sum_sale, paid, owed, returned)
  SELECT %4$s, r.agent_id, o.district_id, o.type, coalesce(o.size, ''), r.client_type, r.status,
    %2$s * count(*), %2$s * sum(r.sum_sale), %2$s * sum(r.paid),
    %2$s * sum(CASE WHEN r.status = 'cancelled' THEN 0 ELSE greatest(0, r.sum_sale - r.paid) END),
    %2$s * coalesce(sum((SELECT sum(x.quantity * x.sale_price) FROM delivery_returns x WHERE x.order_id = r.id)), 0)
  FROM %1$s r JOIN organizations o ON o.id = r.organization_id
  GROUP BY 1, 2, 3, 4, 5, 6, 7
  ON CONFLICT (day, agent_id, district_id, organization_type, organization_size, client_type, status) DO UPDATE SET
    orders = s.orders + excluded.orders, sum_sale = s.sum_sale + excluded.sum_sale,
    paid = s.paid + excluded.paid, owed = s.owed + excluded.owed, returned = s.returned + excluded.returned
$q$, src, sign, stat_grain_table('stat_orders', grain), stat_grain_day('r.date', grain))
$f$;
--> statement-breakpoint
-- returns (x) added to or taken from their order's row as the order is now
CREATE FUNCTION stat_returns_sql(src text, sign int, grain text DEFAULT 'day') RETURNS text LANGUAGE sql IMMUTABLE AS $f$
SELECT format($q$
  INSERT INTO %3$I AS s (day, agent_id, district_id, organization_type, organization_size, client_type, status, returned)
  SELECT %4$s, r.agent_id, o.district_id, o.type, coalesce(o.size, ''), r.client_type, r.status, %2$s * sum(x.quantity * x.sale_price)
  FROM %1$s x JOIN orders r ON r.id = x.order_id JOIN organizations o ON o.id = r.organization_id
  GROUP BY 1, 2, 3, 4, 5, 6, 7
  ON CONFLICT (day, agent_id, district_id, organization_type, organization_size, client_type, status) DO UPDATE SET
    returned = s.returned + excluded.returned
$q$, src, sign, stat_grain_table('stat_orders', grain), stat_grain_day('r.date', grain))
$f$;
--> statement-breakpoint
CREATE FUNCTION stat_returns_trigger() RETURNS trigger LANGUAGE plpgsql AS $f$
DECLARE
  grain text;
BEGIN
  FOREACH grain IN ARRAY ARRAY['day', 'month'] LOOP
    IF TG_OP IN ('UPDATE', 'DELETE') THEN EXECUTE stat_returns_sql('old_rows', -1, grain); END IF;
    IF TG_OP IN ('UPDATE', 'INSERT') THEN EXECUTE stat_returns_sql('new_rows', 1, grain); END IF;
  END LOOP;
  RETURN NULL;
END
$f$;
--> statement-breakpoint
CREATE TRIGGER stat_returns_insert AFTER INSERT ON delivery_returns REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_returns_trigger();
--> statement-breakpoint
CREATE TRIGGER stat_returns_update AFTER UPDATE ON delivery_returns REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_returns_trigger();
--> statement-breakpoint
CREATE TRIGGER stat_returns_delete AFTER DELETE ON delivery_returns REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION stat_returns_trigger();
--> statement-breakpoint
-- the returns already there, counted once (the order rows hold 0 in the new column)
DO $$ BEGIN
  EXECUTE stat_returns_sql('delivery_returns', 1, 'day');
  EXECUTE stat_returns_sql('delivery_returns', 1, 'month');
END $$;

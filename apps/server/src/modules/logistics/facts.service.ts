import { and, asc, desc, eq, gte, lt, ne, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { addDays, formatPlate, type DeliveryFact, type DeliveryFacts, type DeliveryFactTotal, type deliveryFactsQuery } from '@pharma/contracts';
import type { Db } from '../../db/client.js';
import type { Actor } from '../../platform/auth.js';
import { inScope } from '../../platform/scope.js';
import { offsetOf, orderBy } from '../../platform/paging.js';
import { dayStart, isoInstant } from '../../platform/sql.js';
import { users } from '../users/users.table.js';
import { organizations } from '../organizations/organizations.table.js';
import { orders } from '../orders/orders.table.js';
import { formatOrderNumber } from '../orders/orders.service.js';
import { cars, deliveries, deliveryStops } from './logistics.table.js';

type FactsQuery = Omit<z.output<typeof deliveryFactsQuery>, 'page' | 'size'> & { page?: number; size?: number };

/**
 * Each stop's rank in its delivery (0-based, by id: stable when the stops are re-ordered) and the
 * delivery's stop count, over all its stops, so a fact's share does not depend on the filters.
 */
const rankedStops = (db: Db) =>
  db
    .select({
      stopId: sql<number>`${deliveryStops.id}`.as('ranked_stop_id'),
      rank: sql<number>`(row_number() over (partition by ${deliveryStops.deliveryId} order by ${deliveryStops.id}) - 1)::int`.as('ranked_rank'),
      n: sql<number>`(count(*) over (partition by ${deliveryStops.deliveryId}))::int`.as('ranked_n'),
    })
    .from(deliveryStops)
    .as('ranked');

/** The stop's share of a delivery total, in SQL: equal parts, the remainder to the first stops (shareOfStop). */
const share = (ranked: ReturnType<typeof rankedStops>, total: SQL | typeof deliveries.cost) =>
  sql<number>`(${total}::bigint / ${ranked.n} + case when ${ranked.rank} < ${total}::bigint % ${ranked.n} then 1 else 0 end)`;

function factsFrom(db: Db, actor: Actor, query: FactsQuery) {
  const ranked = rankedStops(db);
  const shares = {
    boxes: share(ranked, sql`${deliveries.boxCount}`),
    distanceM: share(ranked, sql`${deliveries.distanceM}`),
    cost: share(ranked, deliveries.cost),
  };
  const where = and(
    ne(deliveryStops.status, 'pending'),
    inScope(actor, deliveries.courierId),
    query.from ? gte(deliveryStops.deliveredAt, dayStart(query.from)) : undefined,
    query.to ? lt(deliveryStops.deliveredAt, dayStart(addDays(query.to, 1))) : undefined,
    query.courierId ? eq(deliveries.courierId, query.courierId) : undefined,
    query.carId ? eq(deliveries.carId, query.carId) : undefined,
  );
  return { ranked, shares, where };
}

/**
 * GET /api/deliveries/facts: the closed stops of the period (by the business date they were
 * closed) in the actor's scope, newest first, each with its share of the delivery's boxes,
 * distance and cost; with the period's totals, all together, per courier and per car.
 */
/** A page of facts with the totals; `limit` (and `offset`) instead of the query's page for an export. */
export async function listFacts(db: Db, actor: Actor, query: FactsQuery, limit?: number, offset = 0): Promise<DeliveryFacts> {
  const { ranked, shares, where } = factsFrom(db, actor, query);
  const size = limit ?? query.size ?? 25;
  const base = <S extends Record<string, unknown>>(select: S) =>
    db
      .select(select as never)
      .from(deliveryStops)
      .innerJoin(ranked, eq(ranked.stopId, deliveryStops.id))
      .innerJoin(deliveries, eq(deliveries.id, deliveryStops.deliveryId))
      .innerJoin(orders, eq(orders.id, deliveryStops.orderId))
      .innerJoin(organizations, eq(organizations.id, orders.organizationId))
      .leftJoin(users, eq(users.id, deliveries.courierId))
      .leftJoin(cars, eq(cars.id, deliveries.carId))
      .where(where);
  const sums = {
    stops: sql<number>`count(*)::int`,
    deliveries: sql<number>`count(distinct ${deliveries.id})::int`,
    boxes: sql<number>`coalesce(sum(${shares.boxes}), 0)::bigint`,
    distanceM: sql<number>`coalesce(sum(${shares.distanceM}), 0)::bigint`,
    cost: sql<number>`coalesce(sum(${shares.cost}), 0)::bigint`,
  };
  const sort = orderBy<'deliveredAt' | 'cost' | 'delivery' | 'order'>(
    query.sort,
    { deliveredAt: deliveryStops.deliveredAt, cost: shares.cost, delivery: deliveries.number, order: orders.number },
    'deliveredAt',
    deliveryStops.id,
  );
  const [rows, [all], byCourier, byCar] = await Promise.all([
    base({
      stopId: deliveryStops.id,
      deliveryId: deliveries.id,
      deliveryNumberValue: deliveries.number,
      date: sql<string>`${deliveries.date}::text`,
      type: deliveries.type,
      orderId: orders.id,
      orderNumberValue: orders.number,
      organizationName: organizations.name,
      address: orders.deliveryAddress,
      status: deliveryStops.status,
      deliveredAt: isoInstant(deliveryStops.deliveredAt),
      courierId: deliveries.courierId,
      courierName: users.fullName,
      carId: deliveries.carId,
      carPlateValue: cars.plate,
      recipientName: deliveryStops.recipientName,
      proofLat: deliveryStops.proofLat,
      proofLng: deliveryStops.proofLng,
      proofDistanceM: deliveryStops.proofDistanceM,
      farFromStop: deliveryStops.proofFar,
      boxes: shares.boxes,
      distanceM: shares.distanceM,
      cost: shares.cost,
    })
      .orderBy(...(query.sort ? sort : [desc(deliveryStops.deliveredAt), desc(deliveryStops.id)]))
      .limit(size)
      .offset(limit ? offset : offsetOf({ page: query.page ?? 1, size })) as unknown as Promise<FactRow[]>,
    base(sums) as unknown as Promise<TotalRow[]>,
    base({ id: deliveries.courierId, name: users.fullName, ...sums })
      .groupBy(deliveries.courierId, users.fullName)
      .orderBy(asc(users.fullName)) as unknown as Promise<TotalRow[]>,
    base({ id: deliveries.carId, name: cars.plate, ...sums })
      .groupBy(deliveries.carId, cars.plate)
      .orderBy(asc(cars.plate)) as unknown as Promise<TotalRow[]>,
  ]);
  const total = (row: TotalRow | undefined, name = row?.name ?? null): DeliveryFactTotal => ({
    id: row?.id ?? null,
    name,
    stops: Number(row?.stops ?? 0),
    deliveries: Number(row?.deliveries ?? 0),
    boxes: Number(row?.boxes ?? 0),
    distanceM: Number(row?.distanceM ?? 0),
    cost: Number(row?.cost ?? 0),
  });
  return {
    items: rows.map(toFact),
    total: Number(all?.stops ?? 0),
    page: limit ? 1 : (query.page ?? 1),
    size,
    totals: {
      all: total(all, null),
      byCourier: byCourier.map((r) => total(r)),
      byCar: byCar.map((r) => total(r, r.name ? formatPlate(r.name) : null)),
    },
  };
}

interface TotalRow {
  id: number | null;
  name: string | null;
  stops: number;
  deliveries: number;
  boxes: number | string;
  distanceM: number | string;
  cost: number | string;
}

interface FactRow {
  stopId: number;
  deliveryId: number;
  deliveryNumberValue: number;
  date: string;
  type: DeliveryFact['type'];
  orderId: number;
  orderNumberValue: number;
  organizationName: string;
  address: string;
  status: DeliveryFact['status'];
  deliveredAt: string;
  courierId: number | null;
  courierName: string | null;
  carId: number | null;
  carPlateValue: string | null;
  recipientName: string | null;
  proofLat: number | null;
  proofLng: number | null;
  proofDistanceM: number | null;
  farFromStop: boolean;
  boxes: number | string;
  distanceM: number | string;
  cost: number | string;
}

function toFact({ deliveryNumberValue, orderNumberValue, carPlateValue, ...row }: FactRow): DeliveryFact {
  return {
    ...row,
    deliveryNumber: String(deliveryNumberValue).padStart(6, '0'),
    orderNumber: formatOrderNumber(orderNumberValue),
    carPlate: carPlateValue ? formatPlate(carPlateValue) : null,
    boxes: Number(row.boxes),
    distanceM: Number(row.distanceM),
    cost: Number(row.cost),
  };
}

import { and, asc, desc, eq, exists, inArray, sql } from 'drizzle-orm';
import {
  businessDate,
  pricePosition,
  resolveMarkup,
  sellOutPerDay,
  shelfLifeMonthsToDays,
  suggestFromCounts,
  type ClientType,
  type OrganizationSuggestedOrder,
} from '@pharma/contracts';
import type { Db } from '../../db/client.js';
import type { Actor } from '../../platform/auth.js';
import { notFound } from '../../platform/errors.js';
import { isoInstant } from '../../platform/sql.js';
import { producers, products } from '../catalog/catalog.table.js';
import { organizations } from '../organizations/organizations.table.js';
import { organizationScope } from '../organizations/organizations.service.js';
import { getTradeSettings } from '../pricing/pricing.service.js';
import { batches } from '../stock/stock.table.js';
import { fefoOrder, freeStockOf, reservableCondition } from '../stock/stock.service.js';
import { users } from '../users/users.table.js';
import { visitRemainders, visits } from './visits.table.js';
import { deliveredBetween, previousVisitWithRemainders } from './visit-order.service.js';

const dayMs = 86_400_000;

const remaindersOf = async (db: Db, visitId: number | undefined) =>
  visitId === undefined
    ? new Map<number, number>()
    : new Map(
        (
          await db
            .select({ productId: visitRemainders.productId, quantity: visitRemainders.quantity })
            .from(visitRemainders)
            .where(eq(visitRemainders.visitId, visitId))
        ).map((r) => [r.productId, r.quantity]),
      );

/**
 * GET /api/visits/suggested-order?organizationId= (/testOrder): the visit screen's suggested order,
 * recomputed for checking. The last completed visit of the organization with remainders is the
 * "current" count and the one before it (`previousVisitWithRemainders`, as the visit screen picks it)
 * the previous; what we delivered between the two completions (`deliveredBetween`) joins them; the one
 * rule (contracts' `suggestFromCounts`) gives each product's sell-out and suggested quantity. Each line
 * is priced as an order for this client would price the batch FEFO takes first (its minimum shelf
 * life applied; base price, markup by client type and category, VAT). Nothing is saved or reserved.
 * 404 for an organization outside the viewer's territories.
 */
export async function organizationSuggestedOrder(db: Db, actor: Actor, organizationId: number, now = new Date()): Promise<OrganizationSuggestedOrder> {
  const [organization] = await db
    .select({
      id: organizations.id,
      name: organizations.name,
      clientType: sql<ClientType>`coalesce(${organizations.defaultClientType}, 'retail')`,
      minShelfLifeMonths: organizations.minShelfLifeMonths,
    })
    .from(organizations)
    .where(and(eq(organizations.id, organizationId), organizationScope(actor)));
  if (!organization) throw notFound();

  const [last] = await db
    .select({
      id: visits.id,
      organizationId: visits.organizationId,
      startedAt: sql<string | null>`case when ${visits.startedAt} is null then null else ${isoInstant(visits.startedAt)} end`,
      plannedStart: isoInstant(visits.plannedStart),
      completedAt: visits.completedAt,
      representativeName: users.fullName,
    })
    .from(visits)
    .innerJoin(users, eq(users.id, visits.representativeId))
    .where(
      and(
        eq(visits.organizationId, organizationId),
        eq(visits.status, 'completed'),
        exists(
          db
            .select({ one: sql`1` })
            .from(visitRemainders)
            .where(eq(visitRemainders.visitId, visits.id)),
        ),
      ),
    )
    .orderBy(desc(visits.plannedStart), desc(visits.id))
    .limit(1);
  const previous = last ? await previousVisitWithRemainders(db, last) : undefined;
  const [previousRep] = previous
    ? await db.select({ name: users.fullName }).from(visits).innerJoin(users, eq(users.id, visits.representativeId)).where(eq(visits.id, previous.id))
    : [];

  const from = previous?.completedAtInstant;
  const until = last?.completedAt ?? now;
  const [before, current, delivered, settings] = await Promise.all([
    remaindersOf(db, previous?.id),
    remaindersOf(db, last?.id),
    from ? deliveredBetween(db, organizationId, from, until) : Promise.resolve(new Map<number, number>()),
    getTradeSettings(db),
  ]);
  const figures = suggestFromCounts(before, delivered, current);
  const productIds = figures.map((f) => f.productId);
  const minShelfLifeDays = shelfLifeMonthsToDays(organization.minShelfLifeMonths, businessDate(now));
  const [productRows, free, firstBatches] = productIds.length
    ? await Promise.all([
        db
          .select({
            id: products.id,
            name: products.name,
            categoryId: products.categoryId,
            subcategoryId: products.subcategoryId,
            producerName: producers.name,
          })
          .from(products)
          .innerJoin(producers, eq(producers.id, products.producerId))
          .where(inArray(products.id, productIds)),
        freeStockOf(db, productIds, now, minShelfLifeDays),
        // the batch FEFO would take first for this client, per product
        db
          .selectDistinctOn([batches.productId], { productId: batches.productId, basePrice: batches.basePrice })
          .from(batches)
          .where(
            and(inArray(batches.productId, productIds), reservableCondition(businessDate(now), minShelfLifeDays), sql`${batches.onHand} > ${batches.reserved}`),
          )
          .orderBy(asc(batches.productId), ...fefoOrder),
      ])
    : [[], new Map<number, number>(), []];
  const productOf = new Map(productRows.map((p) => [p.id, p]));
  const basePriceOf = new Map(firstBatches.map((b) => [b.productId, b.basePrice]));

  const days = from && last?.completedAt ? Math.round(((last.completedAt.getTime() - from.getTime()) / dayMs) * 10) / 10 : null;
  const lines = figures
    .map((f) => {
      const product = productOf.get(f.productId)!;
      const basePrice = basePriceOf.get(f.productId);
      const priced =
        basePrice === undefined
          ? null
          : pricePosition({
              basePrice,
              quantity: Math.max(1, f.suggestedQuantity),
              markupPercent: resolveMarkup(settings, organization.clientType, product),
              vatPercent: settings.vatPercent,
            });
      return {
        ...f,
        productName: product.name,
        producerName: product.producerName,
        freeStock: free.get(f.productId) ?? 0,
        sellOutPerDay: sellOutPerDay(f.sellOut, days),
        price: priced?.salePrice ?? null,
        sum: priced && f.suggestedQuantity > 0 ? priced.sumSale : 0,
      };
    })
    .sort((a, b) => a.productName.localeCompare(b.productName, 'ru') || a.producerName.localeCompare(b.producerName, 'ru') || a.productId - b.productId);

  const countOf = (visit: { id: number; completedAt: string | null; plannedStart: string } | undefined, representativeName: string | undefined) =>
    visit ? { visitId: visit.id, countedAt: visit.completedAt ?? visit.plannedStart, representativeName: representativeName ?? '' } : null;
  return {
    organizationId: organization.id,
    organizationName: organization.name,
    clientType: organization.clientType,
    previousCount: countOf(previous, previousRep?.name),
    lastCount: last
      ? { visitId: last.id, countedAt: (last.completedAt ?? now).toISOString().replace(/\.\d{3}Z$/, 'Z'), representativeName: last.representativeName }
      : null,
    days,
    lines,
    total: lines.reduce((sum, l) => sum + l.sum, 0),
  };
}

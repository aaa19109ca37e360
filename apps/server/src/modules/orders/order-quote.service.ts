import { inArray, sql } from 'drizzle-orm';

import type { z } from 'zod';
import { bpToPercent, businessDate, prepaymentAmount, priceTotals, shelfLifeMonthsToDays, type quoteOrderBody, type OrderQuote } from '@pharma/contracts';
import type { Db } from '../../db/client.js';
import { asSystem, type Actor } from '../../platform/auth.js';

import { batches } from '../stock/stock.table.js';

import { assertOrganizationOpen } from '../organizations/organizations.service.js';

import { releaseDocument } from '../stock/reservations.service.js';
import { getTradeSettings } from '../pricing/pricing.service.js';

import { orderCredit } from './credit.js';
import { orderDocument, getOrder } from './orders.service.js';
import { reserveAndPrice } from './order-lines.service.js';

/** The quote: an order's lines priced as creating would, in a transaction rolled back. */
/** Carries the priced lines out of the transaction that is rolled back. */
class Quoted extends Error {
  constructor(readonly lines: Awaited<ReturnType<typeof reserveAndPrice>>) {
    super('quoted');
  }
}

/**
 * POST /api/orders/quote: the lines reserved and priced exactly as creating (or saving, with orderId)
 * would, inside a transaction that is then rolled back — so the screen's live totals are the
 * server's own arithmetic, to the tiyin, and nothing is kept.
 */
export async function quoteOrder(db: Db, actor: Actor, input: z.output<typeof quoteOrderBody>, now = new Date()): Promise<OrderQuote> {
  const terms = await assertOrganizationOpen(db, input.organizationId, { actor });
  const current = input.orderId ? await getOrder(db, actor, input.orderId) : null;
  const settings = await getTradeSettings(db);
  const clientType = input.clientType ?? current?.clientType ?? terms.defaultClientType ?? 'retail';
  const prepaymentPercent = input.prepaymentPercent ?? current?.prepaymentPercent ?? settings.prepaymentPercent;
  const vatPercent = current?.vatPercent ?? settings.vatPercent;
  let lines: Quoted['lines'] = [];
  try {
    await db.transaction(async (tx) => {
      if (current) await releaseDocument(tx, asSystem(actor), orderDocument(current.id), now);
      const priced = await reserveAndPrice(
        tx,
        asSystem(actor),
        { documentType: 'order', documentId: 'quote' },
        input.positions,
        {
          clientType,
          markupPercent: input.markupPercent ?? undefined,
          vatPercent,
          prepaymentPercent,
          settings,
          minShelfLifeDays: shelfLifeMonthsToDays(terms.minShelfLifeMonths, businessDate(now)),
        },
        now,
      );
      throw new Quoted(priced);
    });
  } catch (error) {
    if (!(error instanceof Quoted)) throw error;
    lines = error.lines;
  }
  const batchRows = await db
    .select({ id: batches.id, series: batches.series, expiryDate: sql<string>`${batches.expiryDate}::text` })
    .from(batches)
    .where(
      inArray(
        batches.id,
        lines.map((l) => l.batchId),
      ),
    );
  const batchOf = new Map(batchRows.map((b) => [b.id, b]));
  const totals = priceTotals(lines);
  const prepayment = prepaymentAmount(totals.sumSale, prepaymentPercent);
  // what the approval will meet once the prepayment is in (decision 022): the wizard warns before the order exists
  const credit = await orderCredit(
    db,
    { organizationId: input.organizationId, sumSale: totals.sumSale, prepaymentAmount: prepayment, paid: Math.max(prepayment, current?.paid ?? 0) },
    now,
  );
  return {
    clientType,
    vatPercent,
    prepaymentPercent,
    positions: lines.map((l) => ({
      productId: l.productId,
      batchId: l.batchId,
      series: batchOf.get(l.batchId)?.series ?? '',
      expiryDate: batchOf.get(l.batchId)?.expiryDate ?? '',
      quantity: l.quantity,
      basePrice: l.basePrice,
      basePriceWithVat: l.basePriceWithVat,
      markupPercent: bpToPercent(l.markupBp),
      vatPercent: bpToPercent(l.vatBp),
      salePrice: l.salePrice,
      sumBaseWithVat: l.sumBaseWithVat,
      sumSale: l.sumSale,
    })),
    sumBaseWithVat: totals.sumBaseWithVat,
    sumSale: totals.sumSale,
    prepaymentAmount: prepayment,
    creditReasons: credit.reasons,
  };
}

// ---------------------------------------------------------------- edit

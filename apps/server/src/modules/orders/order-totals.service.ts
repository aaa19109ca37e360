import { eq } from 'drizzle-orm';
import { bpToPercent, prepaymentAmount, pricePosition, priceTotals } from '@pharma/contracts';
import type { Tx } from '../../db/client.js';
import { orderPositions, orders } from './orders.table.js';

/** Writes an order's sums and prepayment from its positions: the one place an order's totals are set. */
export async function writeOrderTotals(
  tx: Tx,
  orderId: number,
  positions: readonly { quantity: number; sumBase: number; sumBaseWithVat: number; sumSale: number }[],
  prepaymentPercent: number,
  now: Date,
) {
  const totals = priceTotals(positions);
  await tx
    .update(orders)
    .set({
      sumBase: totals.sumBase,
      sumBaseWithVat: totals.sumBaseWithVat,
      sumSale: totals.sumSale,
      prepaymentAmount: prepaymentAmount(totals.sumSale, prepaymentPercent),
      updatedAt: now,
    })
    .where(eq(orders.id, orderId));
  return totals;
}

/** The one owner of "positions → totals": the order's sums and prepayment follow its stored positions. */
export async function retotalOrder(tx: Tx, orderId: number, now: Date) {
  const positions = await tx
    .select({
      quantity: orderPositions.quantity,
      sumBase: orderPositions.sumBase,
      sumBaseWithVat: orderPositions.sumBaseWithVat,
      sumSale: orderPositions.sumSale,
    })
    .from(orderPositions)
    .where(eq(orderPositions.orderId, orderId));
  const [order] = await tx.select({ prepaymentBp: orders.prepaymentBp }).from(orders).where(eq(orders.id, orderId));
  return writeOrderTotals(tx, orderId, positions, bpToPercent(order!.prepaymentBp), now);
}

/**
 * A partial delivery: each position keeps the quantity the client took, repriced at its own prices
 * (removed at 0), and the order is re-totalled. Answers the totals before and after.
 */
export async function keepDeliveredQuantities(tx: Tx, orderId: number, taken: ReadonlyMap<number, number>, now: Date) {
  const positions = await tx.select().from(orderPositions).where(eq(orderPositions.orderId, orderId));
  const [before] = await tx.select({ sumSale: orders.sumSale }).from(orders).where(eq(orders.id, orderId));
  for (const p of positions) {
    const quantity = taken.get(p.id) ?? p.quantity;
    if (quantity === p.quantity) continue;
    if (quantity === 0) {
      await tx.delete(orderPositions).where(eq(orderPositions.id, p.id));
      continue;
    }
    const priced = pricePosition({ basePrice: p.basePrice, quantity, markupPercent: bpToPercent(p.markupBp), vatPercent: bpToPercent(p.vatBp) });
    await tx
      .update(orderPositions)
      .set({ quantity, sumBase: priced.sumBase, sumBaseWithVat: priced.sumBaseWithVat, sumSale: priced.sumSale })
      .where(eq(orderPositions.id, p.id));
  }
  const totals = await retotalOrder(tx, orderId, now);
  return { before: before!.sumSale, after: totals.sumSale };
}

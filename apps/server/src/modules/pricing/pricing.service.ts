import { eq } from 'drizzle-orm';
import { bpToPercent, defaultTradeSettings, percentToBp, type TradeSettings } from '@pharma/contracts';
import type { Db, Tx } from '../../db/client.js';
import type { Actor } from '../../platform/auth.js';
import { AppError } from '../../platform/errors.js';
import { recordAudit } from '../../platform/audit/audit.js';
import { existingCategoryIds } from '../catalog/categories.service.js';
import { categoryMarkups, tradeSettings } from './pricing.table.js';

const orNull = (bp: number | null) => (bp === null ? null : bpToPercent(bp));

/** Settings → prepayments and markups (the contract's defaults until an administrator saves them). */
export async function getTradeSettings(db: Tx): Promise<TradeSettings> {
  // one after the other: read inside the order's transaction too, whose connection takes one query at a time
  const [row] = await db.select().from(tradeSettings).where(eq(tradeSettings.id, 1));
  const markups = await db.select().from(categoryMarkups).orderBy(categoryMarkups.categoryId);
  if (!row)
    return {
      ...defaultTradeSettings,
      categoryMarkups: markups.map((m) => ({ categoryId: m.categoryId, wholesale: orNull(m.wholesaleBp), retail: orNull(m.retailBp) })),
    };
  return {
    vatPercent: bpToPercent(row.vatBp),
    markups: { wholesale: bpToPercent(row.wholesaleMarkupBp), retail: bpToPercent(row.retailMarkupBp) },
    prepaymentPercent: bpToPercent(row.prepaymentBp),
    shortDatedDays: row.shortDatedDays,
    categoryMarkups: markups.map((m) => ({ categoryId: m.categoryId, wholesale: orNull(m.wholesaleBp), retail: orNull(m.retailBp) })),
  };
}

/** Only the number of days before expiry that counts as short-dated (every stock list needs it). */
export async function shortDatedDays(db: Db): Promise<number> {
  const [row] = await db.select({ days: tradeSettings.shortDatedDays }).from(tradeSettings).where(eq(tradeSettings.id, 1));
  return row?.days ?? defaultTradeSettings.shortDatedDays;
}

export async function saveTradeSettings(db: Db, actor: Actor | null, input: TradeSettings): Promise<TradeSettings> {
  const ids = input.categoryMarkups.map((c) => c.categoryId);
  const existing = await existingCategoryIds(db, ids);
  const missing = input.categoryMarkups.findIndex((c) => !existing.has(c.categoryId));
  if (missing >= 0) throw new AppError('VALIDATION_FAILED', { fields: { [`categoryMarkups.${missing}.categoryId`]: 'invalidOption' } });
  const before = await getTradeSettings(db);
  const values = {
    vatBp: percentToBp(input.vatPercent),
    wholesaleMarkupBp: percentToBp(input.markups.wholesale),
    retailMarkupBp: percentToBp(input.markups.retail),
    prepaymentBp: percentToBp(input.prepaymentPercent),
    shortDatedDays: input.shortDatedDays,
    updatedAt: new Date(),
    updatedBy: actor?.id ?? null,
  };
  await db.transaction(async (tx) => {
    await tx
      .insert(tradeSettings)
      .values({ id: 1, ...values })
      .onConflictDoUpdate({ target: tradeSettings.id, set: values });
    await tx.delete(categoryMarkups);
    const rows = input.categoryMarkups
      .filter((c) => c.wholesale !== null || c.retail !== null)
      .map((c) => ({
        categoryId: c.categoryId,
        wholesaleBp: c.wholesale === null ? null : percentToBp(c.wholesale),
        retailBp: c.retail === null ? null : percentToBp(c.retail),
      }));
    if (rows.length) await tx.insert(categoryMarkups).values(rows);
    await recordAudit(tx, actor, { entity: 'tradeSettings', entityId: 1, action: 'update', before, after: input });
  });
  return getTradeSettings(db);
}

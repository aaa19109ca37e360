import { and, asc, eq, sql } from 'drizzle-orm';
import { searchKey, type Producer, type SaveProducerBody, type listProducersQuery } from '@pharma/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { Actor } from '../../platform/auth.js';
import { fieldError, notFound } from '../../platform/errors.js';
import { recordAudit } from '../../platform/audit/audit.js';
import { likePattern } from '../../platform/paging.js';
import { isUniqueViolation, pgConstraint } from '../../platform/sql.js';
import { producers, products } from './catalog.table.js';
import { productSearchKey } from './catalog.service.js';

/** Producers: the pick-list and Settings → producers. */
const producerColumns = {
  id: producers.id,
  name: producers.name,
  country: producers.country,
  // written out: in a one-table select Drizzle leaves the outer column unqualified, which the subquery would take as its own
  productCount: sql<number>`(select count(*) from products p where p.producer_id = "producers"."id")::int`,
};

export async function listProducers(db: Db, query: z.output<typeof listProducersQuery>): Promise<Producer[]> {
  return db
    .select(producerColumns)
    .from(producers)
    .where(
      and(
        query.q ? sql`${producers.searchKey} like ${likePattern(searchKey(query.q))}` : undefined,
        query.country ? eq(producers.country, query.country) : undefined,
      ),
    )
    .orderBy(asc(producers.name))
    .limit(2000);
}

async function getProducer(db: Db, id: number): Promise<Producer> {
  const [row] = await db.select(producerColumns).from(producers).where(eq(producers.id, id));
  if (!row) throw notFound();
  return row;
}

function producerNameTaken(error: unknown): never {
  if (isUniqueViolation(error) && pgConstraint(error) === 'producers_name_idx') throw fieldError('VALIDATION_FAILED', 'name', 'duplicate');
  throw error;
}

export async function saveProducer(db: Db, actor: Actor, input: SaveProducerBody, id?: number): Promise<Producer> {
  if (id) await getProducer(db, id);
  try {
    const savedId = await db.transaction(async (tx) => {
      const values = { name: input.name, country: input.country, searchKey: searchKey(input.name) };
      if (!id) {
        const [created] = await tx.insert(producers).values(values).returning();
        await recordAudit(tx, actor, {
          entity: 'producer',
          entityId: created!.id,
          action: 'create',
          after: { name: created!.name, country: created!.country },
        });
        return created!.id;
      }
      const [before] = await tx.select().from(producers).where(eq(producers.id, id)).for('update');
      await tx.update(producers).set(values).where(eq(producers.id, id));
      if (before!.name !== input.name) {
        // the producer's name is part of its products' search keys
        const own = await tx.select({ id: products.id, name: products.name, barcode: products.barcode }).from(products).where(eq(products.producerId, id));
        for (const p of own)
          await tx
            .update(products)
            .set({ searchKey: productSearchKey(p.name, input.name, p.barcode) })
            .where(eq(products.id, p.id));
      }
      await recordAudit(tx, actor, {
        entity: 'producer',
        entityId: id,
        action: 'update',
        before: { name: before!.name, country: before!.country },
        after: { name: input.name, country: input.country },
      });
      return id;
    });
    return getProducer(db, savedId);
  } catch (error) {
    producerNameTaken(error);
  }
}

// ---------------------------------------------------------------- categories

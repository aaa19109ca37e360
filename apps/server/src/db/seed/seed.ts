import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { queryRows, type Db } from '../client.js';
import { seedReference } from './reference.js';
import { seedDemo } from './demo.js';

/**
 * Reference data (roles and rights, regions and districts) is always needed;
 * demo data fills an empty database on first start so every screen looks real.
 */
export async function seedIfEmpty(db: Db, mode: 'demo' | 'none', log?: Pick<FastifyBaseLogger, 'info'>) {
  const [existing] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from roles`);
  if (Number(existing?.n) > 0) return;
  const started = Date.now();
  await seedReference(db);
  if (mode === 'demo') await seedDemo(db);
  log?.info({ ms: Date.now() - started, mode }, 'database seeded');
}

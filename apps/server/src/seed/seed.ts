import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { queryRows, type Db } from '../db/client.js';
import { seedReference } from './reference.js';
import { seedPlatformDemo } from './demo.js';
import { seedStockDemo } from './stock.js';
import { seedCounterpartiesDemo } from './counterparties.js';
import { seedVisitsDemo } from './visits.js';
import { seedFleetDemo } from './fleet.js';
import { seedOrdersDemo } from './orders.js';
import { seedLeadsDemo } from './leads.js';
import { seedChatsDemo } from './chats.js';
import { seedKnowledgeDemo } from './knowledge.js';
import { seedTestingDemo } from './testing.js';

/** Demo data, one step per domain in dependency order; a new domain adds its step here. */
const demoSteps: [domain: string, step: (db: Db) => Promise<void>][] = [
  ['platform', seedPlatformDemo],
  ['stock', (db) => seedStockDemo(db)],
  ['counterparties', seedCounterpartiesDemo],
  ['visits', (db) => seedVisitsDemo(db)],
  ['fleet', seedFleetDemo],
  // orders and the deliveries they travelled in (the fleet's cars and couriers)
  ['orders', (db) => seedOrdersDemo(db)],
  ['leads', (db) => seedLeadsDemo(db)],
  ['chats', (db) => seedChatsDemo(db)],
  ['knowledge', seedKnowledgeDemo],
  ['testing', (db) => seedTestingDemo(db)],
];

/**
 * Reference data (roles and rights, regions and districts) is always needed;
 * demo data fills an empty database on first start so every screen looks real.
 */
export async function seedIfEmpty(db: Db, mode: 'demo' | 'none', log?: Pick<FastifyBaseLogger, 'info'>) {
  const [existing] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from roles`);
  if (Number(existing?.n) > 0) return;
  const started = Date.now();
  await seedReference(db);
  log?.info({ ms: Date.now() - started }, 'reference data seeded');
  if (mode !== 'demo') return;
  for (const [domain, step] of demoSteps) {
    const stepStarted = Date.now();
    await step(db);
    log?.info({ ms: Date.now() - stepStarted, domain }, 'demo data seeded');
  }
}

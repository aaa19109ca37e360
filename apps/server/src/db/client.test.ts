import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { Database } from './client.js';
import { openTestDatabase, testDriver } from '../test/test-database.js';
import { departments } from '../modules/org-units/org-units.table.js';
import { createTestApp, makeUser, authFor, type TestContext } from '../test/test-app.js';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

describe(`database layer (${testDriver})`, () => {
  it('keeps a concurrent query out of another open transaction', async () => {
    const { db } = database;
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let inserted!: () => void;
    const insertedInTx = new Promise<void>((r) => (inserted = r));

    // transaction A inserts, then waits while another caller writes, then rolls back
    const txA = db
      .transaction(async (tx) => {
        await tx.insert(departments).values({ name: 'rolled back' });
        inserted();
        await held;
        throw new Error('roll back');
      })
      .catch((e: Error) => e.message);

    await insertedInTx;
    // B runs outside any transaction while A is open
    const outside = db.insert(departments).values({ name: 'committed' }).returning();
    release();
    expect(await txA).toBe('roll back');
    await outside;

    const names = (await db.select({ name: departments.name }).from(departments)).map((r) => r.name);
    expect(names).toContain('committed');
    expect(names).not.toContain('rolled back');
  });

  it('runs many interleaved transactions without losing or mixing writes', async () => {
    const { db } = database;
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        db
          .transaction(async (tx) => {
            await tx.insert(departments).values({ name: `tx ${i}` });
            await new Promise((r) => setImmediate(r));
            if (i % 2) throw new Error('odd rolls back');
          })
          .catch(() => undefined),
      ),
    );
    const rows = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(departments)
      .where(sql`${departments.name} like 'tx %'`);
    expect(rows[0]!.n).toBe(10);
    const [odd] = await db.select().from(departments).where(eq(departments.name, 'tx 1'));
    expect(odd).toBeUndefined();
  });
});

describe('concurrent requests through the API', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('serves interleaved writing and reading requests consistently', async () => {
    const admin = await makeUser(t.db, 'admin');
    const headers = authFor(t.app, admin);
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        i % 3 === 0
          ? t.app.inject({ method: 'GET', url: '/api/departments', headers })
          : t.app.inject({ method: 'POST', url: '/api/departments', headers, payload: { name: `Dept ${i}` } }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(20);
    expect(results.every((r) => r.statusCode < 300)).toBe(true);
    const list = await t.app.inject({ method: 'GET', url: '/api/departments', headers });
    expect(list.json()).toHaveLength(20);
    // every write was audited in its own transaction
    const audit = await t.app.inject({ method: 'GET', url: '/api/audit?entity=department&size=100', headers });
    expect(audit.json().total).toBe(20);
  });
});

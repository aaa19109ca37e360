import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../db/client.js';
import { authFor, createTestApp, type TestContext } from '../test/test-app.js';
import { seedPlatformDemo } from './demo.js';
import { seedCounterpartiesDemo } from './counterparties.js';
import { seedLeadsDemo } from './leads.js';
import { seedChatsDemo } from './chats.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
  await seedPlatformDemo(t.db);
  await seedCounterpartiesDemo(t.db);
  await seedLeadsDemo(t.db, new Date('2026-11-20T08:00:00Z'));
}, 120_000);
afterAll(() => t.close());

describe('leads demo data', () => {
  it('gives each demo rep leads from every source across the pipeline, the lost ones with a reason, each with its history', async () => {
    const [s] = await queryRows<{ reps: number; n: number; sources: number; stages: number; lostWithoutReason: number; withoutHistory: number }>(
      t.db,
      sql`select count(distinct assigned_to)::int as reps, count(*)::int as n, count(distinct source)::int as sources, count(distinct stage_id)::int as stages,
        count(*) filter (where stage_id = (select id from lead_stages where kind = 'lost') and lost_reason is null)::int as "lostWithoutReason",
        count(*) filter (where not exists (select 1 from lead_stage_history h where h.lead_id = leads.id and h.to_stage_id = leads.stage_id))::int as "withoutHistory"
        from leads`,
    );
    expect(s).toMatchObject({ reps: 5, sources: 8, stages: 5, lostWithoutReason: 0, withoutHistory: 0 });
    expect(s!.n).toBeGreaterThanOrEqual(60);
    // the demo rep sees their own on the board
    const [rep] = await queryRows<{ id: number }>(t.db, sql`select id from users where login = 'rep'`);
    const board = await t.app.inject({ method: 'GET', url: '/api/leads/board', headers: authFor(t.app, rep!) });
    expect(board.json().columns.reduce((n: number, c: { total: number }) => n + c.total, 0)).toBe(14);
  });
});

describe('chats demo data', () => {
  it('gives the operator an inbox with open, waiting and closed conversations from each channel', async () => {
    await seedChatsDemo(t.db);
    const [operator] = await queryRows<{ id: number }>(t.db, sql`select id from users where login = 'operator'`);
    const inbox = (await t.app.inject({ method: 'GET', url: '/api/chats', headers: authFor(t.app, operator!) })).json();
    expect(new Set(inbox.items.map((c: { status: string }) => c.status))).toEqual(new Set(['open', 'waiting', 'closed']));
    expect(new Set(inbox.items.map((c: { channel: string }) => c.channel))).toEqual(new Set(['telegram', 'instagram', 'facebook']));
  });
});

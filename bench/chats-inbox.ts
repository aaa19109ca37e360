/**
 * Chats with clients (issue 18): the inbox list over 100,000 client conversations (the operator's, newest
 * first; open ones; search by name) at 10 connections — goal p95 ≤ 50 ms — beside the same SQL through the
 * driver and a bare node:http server answering with it.
 */
import { sql } from 'drizzle-orm';
import { benchDatabase, startApp, startBare, load, timeCalls, printTable, benchDriver } from './_lib.js';
import { queryRows } from '../apps/server/src/db/client.js';

const CHATS = Number(process.env.BENCH_CHATS ?? 100_000);
const seconds = Number(process.env.BENCH_SECONDS ?? 8);

const database = await benchDatabase('chats_inbox');
const { db } = database;
console.log(`driver: ${benchDriver}; creating ${CHATS} conversations with 3 messages each…`);
await db.execute(
  sql`insert into users (full_name, login, password_hash, position, role, phones) values ('Bench Operator', 'bench.operator', 'x', 'Operator', 'operator', '{}')`,
);
await db.execute(sql`insert into client_chats (channel, external_id, title, status, last_message_at, last_message_text, last_direction, unread, search_key)
  select (array['telegram','instagram','facebook'])[1 + g % 3], 'c' || g, 'Dorixona ' || g, (array['open','waiting','closed'])[1 + g % 3],
    now() - (g || ' minutes')::interval, 'Salom, narxlar roʻyxati kerak ' || g, 'in', g % 4, ' dorixona ' || g
  from generate_series(1, ${CHATS}) g`);
await db.execute(sql`insert into client_chat_messages (chat_id, direction, text, external_id, created_at)
  select c.id, 'in', 'Salom ' || m, c.id || '-' || m, c.last_message_at - (m || ' minutes')::interval from client_chats c, generate_series(1, 3) m`);
await db.execute(sql`analyze`);

const { app, baseUrl } = await startApp(database);
const [operator] = await queryRows<{ id: number }>(db, sql`select id from users where login = 'bench.operator'`);
const headers = { authorization: `Bearer ${app.jwt.sign({ sub: String(operator!.id), ver: 0 })}` };
const paths = ['/api/chats?page=1&size=25', '/api/chats?page=2&size=25', '/api/chats?status=open&page=1&size=25', '/api/chats?page=1&size=25&q=Dorixona%2077'];

const pageSql = (status?: string) => sql`select c.id, c.channel, c.title, c.status, c.last_message_at, c.last_message_text, c.unread,
    (select o.name from organizations o where o.id = c.organization_id) as organization_name,
    (select u.full_name from users u where u.id = c.assigned_to) as assigned_name
  from client_chats c ${status ? sql`where c.status = ${status}` : sql``} order by c.last_message_at desc, c.id desc limit 25`;
const countSql = sql`select count(*) from (select 1 from client_chats limit 10000) c`;
const driver = await timeCalls('same SQL through the driver (page + count)', 2000, 10, (i) =>
  Promise.all([queryRows(db, pageSql(i % 3 === 0 ? 'open' : undefined)), queryRows(db, countSql)]),
);
const bare = await startBare(async (url) => {
  const [items, total] = await Promise.all([queryRows(db, pageSql(url.searchParams.get('status') ?? undefined)), queryRows(db, countSql)]);
  return { items, total };
});
const ceiling = await load('bare node:http + same SQL', bare.baseUrl, paths.slice(0, 3), { seconds, connections: 10 });
const api = await load('GET /api/chats (auth, rights, scope, filters, search)', baseUrl, paths, { seconds, headers, connections: 10 });
printTable(`Client inbox over ${CHATS} conversations, 10 connections (${benchDriver}) — goal p95 ≤ 50 ms`, [api, ceiling, driver]);

bare.server.close();
await app.close();
await database.close();

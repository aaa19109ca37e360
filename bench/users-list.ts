/**
 * Platform benchmark: the staff list (sign-in check, rights, scope, paging, sort)
 * over 100,000 users at 50 connections, beside the same SQL through the driver
 * and a bare node:http server answering with that SQL.
 */
import { sql } from 'drizzle-orm';
import { benchDatabase, startApp, startBare, load, timeCalls, printTable, benchDriver } from './_lib.js';
import { queryRows } from '../apps/server/src/db/client.js';

const USERS = Number(process.env.BENCH_USERS ?? 100_000);
const seconds = Number(process.env.BENCH_SECONDS ?? 8);

const database = await benchDatabase('users_list');
const { db } = database;
console.log(`driver: ${benchDriver}; creating ${USERS} users…`);
await db.execute(sql`insert into users (full_name, login, password_hash, position, role, manager_id, phones)
  values ('Bench Admin', 'bench.admin', 'x', 'Administrator', 'admin', null, '{}')`);
await db.execute(sql`insert into users (full_name, login, password_hash, position, role, manager_id, phones)
  select 'Сотрудник ' || g, 'user' || g, 'x', 'Медицинский представитель', (array['rep','chief','operator','courier'])[1 + g % 4], 1, array['+99890' || lpad(g::text, 7, '0')]
  from generate_series(1, ${USERS}) g`);
await db.execute(sql`analyze`);

const { app, baseUrl } = await startApp(database);
const headers = { authorization: `Bearer ${app.jwt.sign({ sub: '1' })}` };
const pages = [1, 2, 50, 400, 4000].filter((p) => p * 25 <= USERS);
const paths = pages.map((p) => `/api/users?page=${p}&size=25&sort=fullName`);

const listSql = (page: number) => sql`select u.id, u.full_name, u.login, u.position, u.role, u.manager_id, m.full_name as manager_name
  from users u left join users m on m.id = u.manager_id order by u.full_name, u.id limit 25 offset ${(page - 1) * 25}`;
const driver = await timeCalls('same SQL through the driver (list + count)', 2000, 50, (i) =>
  Promise.all([queryRows(db, listSql(pages[i % pages.length]!)), queryRows(db, sql`select count(*) from users`)]),
);
const bare = await startBare(async (url) => {
  const page = Number(url.searchParams.get('page') ?? 1);
  const [items, total] = await Promise.all([queryRows(db, listSql(page)), queryRows(db, sql`select count(*) from users`)]);
  return { items, total };
});
const ceiling = await load('bare node:http + same SQL', bare.baseUrl, paths, { seconds });
const api = await load('GET /api/users (auth, rights, scope, paging)', baseUrl, paths, { seconds, headers });
printTable(`Staff list over ${USERS} users, 50 connections (${benchDriver})`, [api, ceiling, driver]);

bare.server.close();
await app.close();
await database.close();

/**
 * Issue 17: notifications in real time and a long message thread.
 * - 1,000 open notification streams on one instance, then 1,000 spread over two instances on one
 *   database: how long until 99 % of them have a notification sent to all (written in a transaction,
 *   NOTIFY on commit, LISTEN on every instance), and one user's notification (p50/p99); the server's
 *   memory per idle stream. Beside it, the ceiling: a bare NOTIFY → LISTEN round trip through the driver.
 * - A conversation of 100,000 messages paged by keyset (`before`) through the API, beside the same SQL
 *   through the driver.
 * The streams are opened by a child process (bench/_stream-clients.mjs), so the memory is the server's.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { benchDatabase, benchDriver, startApp, timeCalls, printTable, type HttpFigures } from './_lib.js';
import { openDatabase, queryRows } from '../apps/server/src/db/client.js';
import { notify } from '../apps/server/src/modules/notifications/notifications.service.js';

const STREAMS = Number(process.env.BENCH_STREAMS ?? 1_000);
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 100_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const SINGLES = Number(process.env.BENCH_SINGLES ?? 200);

const database = await benchDatabase('notifications');
const { db } = database;
console.log(`driver: ${benchDriver}; ${STREAMS} users with a stream each, ${MESSAGES} messages…`);
await db.execute(sql`insert into users (full_name, login, password_hash, position, role, phones)
  select 'Представитель ' || g, 'bench.rep' || g, 'x', 'Медицинский представитель', 'rep', '{}' from generate_series(1, ${STREAMS}) g`);
const reps = (await queryRows<{ id: number }>(db, sql`select id from users where role = 'rep' order by id`)).map((r) => r.id);

const first = await startApp(database);
// a second instance on its own connection pool to the same database (PGlite lives in one process: the same one)
const secondDatabase = benchDriver === 'postgres' && database.url ? await openDatabase({ url: database.url }) : database;
const second = await startApp(secondDatabase);
const tokenOf = (id: number) => first.app.jwt.sign({ sub: String(id) });

interface Got {
  type: 'got' | 'ready' | 'error';
  id?: number;
  params?: Record<string, unknown>;
  at?: number;
  message?: string;
}

type Streams = { child: ChildProcess; arrivals: (round: string, want: number) => Promise<number[]> };

/** A child process with a stream for each user, on the instance `baseOf` gives; resolves when all are open. */
async function openStreams(baseOf: (i: number) => string): Promise<Streams> {
  const child = fork(new URL('./_stream-clients.mjs', import.meta.url));
  const rounds = new Map<string, { want: number; at: number[]; done: () => void }>();
  const ready = new Promise<void>((resolve, reject) => {
    child.on('message', (m: Got) => {
      if (m.type === 'ready') resolve();
      else if (m.type === 'error') reject(new Error(m.message));
      else {
        const round = rounds.get(String(m.params?.round));
        if (!round) return;
        round.at.push(m.at!);
        if (round.at.length === round.want) round.done();
      }
    });
  });
  child.send({ type: 'open', streams: reps.map((id, i) => ({ base: baseOf(i), token: tokenOf(id) })) });
  await ready;
  return {
    child,
    /** the arrival times of a round's notifications, once `want` have come (or what came in 10 s) */
    arrivals: (round, want) =>
      new Promise<number[]>((resolve) => {
        const at: number[] = [];
        const timer = setTimeout(() => resolve(at), 10_000);
        rounds.set(round, {
          want,
          at,
          done: () => {
            clearTimeout(timer);
            rounds.delete(round);
            resolve(at);
          },
        });
      }),
  };
}

let roundNo = 0;
/** Sends one notification (to every rep, or to the users given) in a transaction; the ms until each arrived. */
async function send(streams: Streams, to: number[] | 'all'): Promise<number[]> {
  const round = `r${++roundNo}`;
  const pending = streams.arrivals(round, to === 'all' ? reps.length : to.length);
  const sentAt = Date.now();
  await db.transaction((tx) => notify(tx, { to: to === 'all' ? { role: 'rep' } : to, kind: 'orderStatus', params: { round } }));
  return (await pending).map((at) => at - sentAt).sort((x, y) => x - y);
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? NaN;

/** Figures of one layout: a notification to all (the time by which 99 % and all arrived) and to one user. */
async function measure(label: string, streams: Streams): Promise<HttpFigures[]> {
  const toAll: { p99: number; last: number; got: number }[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    const times = await send(streams, 'all');
    toAll.push({ p99: pct(times, 0.99), last: times.at(-1) ?? NaN, got: times.length });
  }
  const singles: number[] = [];
  for (let i = 0; i < SINGLES; i++) {
    const [ms] = await send(streams, [reps[(i * 7919) % reps.length]!]);
    singles.push(ms ?? NaN);
  }
  singles.sort((a, b) => a - b);
  const worst = toAll.reduce((w, r) => (r.p99 > w.p99 ? r : w));
  return [
    {
      label: `${label}: to all ${STREAMS} — 99 % arrived (worst of ${ROUNDS}; all by ${worst.last} ms)`,
      rps: 0,
      p50: Number(
        pct(
          toAll.map((r) => r.p99).sort((a, b) => a - b),
          0.5,
        ).toFixed(2),
      ),
      p99: worst.p99,
      errors: toAll.reduce((s, r) => s + (STREAMS - r.got), 0),
    },
    {
      label: `${label}: to one user (${SINGLES} in turn)`,
      rps: 0,
      p50: pct(singles, 0.5),
      p99: pct(singles, 0.99),
      errors: singles.filter(Number.isNaN).length,
    },
  ];
}

// ---------------------------------------------------------------- the ceiling: NOTIFY → LISTEN through the driver
async function bareRoundTrip(): Promise<HttpFigures> {
  if (benchDriver !== 'postgres' || !database.url) return { label: 'bare NOTIFY → LISTEN (PostgreSQL only)', rps: 0, p50: NaN, p99: NaN, errors: 0 };
  const listener = new pg.Client({ connectionString: database.url });
  const sender = new pg.Client({ connectionString: database.url });
  await Promise.all([listener.connect(), sender.connect()]);
  await listener.query('listen bench_ceiling');
  const times: number[] = [];
  for (let i = 0; i < SINGLES; i++) {
    const got = new Promise<void>((resolve) => listener.once('notification', () => resolve()));
    const t0 = performance.now();
    await sender.query(`select pg_notify('bench_ceiling', $1)`, [String(i)]);
    await got;
    times.push(performance.now() - t0);
  }
  await Promise.all([listener.end(), sender.end()]);
  times.sort((a, b) => a - b);
  return {
    label: 'bare NOTIFY → LISTEN round trip through the driver',
    rps: 0,
    p50: Number(pct(times, 0.5).toFixed(2)),
    p99: Number(pct(times, 0.99).toFixed(2)),
    errors: 0,
  };
}

const memory = () => {
  (globalThis as { gc?: () => void }).gc?.();
  const m = process.memoryUsage();
  return { rss: m.rss, heap: m.heapUsed };
};
const settle = () => new Promise((resolve) => setTimeout(resolve, 2_000));

await settle();
const before = memory();
const one = await openStreams(() => first.baseUrl);
await settle();
const after = memory();
const perStream = {
  rss: Math.round((after.rss - before.rss) / STREAMS),
  heap: Math.round((after.heap - before.heap) / STREAMS),
};
const rows = [...(await measure('one instance', one))];
one.child.send({ type: 'close' });

const spread = await openStreams((i) => (i % 2 ? second.baseUrl : first.baseUrl));
rows.push(...(await measure('two instances, half each', spread)));
spread.child.send({ type: 'close' });
rows.push(await bareRoundTrip());
printTable(`Notifications to ${STREAMS} open streams, ms (${benchDriver})`, rows);
console.log(`server memory per idle stream: ~${perStream.rss} B resident, ~${perStream.heap} B of JS heap (${STREAMS} streams)`);

// ---------------------------------------------------------------- a thread of 100,000 messages by keyset
const [a, b] = reps as [number, number];
const [conversation] = await queryRows<{ id: number }>(
  db,
  sql`insert into conversations (kind, direct_key, created_by) values ('direct', ${`${a}:${b}`}, ${a}) returning id`,
);
await db.execute(sql`insert into conversation_members (conversation_id, user_id) values (${conversation!.id}, ${a}), (${conversation!.id}, ${b})`);
await db.execute(sql`insert into messages (conversation_id, sender_id, text, created_at)
  select ${conversation!.id}, case when g % 2 = 0 then ${a}::int else ${b}::int end, 'Сообщение номер ' || g, now() - (${MESSAGES} - g) * interval '1 minute'
  from generate_series(1, ${MESSAGES}) g`);
await db.execute(sql`update conversations set last_message_id = (select max(id) from messages) where id = ${conversation!.id}`);
await db.execute(sql`analyze messages`);
const [range] = await queryRows<{ lo: number; hi: number }>(db, sql`select min(id)::int as lo, max(id)::int as hi from messages`);
const beforeOf = (i: number) => range!.lo + 50 + ((i * 104_729) % (range!.hi - range!.lo - 50));
const headers = { authorization: `Bearer ${tokenOf(a)}` };
const page = (i: number) =>
  fetch(`${first.baseUrl}/api/messages/conversations/${conversation!.id}/messages?before=${beforeOf(i)}`, { headers }).then(async (res) => {
    if (res.status !== 200) throw new Error(`history answered ${res.status}`);
    return res.json();
  });
const pageSql = (i: number) => sql`select m.id, m.text, m.created_at, m.sender_id, u.full_name
  from messages m join users u on u.id = m.sender_id
  where m.conversation_id = ${conversation!.id} and m.id < ${beforeOf(i)} order by m.id desc limit 51`;
printTable(`A thread of ${MESSAGES} messages, a page of 50 by keyset (${benchDriver})`, [
  await timeCalls('GET …/messages?before= (one reader)', 500, 1, page),
  await timeCalls('GET …/messages?before= (10 readers)', 2_000, 10, page),
  await timeCalls('same page SQL through the driver (10 at once)', 2_000, 10, (i) => queryRows(db, pageSql(i))),
]);

await second.app.close();
await first.app.close();
if (secondDatabase !== database) await secondDatabase.close();
await database.close();

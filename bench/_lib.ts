/**
 * Shared by the benchmarks: a fresh migrated database (PostgreSQL from DATABASE_URL,
 * default the local test server; BENCH_DB=pglite for the embedded one), the app on a
 * real port, autocannon runs, and latency percentiles of plain async calls.
 */
import autocannon from 'autocannon';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { openDatabase, migrateDatabase, type Database } from '../apps/server/src/db/client.js';
import { seedReference } from '../apps/server/src/seed/reference.js';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';

export const benchDriver = process.env.BENCH_DB === 'pglite' ? 'pglite' : 'postgres';
const serverUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

export function urlFor(database: string) {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/**
 * A fresh database named after the benchmark, migrated, with reference data.
 * With BENCH_KEEP=1 an existing one is opened as it is (`reused`), to measure
 * again without reloading a million rows.
 */
export async function benchDatabase(name: string): Promise<Database & { url?: string; reused?: boolean }> {
  if (benchDriver === 'pglite') {
    const database = await openDatabase({ dataDir: 'memory' });
    await migrateDatabase(database);
    await seedReference(database.db);
    return database;
  }
  const dbName = `pharma_bench_${name.replace(/\W/g, '_')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  if (process.env.BENCH_KEEP) {
    const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [dbName]);
    if (rowCount) {
      await admin.end();
      const url = urlFor(dbName);
      const database = await openDatabase({ url });
      // migrations added since the data was made apply to it
      await migrateDatabase(database);
      return { ...database, url, reused: true };
    }
  }
  await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin.query(`create database ${dbName}`);
  await admin.end();
  const url = urlFor(dbName);
  const database = await openDatabase({ url });
  await migrateDatabase(database);
  await seedReference(database.db);
  return { ...database, url };
}

/** The real app listening on a free loopback port (the built web app too when `webDist` is given). */
export async function startApp(database: Database, { webDist = '/nonexistent', env = {} }: { webDist?: string; env?: Record<string, string> } = {}) {
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret',
    API_RATE_LIMIT_PER_MINUTE: '100000000',
    WEB_DIST: webDist,
    ...env,
  });
  const app = await buildApp({ config, database, jwtSecret: config.JWT_SECRET!, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as AddressInfo).port;
  return { app, baseUrl: `http://127.0.0.1:${port}` };
}

/** A bare node:http server answering with the given handler: the HTTP ceiling. */
export async function startBare(handler: (url: URL) => Promise<unknown>) {
  const server = http.createServer(async (req, res) => {
    const body = JSON.stringify(await handler(new URL(req.url!, 'http://x')));
    res.writeHead(200, { 'content-type': 'application/json' }).end(body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { server, baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

export interface HttpFigures {
  label: string;
  rps: number;
  p50: number;
  /** where asked for (autocannon's histogram has no 95th percentile: measured from its response events) */
  p95?: number;
  p99: number;
  errors: number;
}

/**
 * autocannon against one or more paths (cycled), `connections` at once for `seconds`.
 * `body(i)` turns the requests into POSTs with that JSON body.
 */
export async function load(
  label: string,
  baseUrl: string,
  paths: string[],
  opts: { connections?: number; seconds?: number; headers?: Record<string, string>; body?: (i: number) => unknown } = {},
): Promise<HttpFigures> {
  let i = 0;
  const times: number[] = [];
  const instance = autocannon({
    url: baseUrl,
    connections: opts.connections ?? 50,
    duration: opts.seconds ?? 10,
    headers: opts.body ? { 'content-type': 'application/json', ...opts.headers } : opts.headers,
    requests: [
      {
        setupRequest: (req) => {
          const n = i++;
          const path = paths[n % paths.length];
          return opts.body ? { ...req, path, method: 'POST', body: JSON.stringify(opts.body(n)) } : { ...req, path };
        },
      },
    ],
  });
  instance.on('response', (_client: unknown, _status: number, _bytes: number, ms: number) => times.push(ms));
  const result = await instance;
  return {
    label,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p95: percentile(times, 0.95),
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

/** Runs `task` `total` times with `concurrency` in flight; latency percentiles in ms. */
export async function timeCalls(label: string, total: number, concurrency: number, task: (i: number) => Promise<unknown>) {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        const i = next++;
        const t0 = performance.now();
        await task(i);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return {
    label,
    rps: Math.round(total / seconds),
    p50: percentile(latencies, 0.5),
    p95: percentile(latencies, 0.95),
    p99: percentile(latencies, 0.99),
    errors: 0,
  };
}

/** The p-th fraction of the times in ms, to 0.01 ms. */
function percentile(times: number[], p: number) {
  const sorted = [...times].sort((a, b) => a - b);
  return Number((sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0).toFixed(2));
}

export function printTable(title: string, rows: HttpFigures[]) {
  console.log(`\n${title}`);
  console.table(rows.map((r) => ({ what: r.label, 'req/s': r.rps, 'p50 ms': r.p50, 'p95 ms': r.p95 ?? '', 'p99 ms': r.p99, errors: r.errors })));
}

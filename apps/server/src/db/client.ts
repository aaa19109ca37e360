import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { earthdistance } from '@electric-sql/pglite/contrib/earthdistance';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { SQL } from 'drizzle-orm';
import pg from 'pg';
import { fileURLToPath } from 'node:url';
import * as schema from './schema.js';

export type Schema = typeof schema;
/**
 * A handle whose queries run one after another: a transaction (one connection; pg refuses a second
 * query on it while one runs), or the database used the same way. Code that may run inside a
 * transaction takes a Tx, and never runs its queries at once (lint: no-concurrent-queries-in-transaction).
 */
export type Tx = PgDatabase<PgQueryResultHKT, Schema>;
declare const pool: unique symbol;
/**
 * The database itself (both drivers): a pool that may run queries at once (Promise.all). A transaction
 * is not a Db, so a function that runs queries at once cannot be handed one (issue 14).
 */
export type Db = Tx & { readonly [pool]: true };

export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** The embedded database's files as one archive (PGlite only): the tests' migrated template */
  dump?(): Promise<Blob>;
  /**
   * Calls `onPayload` with each NOTIFY on `channel` from any connection to this database (every
   * server instance on it); the answer stops listening. PostgreSQL: one connection of its own,
   * reconnected when lost (`onReconnect` then runs, so the caller can catch up on what it missed).
   */
  listen(channel: string, onPayload: (payload: string) => void, onReconnect?: () => void): Promise<() => Promise<void>>;
}

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * PGlite (embedded, one connection) unless a PostgreSQL URL is given.
 * PGlite runs every query behind its transaction lock, so a query from one
 * request never lands inside another request's open transaction
 * (see db/client.test.ts).
 */
export async function openDatabase(opts: { url?: string; dataDir?: string | 'memory'; loadDataDir?: Blob }): Promise<Database> {
  if (opts.url) {
    const pool = new pg.Pool({ connectionString: opts.url, max: 20 });
    // an idle connection dropped by the server (restart, failover) must not crash the process;
    // the pool replaces it on the next query
    pool.on('error', (error) => console.warn(`PostgreSQL connection lost: ${error.message}`));
    // bigint counts come back as strings by default; ours stay well inside 2^53
    pg.types.setTypeParser(20, (v) => Number(v));
    pg.types.setTypeParser(1082, (v) => v); // date stays yyyy-MM-dd
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    const listeners = new Set<{ close(): Promise<void> }>();
    return {
      db,
      driver: 'postgres',
      listen: async (channel, onPayload, onReconnect) => {
        const listener = await listenOnPostgres(opts.url!, channel, onPayload, onReconnect);
        listeners.add(listener);
        return async () => {
          listeners.delete(listener);
          await listener.close();
        };
      },
      close: async () => {
        await Promise.all([...listeners].map((l) => l.close()));
        await pool.end();
      },
    };
  }
  // the extensions the migrations create: trigram search, distances on the earth
  const options: PGliteOptions = {
    parsers: { 20: (v: string) => Number(v), 1082: (v: string) => v },
    extensions: { pg_trgm, cube, earthdistance },
    // a copy of a dumped database (the tests' migrated template) instead of a new, empty one
    ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}),
  };
  let client: PGlite;
  if (!opts.dataDir || opts.dataDir === 'memory') {
    client = new PGlite(options);
  } else {
    mkdirSync(path.dirname(path.resolve(opts.dataDir)), { recursive: true });
    client = new PGlite(opts.dataDir, options);
  }
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    driver: 'pglite',
    close: () => client.close(),
    dump: () => client.dumpDataDir('none'),
    listen: async (channel, onPayload) => {
      const unlisten = await client.listen(channel, onPayload);
      return () => unlisten();
    },
  };
}

/**
 * A connection of its own that LISTENs on `channel` (a pooled one would be handed to queries). A lost
 * connection is opened again after a pause; NOTIFYs sent meanwhile are gone, so `onReconnect` tells
 * the caller to read what it missed from the tables.
 */
async function listenOnPostgres(url: string, channel: string, onPayload: (payload: string) => void, onReconnect?: () => void) {
  let closed = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  const open = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (message) => {
      if (message.channel === channel) onPayload(message.payload ?? '');
    });
    next.on('error', (error) => {
      console.warn(`PostgreSQL listener lost: ${error.message}`);
      void next.end().catch(() => undefined);
      if (!closed && client === next) retry = setTimeout(() => void reopen(), 1000);
    });
    await next.connect();
    await next.query(`LISTEN "${channel.replaceAll('"', '""')}"`);
    client = next;
  };
  const reopen = async () => {
    if (closed) return;
    try {
      await open();
      onReconnect?.();
    } catch {
      retry = setTimeout(() => void reopen(), 1000);
    }
  };
  await open();
  return {
    close: async () => {
      closed = true;
      clearTimeout(retry);
      await client?.end().catch(() => undefined);
    },
  };
}

export async function migrateDatabase(database: Database): Promise<void> {
  if (database.driver === 'pglite') {
    await migratePglite(database.db as never, { migrationsFolder });
  } else {
    await migratePg(database.db as never, { migrationsFolder });
  }
}

/** Rows of a raw SQL statement, the same for both drivers. */
export async function queryRows<T>(db: Tx, statement: SQL): Promise<T[]> {
  const result = (await db.execute(statement)) as unknown as { rows: T[] };
  return result.rows;
}

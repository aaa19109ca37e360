import pg from 'pg';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { openDatabase, migrateDatabase, type Database } from '../db/client.js';
import { seedReference } from '../seed/reference.js';
import { inject } from 'vitest';

/**
 * Tests run on PGlite by default and on the PostgreSQL server of DATABASE_URL
 * when TEST_DB=postgres (npm test does both). On PostgreSQL every test file gets
 * its own database, copied from a template that global-setup migrated once.
 * Every run names its databases after itself (`pharma_t<run>_…`), so two runs on
 * one server (two worktrees, CI beside a developer) never drop each other's.
 */
export const testDriver = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabasePrefix: string;
    /** PGlite: the file holding the migrated template's dump */
    testDatabaseDump: string;
  }
}

/** A fresh prefix for one run of the suite (global-setup provides it to the test files). */
export const newRunPrefix = () => `pharma_t${Date.now().toString(36)}${process.pid.toString(36)}`;
export const templateOf = (prefix: string) => `${prefix}_template`;

export function serverUrl(): string {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('TEST_DB=postgres needs DATABASE_URL');
  return url;
}

export function urlFor(database: string): string {
  const url = new URL(serverUrl());
  url.pathname = `/${database}`;
  return url.toString();
}

export async function adminQuery(statement: string) {
  const client = new pg.Client({ connectionString: serverUrl() });
  await client.connect();
  try {
    return await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A new database migrated, with the reference data (roles and rights, regions). */
export async function newTemplate(url?: string): Promise<Database> {
  const database = await openDatabase(url ? { url } : { dataDir: 'memory' });
  await migrateDatabase(database);
  await seedReference(database.db);
  return database;
}

/** A test's database; on PostgreSQL with its URL, so a second server instance can open it too. */
export type TestDatabase = Database & { url?: string };

/** A fresh, migrated database with the reference data (roles and rights, regions). */
export async function openTestDatabase(): Promise<TestDatabase> {
  if (testDriver === 'pglite') {
    // a copy of the template global-setup migrated once (about 1 s, where migrating a new one takes 4 s)
    const dump = inject('testDatabaseDump');
    if (dump) return openDatabase({ dataDir: 'memory', loadDataDir: new Blob([readFileSync(dump)]) });
    return newTemplate();
  }
  const prefix = inject('testDatabasePrefix');
  const name = `${prefix}_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  await adminQuery(`create database ${name} template ${templateOf(prefix)}`);
  const database = await openDatabase({ url: urlFor(name) });
  return {
    ...database,
    url: urlFor(name),
    close: async () => {
      await database.close();
      await adminQuery(`drop database if exists ${name} with (force)`);
    },
  };
}

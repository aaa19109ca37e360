import type { TestProject } from 'vitest/node';
import { openDatabase, migrateDatabase } from '../db/client.js';
import { seedReference } from '../seed/reference.js';
import { adminQuery, newRunPrefix, templateOf, testDriver, urlFor } from './test-database.js';

/** On PostgreSQL: one migrated template per run; each test file copies it. */
export default async function setup(project: TestProject) {
  if (testDriver !== 'postgres') return;
  const prefix = newRunPrefix();
  const template = templateOf(prefix);
  project.provide('testDatabasePrefix', prefix);
  await adminQuery(`create database ${template}`);
  const database = await openDatabase({ url: urlFor(template) });
  await migrateDatabase(database);
  await seedReference(database.db);
  await database.close();
  return async () => {
    // only this run's databases (LIKE treats "_" as a wildcard: escape it)
    const { rows } = await adminQuery(`select datname from pg_database where datname like '${prefix.replaceAll('_', '\\_')}\\_%'`);
    for (const row of rows as { datname: string }[]) await adminQuery(`drop database if exists ${row.datname} with (force)`);
  };
}

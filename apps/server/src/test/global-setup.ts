import { openDatabase, migrateDatabase } from '../db/client.js';
import { seedReference } from '../db/seed/reference.js';
import { adminQuery, templateDatabase, testDriver, urlFor } from './test-database.js';

/** On PostgreSQL: one migrated template per run; each test file copies it. */
export default async function setup() {
  if (testDriver !== 'postgres') return;
  await adminQuery(`drop database if exists ${templateDatabase} with (force)`);
  await adminQuery(`create database ${templateDatabase}`);
  const database = await openDatabase({ url: urlFor(templateDatabase) });
  await migrateDatabase(database);
  await seedReference(database.db);
  await database.close();
  return async () => {
    const { rows } = await adminQuery(`select datname from pg_database where datname like 'pharma_test_%'`);
    for (const row of rows as { datname: string }[]) await adminQuery(`drop database if exists ${row.datname} with (force)`);
  };
}

import type { TestProject } from 'vitest/node';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { adminQuery, newRunPrefix, newTemplate, templateOf, testDriver, urlFor } from './test-database.js';

/** One migrated template per run, which each test file copies: a PGlite dump in a file, or a PostgreSQL database. */
export default async function setup(project: TestProject) {
  if (testDriver !== 'postgres') {
    const template = await newTemplate();
    const folder = mkdtempSync(path.join(tmpdir(), 'pharma-test-'));
    const file = path.join(folder, 'template.tar');
    writeFileSync(file, Buffer.from(await (await template.dump!()).arrayBuffer()));
    await template.close();
    project.provide('testDatabaseDump', file);
    return () => rmSync(folder, { recursive: true, force: true });
  }
  const prefix = newRunPrefix();
  const template = templateOf(prefix);
  project.provide('testDatabasePrefix', prefix);
  await adminQuery(`create database ${template}`);
  await (await newTemplate(urlFor(template))).close();
  return async () => {
    // only this run's databases (LIKE treats "_" as a wildcard: escape it)
    const { rows } = await adminQuery(`select datname from pg_database where datname like '${prefix.replaceAll('_', '\\_')}\\_%'`);
    for (const row of rows as { datname: string }[]) await adminQuery(`drop database if exists ${row.datname} with (force)`);
  };
}

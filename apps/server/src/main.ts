import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { loadConfig, type Config } from './config.js';
import { openDatabase, migrateDatabase } from './db/client.js';
import { seedIfEmpty } from './seed/seed.js';
import { refreshStaleSearchKeys } from './search-keys.js';
import { buildApp } from './app.js';

/** Outside production a missing JWT_SECRET is generated once and kept beside the data. */
function jwtSecret(config: Config): string {
  if (config.JWT_SECRET) return config.JWT_SECRET;
  const file = path.join(config.DATA_DIR, '.jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(config.DATA_DIR, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

const config = loadConfig();
const database = await openDatabase({ url: config.DATABASE_URL, dataDir: path.join(config.DATA_DIR, 'pglite') });
await migrateDatabase(database);
await refreshStaleSearchKeys(database.db);
const readDatabase = config.DATABASE_READ_URL ? await openDatabase({ url: config.DATABASE_READ_URL }) : undefined;
const app = await buildApp({ config, database, readDatabase, jwtSecret: jwtSecret(config) });
await seedIfEmpty(database.db, config.SEED, app.log);
await app.listen({ port: config.PORT, host: config.HOST });

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    await app.close();
    await database.close();
    await readDatabase?.close();
    process.exit(0);
  });
}

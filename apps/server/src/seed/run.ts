// npm run seed: migrates and seeds the configured database if it is empty.
import path from 'node:path';
import { loadConfig } from '../config.js';
import { openDatabase, migrateDatabase } from '../db/client.js';
import { seedIfEmpty } from './seed.js';

const config = loadConfig();
const database = await openDatabase({ url: config.DATABASE_URL, dataDir: path.join(config.DATA_DIR, 'pglite') });
await migrateDatabase(database);
await seedIfEmpty(database.db, config.SEED, console);
await database.close();

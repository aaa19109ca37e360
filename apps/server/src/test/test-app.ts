import type { FastifyInstance } from 'fastify';
import type { Role } from '@pharma/contracts';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import type { Database, Db } from '../db/client.js';
import { hashPassword } from '../platform/passwords.js';
import { users } from '../modules/users/users.table.js';
import { openTestDatabase, type TestDatabase } from './test-database.js';

export const testPassword = 'test-password-1';
let passwordHash: Promise<string> | undefined;

export interface TestContext {
  app: FastifyInstance;
  db: Db;
  database: TestDatabase;
  close(): Promise<void>;
}

/**
 * A server instance of the real app on `database`, configured for tests (`env` on top); the test app is one,
 * and a test of several instances on one database starts more.
 */
export async function buildTestInstance(
  database: Database,
  env: Record<string, string> = {},
  options: { beforeReady?: (app: FastifyInstance) => void; readDatabase?: Database } = {},
): Promise<FastifyInstance> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    WEB_DIST: '/nonexistent',
    RESERVATION_SWEEP_SECONDS: '0',
    GEOCODER_URL: '',
    GEOCODER_REVERSE_URL: '',
    ...env,
  });
  const app = await buildApp({ config, database, readDatabase: options.readDatabase, jwtSecret: 'test-secret-test-secret-test-secret-42', logger: false });
  options.beforeReady?.(app);
  await app.ready();
  return app;
}

/** The real app on a fresh database; API tests talk to it through app.inject. `beforeReady` may add a test-only route. */
export async function createTestApp(
  env: Record<string, string> = {},
  options: { beforeReady?: (app: FastifyInstance) => void; readDatabase?: Database } = {},
): Promise<TestContext> {
  const database = await openTestDatabase();
  const app = await buildTestInstance(database, env, options);
  return {
    app,
    db: database.db,
    database,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

let counter = 0;
/** Inserts a user straight into the table (password: testPassword). */
export async function makeUser(db: Db, role: Role, extra: Partial<typeof users.$inferInsert> = {}) {
  counter += 1;
  const [row] = await db
    .insert(users)
    .values({
      login: `${role}${counter}`,
      fullName: `Test ${role} ${counter}`,
      position: role,
      role,
      passwordHash: await (passwordHash ??= hashPassword(testPassword)),
      ...extra,
    })
    .returning();
  return row!;
}

/** Two teams to test data scope with: an administrator, a chief with two reps, another chief with one rep. */
export async function makeTwoTeams(db: Db) {
  const admin = await makeUser(db, 'admin');
  const chief = await makeUser(db, 'chief', { managerId: admin.id });
  const rep = await makeUser(db, 'rep', { managerId: chief.id });
  const rep2 = await makeUser(db, 'rep', { managerId: chief.id });
  const otherChief = await makeUser(db, 'chief', { managerId: admin.id });
  const rep3 = await makeUser(db, 'rep', { managerId: otherChief.id });
  return { admin, chief, rep, rep2, otherChief, rep3 };
}

/** An Authorization header for the user, signed as the server signs at sign-in (at the user's token version, 0 unless given). */
export function authFor(app: FastifyInstance, user: { id: number; tokenVersion?: number }) {
  return { authorization: `Bearer ${app.jwt.sign({ sub: String(user.id), ver: user.tokenVersion ?? 0 })}` };
}

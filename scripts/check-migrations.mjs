// Fails when the Drizzle schema has changed without a committed migration:
// generates into a scratch copy of the migrations folder and looks for new files.
import { cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';

const folder = 'apps/server/src/db/migrations';
const scratch = mkdtempSync(path.join(tmpdir(), 'migrations-'));
cpSync(folder, scratch, { recursive: true });
const before = readdirSync(scratch).length;
const run = spawnSync('npx', ['drizzle-kit', 'generate', '--config', 'apps/server/drizzle.config.ts'], {
  env: { ...process.env, MIGRATIONS_OUT: scratch },
  encoding: 'utf8',
});
const after = readdirSync(scratch).length;
rmSync(scratch, { recursive: true, force: true });
if (run.status !== 0) {
  console.error(run.stdout, run.stderr);
  process.exit(1);
}
if (after !== before) {
  console.error('The schema changed but no migration was generated: run `npm run db:generate` and commit the SQL.');
  process.exit(1);
}
console.log('Migrations match the schema.');

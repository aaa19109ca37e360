// npm run bench [-- name]: runs every bench/*.ts (or those whose name contains the argument),
// one after another; each makes its own data and prints its figures beside a ceiling.
import { readdirSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

const filter = process.argv[2] ?? '';
const scripts = readdirSync('bench')
  .filter((f) => f.endsWith('.ts') && !f.startsWith('_') && f.includes(filter))
  .sort();
let failed = 0;
for (const script of scripts) {
  console.log(`\n=== bench/${script}`);
  const r = spawnSync('npx', ['tsx', `bench/${script}`], { stdio: 'inherit', env: { ...process.env, LOG_LEVEL: 'silent' } });
  if (r.status !== 0) failed += 1;
}
process.exit(failed ? 1 : 0);

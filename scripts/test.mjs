// npm test: every test. Unit and API tests on the embedded PGlite; the API and
// repository tests again on PostgreSQL when DATABASE_URL is set; a check that no
// migration is missing and no import circle; the JavaScript each screen downloads
// against its budget; then the e2e journeys in Chromium.
import { spawnSync } from 'node:child_process';

const steps = [
  ['migrations are complete', 'node', ['scripts/check-migrations.mjs'], {}],
  ['no import circle', 'node', ['scripts/check-cycles.mjs'], {}],
  ['unit and API tests (PGlite)', 'npx', ['vitest', 'run'], { TEST_DB: 'pglite' }],
  ['web build', 'npm', ['run', 'build', '--silent'], {}],
  ['JavaScript per screen within its budget (issue 16)', 'node', ['scripts/check-bundle-size.mjs'], {}],
];
if (process.env.DATABASE_URL) {
  steps.push(['API and repository tests (PostgreSQL)', 'npx', ['vitest', 'run', '--project', 'server'], { TEST_DB: 'postgres' }]);
} else {
  console.log('DATABASE_URL is not set: the PostgreSQL leg is skipped (CI runs it).');
}
if (!process.argv.includes('--no-e2e')) steps.push(['e2e in Chromium', 'npx', ['playwright', 'test'], {}]);

for (const [title, cmd, args, env] of steps) {
  console.log(`\n=== ${title}`);
  const result = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) {
    console.error(`\n✗ ${title} failed`);
    process.exit(result.status ?? 1);
  }
}

import { defineConfig, devices } from '@playwright/test';
import { tmpdir } from 'node:os';
import path from 'node:path';

const port = Number(process.env.E2E_PORT ?? 3100);
/** the local Telegram Bot API of the company bot (e2e/telegram-stand-in.ts) */
export const telegramStandInPort = port + 1;
export const telegramStandInToken = '123456:stand-in-token-for-tests';
/** what the e2e server's telephony webhook checks call events against (e2e/calls.spec.ts signs with it) */
export const telephonyWebhookSecret = 'e2e-telephony-webhook-secret';
// a fresh embedded database with demo data for every run
const dataDir = path.join(tmpdir(), `pharma-e2e-${process.pid}`);

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0, // a flaky journey is a defect to fix at its cause, not to retry
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    // page.route does not see what a service worker answers: the journeys that need the worker allow it (installable.spec)
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  projects: [{ name: 'desktop', use: { ...devices['Desktop Chrome'], viewport: { width: 1366, height: 860 } } }],
  webServer: [
    {
      command: 'npx tsx e2e/telegram-stand-in.ts',
      url: `http://127.0.0.1:${telegramStandInPort}/control/sent`,
      timeout: 60_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { TELEGRAM_STAND_IN_PORT: String(telegramStandInPort) },
    },
    {
      command: `npm run build && npx tsx apps/server/src/main.ts`,
      url: `http://127.0.0.1:${port}/api/health`,
      timeout: 420_000,
      reuseExistingServer: false,
      // E2E_LOG_LEVEL=info prints the server's request log beside the tests
      stdout: process.env.E2E_LOG_LEVEL ? 'pipe' : 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        SEED: 'demo',
        LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
        DATABASE_URL: '',
        JWT_SECRET: 'e2e-secret-e2e-secret-e2e-secret-e2e',
        LOGIN_MAX_FAILURES: '50',
        // the visit reminder's sweep every 2 s, not every minute: a journey sees its reminder within seconds
        VISIT_REMINDER_SWEEP_SECONDS: '2',
        // pharmacies that ordered in the bot hear of a status change within seconds
        CHAT_ORDER_SWEEP_SECONDS: '2',
        TELEPHONY_WEBHOOK_SECRET: telephonyWebhookSecret,
        TELEGRAM_BOT_TOKEN: telegramStandInToken,
        TELEGRAM_API_URL: `http://127.0.0.1:${telegramStandInPort}`,
      },
    },
  ],
});

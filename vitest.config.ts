import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { apiRoutes } from './apps/web/api-routes-plugin';

export default defineConfig({
  test: {
    // a worker per core, and at least two: Vitest's default (one fewer than the cores) runs the suite serially on a 2-core CI machine
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      { test: { name: 'contracts', include: ['packages/contracts/src/**/*.test.ts'] } },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          globalSetup: ['apps/server/src/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      { plugins: [apiRoutes()], test: { name: 'web', include: ['apps/web/src/**/*.test.ts'] } },
      {
        plugins: [apiRoutes()],
        test: {
          name: 'web-dom',
          include: ['apps/web/src/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['apps/web/src/test/setup.ts'],
          // the service worker's registration exists only in a Vite build with the PWA plugin
          alias: { 'virtual:pwa-register/react': fileURLToPath(new URL('apps/web/src/test/pwa-register.ts', import.meta.url)) },
          testTimeout: 20_000,
        },
      },
      { test: { name: 'tools', include: ['tools/**/*.test.ts'] } },
    ],
  },
});

import type { FastifyInstance } from 'fastify';

/**
 * Runs `work` every `everySeconds` while the app runs (from onReady to onClose; 0 or less: never). A
 * failure is logged and the next round runs as usual; what it returns, when it says something happened,
 * is logged at info.
 */
export function startSweep(app: FastifyInstance, name: string, everySeconds: number, work: () => Promise<Record<string, number> | void>) {
  if (everySeconds <= 0) return;
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      work()
        .then((done) => done && Object.values(done).some(Boolean) && app.log.info(done, name))
        .catch((error) => app.log.error({ err: error }, `${name} failed`));
    }, everySeconds * 1000);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}

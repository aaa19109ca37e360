import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { readdir, readFile, writeFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);
const compressible = /\.(?:js|mjs|css|html|svg|json)$/;

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else yield full;
  }
}

/** Writes .br and .gz beside every text asset: the server sends them pre-compressed (@fastify/static preCompressed). */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'pharma:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const jobs: Promise<void>[] = [];
      for await (const file of files(outDir)) {
        if (!compressible.test(file)) continue;
        jobs.push(
          (async () => {
            const source = await readFile(file);
            if ((await stat(file)).size === 0) return;
            const [br, gzipped] = await Promise.all([
              brotli(source, {
                params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: source.length },
              }),
              gz(source, { level: 9 }),
            ]);
            await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gzipped)]);
          })(),
        );
      }
      await Promise.all(jobs);
    },
  };
}

/** Where /api goes in development (the Fastify server); API_TARGET overrides. */
const apiTarget = process.env.API_TARGET ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), precompress()],
  server: {
    port: 5173,
    proxy: { '/api': { target: apiTarget } },
  },
  preview: {
    proxy: { '/api': { target: apiTarget } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 800,
  },
});

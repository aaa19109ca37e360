import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { apiRoutes } from './api-routes-plugin';
import { pageNamespaces, signInNamespaces } from './src/locales/sign-in-namespaces';
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

/** The installed app's name and description in each language (a manifest per language: boot.js links the user's). */
const appNames = {
  ru: { name: 'Pharma Field — полевые продажи', description: 'Визиты, заказы и доставки фармацевтического дистрибьютора' },
  en: { name: 'Pharma Field — field sales', description: 'Visits, orders and deliveries of a pharmaceutical distributor' },
  'uz-Latn': { name: 'Pharma Field — dala savdosi', description: 'Farmatsevtika distribyutorining tashriflari, buyurtmalari va yetkazib berishlari' },
  'uz-Cyrl': { name: 'Pharma Field — дала савдоси', description: 'Фармацевтика дистрибьюторининг ташрифлари, буюртмалари ва етказиб беришлари' },
} as const;
const brandColour = '#3d7bf7';

/** manifest.<language>.webmanifest: installable from a link (issue 16), start URL /main, the brand colour. */
function manifests(): Plugin {
  return {
    name: 'pharma:manifests',
    apply: 'build',
    generateBundle() {
      for (const [lang, { name, description }] of Object.entries(appNames)) {
        const manifest = {
          id: '/main',
          name,
          short_name: 'Pharma Field',
          description,
          lang,
          dir: 'ltr',
          start_url: '/main',
          scope: '/',
          display: 'standalone',
          orientation: 'any',
          theme_color: brandColour,
          background_color: '#ffffff',
          icons: [
            { src: '/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
            { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
            { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          ],
        };
        this.emitFile({ type: 'asset', fileName: `manifest.${lang}.webmanifest`, source: JSON.stringify(manifest, null, 2) });
      }
    },
  };
}

const catalogue = /\/locales\/([A-Za-z-]+)\/([A-Za-z]+)\.json$/;
/** A language's namespaces but the sign-in's and the pages' own in one chunk: the signed-in app asks for them together (lib/i18n.ts). */
function messagesChunk(id: string): string | null {
  const m = catalogue.exec(id);
  const own = [...signInNamespaces, ...pageNamespaces] as readonly string[];
  return m && !own.includes(m[2]!) ? `messages-${m[1]}` : null;
}

/**
 * What a lazy page's import asks the browser to preload is its chunks less those its importer already loaded:
 * a chunk imports its static dependencies before it runs, so listing them again in every lazy import only
 * weighed on the first screen (the shell's ninety-odd pages carried each its list: 7 KB of 21 KB served).
 */
function preloadOnlyWhatIsMissing() {
  let bundle: Record<string, { type: string; imports?: string[] }> = {};
  const closures = new Map<string, Set<string>>();
  const closure = (file: string, into = new Set<string>()): Set<string> => {
    if (into.has(file)) return into;
    into.add(file);
    for (const next of bundle[file]?.imports ?? []) closure(next, into);
    return into;
  };
  const plugin: Plugin = {
    name: 'pharma:preload-only-what-is-missing',
    apply: 'build',
    generateBundle: {
      order: 'pre',
      handler(_, output) {
        bundle = output as typeof bundle;
        closures.clear();
      },
    },
  };
  const resolveDependencies = (_file: string, deps: string[], { hostId }: { hostId: string }) => {
    let loaded = closures.get(hostId);
    if (!loaded) closures.set(hostId, (loaded = closure(hostId)));
    return deps.filter((dep) => !loaded.has(dep));
  };
  return { plugin, resolveDependencies };
}
const preload = preloadOnlyWhatIsMissing();

/** Where /api goes in development (the Fastify server); API_TARGET overrides. */
const apiTarget = process.env.API_TARGET ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [
    react(),
    apiRoutes(),
    manifests(),
    // the service worker at the root scope (spec §7): the app shell and every page's chunks precached, so a
    // reload without a network opens the app; a new version waits for the user (registerType 'prompt')
    VitePWA({
      strategies: 'generateSW',
      filename: 'sw.js',
      registerType: 'prompt',
      injectRegister: null,
      manifest: false,
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        // the pre-compressed copies are the server's business
        globIgnores: ['**/*.br', '**/*.gz'],
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
        navigateFallback: '/index.html',
        // the API and the downloads are never the app's page
        navigateFallbackDenylist: [/^\/api\//],
        cleanupOutdatedCaches: true,
        // the first installation takes the open page at once: a rep who signs in and walks into a basement has the
        // whole app; a new version still waits for the prompt (no skipWaiting), so no code is swapped under a form
        clientsClaim: true,
        // Background Sync: the 'sync' event wakes the open pages to send the phone's queue (decision 045)
        importScripts: ['/sw-sync.js'],
      },
    }),
    preload.plugin,
    precompress(),
  ],
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
    modulePreload: { resolveDependencies: preload.resolveDependencies },
    // read by scripts/check-bundle-size.mjs (npm test)
    manifest: true,
    chunkSizeWarningLimit: 800,
    rolldownOptions: {
      // @rc-component/form's index assigns Form.Field and the like at its top, which keeps its whole form (10 KB
      // served) in every screen that only needs its FormProvider (antd's ConfigProvider and popups): nothing else there runs
      treeshake: { moduleSideEffects: (id: string) => !/node_modules\/@rc-component\/form\//.test(id) },
      output: { codeSplitting: { groups: [{ name: messagesChunk, debugName: 'messages' }] } },
    },
  },
});

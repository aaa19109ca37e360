// The JavaScript a phone downloads (issue 16, item 6), from the web build's manifest: each screen's
// modules with every chunk they import statically, counted once, at the size the server sends
// (the build's .br beside each file). No browser: the same build always gives the same figures.
// bench/bundle.ts measures the same in Chromium, with what the screens load at run time too.
//   node scripts/check-bundle-size.mjs           checks apps/web/dist (build it first: npm run build)
//   BUNDLE_BUDGET_SCALE=0.5 node scripts/...     the same with every budget halved (to see it fail)
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'apps/web/dist');
const manifestFile = path.join(dist, '.vite/manifest.json');
if (!existsSync(manifestFile)) {
  console.error(`${path.relative(root, manifestFile)} is missing: build the web app first (npm run build)`);
  process.exit(1);
}
/** @type {Record<string, { file: string; isEntry?: boolean; isDynamicEntry?: boolean; imports?: string[]; dynamicImports?: string[] }>} */
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));

/**
 * Issue 16's goals (KB, brotli): the sign-in screen, a signed-in rep's main screen, each further page.
 * `ceiling` is what the check enforces until a goal is reached: the figure of the last cut, so the
 * weight can only go down; set it to the goal once the goal is met.
 */
const budgets = {
  login: { goal: 150, ceiling: 150 },
  // 437 → 343 (stop 30): Dexie, the nav icons, the sidebar's and the header's menus and the search palette
  // load after the first screen; the main page without antd's Card, Typography and Result; the catalogues
  // of screens a rep does not open first load with them
  // 346 → 335 (stop 32): rc-form's top no longer keeps its whole form in the first screen, lazy pages preload only
  // what their importer has not loaded (moving twelve more namespaces to their pages gave 327, but rep journeys then
  // waited on them in CI: put back until that is understood)
  repMain: { goal: 300, ceiling: 335 },
  page: { goal: 100, ceiling: 100 },
};
const scale = Number(process.env.BUNDLE_BUDGET_SCALE ?? 1);
const language = 'ru';
/** The catalogues the sign-in screen reads (apps/web/src/locales/sign-in-namespaces.ts) in the default language. */
const signInCatalogues = [`src/locales/${language}/common.json`, `src/locales/${language}/auth.json`].concat(
  ['errors', 'validation'].map((ns) => `../../packages/contracts/locales/${language}/${ns}.json`),
);
const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
// what the entry itself asks for as soon as it runs (the service worker's registration)
const atStart = (manifest[entry].dynamicImports ?? []).filter((key) => key.includes('workbox-window'));

/** A module's chunk and every chunk it imports statically. */
function closure(keys, into = new Set()) {
  for (const key of keys) {
    if (!manifest[key]) throw new Error(`${key} is not in the build's manifest: has it moved?`);
    if (into.has(manifest[key].file)) continue;
    into.add(manifest[key].file);
    closure(manifest[key].imports ?? [], into);
  }
  return into;
}
const served = (file) => statSync(path.join(dist, `${file}.br`)).size;
const kb = (files) => Math.round([...files].reduce((sum, file) => sum + served(file), 0) / 1024);

// the sign-in screen is the entry's own (main.tsx, decision 043)
const login = closure([entry, ...atStart, ...signInCatalogues]);
// a rep's / and /main: the signed-in app (app/app.tsx) with its shell, the whole catalogue of the language
// (lib/i18n.ts), a signed-in user's background work (app/signed-in-state.tsx) and the visits' main page
// (the build groups a language's signed-in namespaces into one chunk, vite.config.ts, listed under its own name)
// but the namespaces a page loads when it opens (pageNamespaces in apps/web/src/locales/sign-in-namespaces.ts)
const pageNamespaces = [
  ...(/pageNamespaces = \[([^\]]*)\]/.exec(readFileSync(path.join(root, 'apps/web/src/locales/sign-in-namespaces.ts'), 'utf8'))?.[1] ?? '').matchAll(
    /'([A-Za-z]+)'/g,
  ),
].map((m) => m[1]);
const catalogue = Object.keys(manifest).filter(
  (key) =>
    (key.endsWith('.json') && key.includes(`/locales/${language}/`) && !pageNamespaces.some((ns) => key.endsWith(`/${ns}.json`))) ||
    manifest[key].file.startsWith(`assets/messages-${language}-`),
);
const signedIn = ['src/app/app.tsx', 'src/app/layout/app-shell.tsx', 'src/app/signed-in-state.tsx', 'src/features/visits/routes/main-page.tsx'];
const repMain = closure([...signedIn, ...catalogue], new Set(login));
// then the pages a rep opens, in bench/bundle.ts's order: each counted for what it adds to what came before
const repJourney = {
  '/visits': 'src/features/visits/routes/visits-calendar-page.tsx',
  '/visits-planned': 'src/features/visits/routes/visits-planned-page.tsx',
  '/references': 'src/features/organizations/routes/references-page.tsx',
  '/orders': 'src/features/orders/routes/orders-page.tsx',
  '/add-order-new': 'src/features/orders/routes/order-create-page.tsx',
  '/stock': 'src/features/stock/routes/stock-page.tsx',
  '/favorites': 'src/features/doctors/routes/favorites-page.tsx',
  '/history-visits': 'src/features/visits/history/routes/history-visits-page.tsx',
};
const loaded = new Set(repMain);
const pages = Object.entries(repJourney).map(([to, key]) => {
  const added = [...closure([key])].filter((file) => !loaded.has(file));
  for (const file of added) loaded.add(file);
  return { what: `then ${to}`, kb: kb(added) };
});

const rows = [
  { what: '/login', kb: kb(login), ...budgets.login },
  { what: "a rep's /main (after /login)", kb: kb(repMain), ...budgets.repMain },
  ...pages.map((page) => ({ ...page, ...budgets.page })),
];
const failed = rows.filter((row) => row.kb > row.ceiling * scale);
console.log('JavaScript served (brotli, KB) per screen, from the build manifest — issue 16');
console.table(
  rows.map((row) => ({
    what: row.what,
    KB: row.kb,
    goal: row.goal,
    ceiling: Math.round(row.ceiling * scale),
    within: row.kb > row.ceiling * scale ? 'NO' : row.kb > row.goal ? 'ceiling' : 'goal',
  })),
);
if (failed.length) {
  console.error(`\n✗ over budget: ${failed.map((row) => `${row.what} ${row.kb} KB > ${Math.round(row.ceiling * scale)} KB`).join('; ')}`);
  process.exit(1);
}

// The architecture as lint rules (issue 14). The zones come from the folder list, so a new web
// feature or server module is covered without editing this file.
//
//   packages/contracts      imports nothing of the apps
//   web   lib → components → features → app      (each may import the ones before it)
//         a feature imports another feature only through its public entry, features/<name>/index.ts
//         nothing but app/ imports app/
//   server  db (ground floor: the client; schema.ts gathers the modules' *.table.ts) → platform → modules → app.ts/main.ts
//         a module writes only its own tables (insert/update/delete of another module's table is refused)
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const rel = (file) => path.relative(root, file).split(path.sep).join('/');

/** The zone of a file: kind (contracts, web-lib, web-feature, …) and, for features and modules, the name. */
export function zoneOf(file) {
  const f = rel(file);
  let m;
  if (f.startsWith('packages/contracts/')) return { kind: 'contracts' };
  if ((m = /^apps\/web\/src\/features\/([^/]+)(\/|$)/.exec(f))) return { kind: 'web-feature', name: m[1], rest: f.slice(m[0].length) };
  if (f.startsWith('apps/web/src/test/')) return { kind: 'web-test' };
  if ((m = /^apps\/web\/src\/(lib|components|locales|app)\//.exec(f))) return { kind: `web-${m[1]}` };
  if (f.startsWith('apps/web/src/')) return { kind: 'web-app' };
  if ((m = /^apps\/server\/src\/modules\/([^/]+)\//.exec(f))) return { kind: 'server-module', name: m[1], rest: f.slice(m[0].length) };
  if ((m = /^apps\/server\/src\/(db|platform|seed|test)\//.exec(f))) return { kind: `server-${m[1]}` };
  if (f.startsWith('apps/server/src/')) return { kind: 'server-app' };
  return { kind: 'other' };
}

/** What each zone may import (besides itself and npm packages). */
const allowed = {
  contracts: ['contracts'],
  'web-lib': ['contracts', 'web-lib', 'web-locales'],
  'web-locales': ['contracts', 'web-locales'],
  'web-components': ['contracts', 'web-lib', 'web-locales', 'web-components'],
  'web-feature': ['contracts', 'web-lib', 'web-locales', 'web-components', 'web-feature'],
  // the web's test helpers render inside the app's providers; only test files may import them
  'web-test': ['contracts', 'web-lib', 'web-locales', 'web-components', 'web-feature', 'web-app', 'web-test'],
  'web-app': ['contracts', 'web-lib', 'web-locales', 'web-components', 'web-feature', 'web-app'],
  'server-db': ['contracts', 'server-db', 'server-config'],
  'server-platform': ['contracts', 'server-db', 'server-platform', 'server-config'],
  'server-module': ['contracts', 'server-db', 'server-platform', 'server-module', 'server-config'],
  'server-seed': ['contracts', 'server-db', 'server-platform', 'server-module', 'server-seed', 'server-config'],
  'server-test': ['contracts', 'server-db', 'server-platform', 'server-module', 'server-seed', 'server-test', 'server-app', 'server-config'],
  'server-app': ['contracts', 'server-db', 'server-platform', 'server-module', 'server-seed', 'server-app', 'server-config'],
};

function targetZone(file, specifier) {
  if (specifier.startsWith('@pharma/contracts')) return { kind: 'contracts' };
  if (!specifier.startsWith('.')) return null; // an npm package
  const target = path.resolve(path.dirname(file), specifier);
  const zone = zoneOf(target);
  if (zone.kind === 'server-app' && /apps\/server\/src\/config(\.js|\.ts)?$/.test(rel(target))) return { kind: 'server-config' };
  return { ...zone, path: rel(target) };
}

const isTest = (file) => /\.test\.tsx?$/.test(file) || rel(file).startsWith('e2e/');

const boundaries = {
  meta: { type: 'problem', docs: { description: 'imports follow the layers of the architecture (tools/eslint/architecture.js)' }, schema: [] },
  create(context) {
    const file = context.filename;
    const from = zoneOf(file);
    if (!allowed[from.kind]) return {};
    const check = (node, specifier) => {
      if (typeof specifier !== 'string') return;
      const to = targetZone(file, specifier);
      if (!to) return;
      const report = (why) => context.report({ node, message: `${why} ('${specifier}')` });
      // a database table file is the ground floor's: schema.ts gathers them for Drizzle
      if (from.kind === 'server-db' && /\.table(\.js|\.ts)?$/.test(to.path ?? '')) return;
      if (!allowed[from.kind].includes(to.kind)) {
        if (isTest(file) && to.kind !== 'web-app') return; // a test may set up through any layer below the app
        return report(`${from.kind} may not import ${to.kind}`);
      }
      if (from.kind === 'web-feature' && to.kind === 'web-feature' && to.name !== from.name && !/^(index(\.tsx?)?)?$/.test(to.rest ?? '')) {
        report(`a feature imports feature '${to.name}' only through its public entry features/${to.name}/index.ts`);
      }
    };
    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
    };
  },
};

/** A server module writes only its own tables: `.insert(t)`, `.update(t)`, `.delete(t)` of a table imported from another module is refused. */
const noForeignTableWrites = {
  meta: { type: 'problem', docs: { description: "a module writes only its own tables; it calls the owning module's service" }, schema: [] },
  create(context) {
    const file = context.filename;
    const from = zoneOf(file);
    if (from.kind !== 'server-module' || isTest(file)) return {};
    const foreign = new Map(); // local name → owning module
    return {
      ImportDeclaration(node) {
        const to = targetZone(file, node.source.value);
        if (!to || to.kind !== 'server-module' || to.name === from.name || !/\.table(\.js)?$/.test(to.path)) return;
        for (const s of node.specifiers) foreign.set(s.local.name, to.name);
      },
      CallExpression(node) {
        const callee = node.callee;
        if (callee.type !== 'MemberExpression' || callee.property.type !== 'Identifier') return;
        if (!['insert', 'update', 'delete'].includes(callee.property.name)) return;
        const arg = node.arguments[0];
        if (arg?.type === 'Identifier' && foreign.has(arg.name)) {
          context.report({ node, message: `writes '${arg.name}', a table of module '${foreign.get(arg.name)}': call that module's service` });
        }
      },
    };
  },
};

/**
 * No concurrent queries on one transaction (pg refuses them; PGlite serializes them silently):
 * `Promise.all`/`allSettled` inside a `.transaction(` callback, or in a function whose parameter is a `Tx`.
 */
const noConcurrentQueriesInTransaction = {
  meta: { type: 'problem', docs: { description: 'queries on a transaction run one after another' }, schema: [] },
  create(context) {
    const txFunctions = [];
    const isTxFunction = (node) => {
      const parent = node.parent;
      if (parent?.type === 'CallExpression' && parent.callee.type === 'MemberExpression' && parent.callee.property.name === 'transaction') return true;
      return node.params.some((p) => {
        const type = p.typeAnnotation?.typeAnnotation;
        const name = type?.type === 'TSTypeReference' && type.typeName.type === 'Identifier' ? type.typeName.name : '';
        return name === 'Tx';
      });
    };
    const enter = (node) => txFunctions.push(isTxFunction(node));
    const exit = () => txFunctions.pop();
    return {
      FunctionDeclaration: enter,
      'FunctionDeclaration:exit': exit,
      FunctionExpression: enter,
      'FunctionExpression:exit': exit,
      ArrowFunctionExpression: enter,
      'ArrowFunctionExpression:exit': exit,
      CallExpression(node) {
        const callee = node.callee;
        if (callee.type !== 'MemberExpression' || callee.object.type !== 'Identifier' || callee.object.name !== 'Promise') return;
        if (!['all', 'allSettled'].includes(callee.property.name)) return;
        if (txFunctions.some(Boolean)) context.report({ node, message: 'Promise.all inside a transaction: run its queries one after another' });
      },
    };
  },
};

export default {
  rules: { boundaries, 'no-foreign-table-writes': noForeignTableWrites, 'no-concurrent-queries-in-transaction': noConcurrentQueriesInTransaction },
};

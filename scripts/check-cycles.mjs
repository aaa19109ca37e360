// No import circle in apps/ and packages/ (issue 14): every relative import, static or dynamic
// (a lazy page counts: it is still an arrow between two files), forms a graph whose strongly
// connected components must all be single files. Prints each circle and fails when there is one.
import { readdirSync, readFileSync, existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const roots = ['apps', 'packages'].map((d) => path.join(root, d));
const skip = new Set(['node_modules', 'dist', 'migrations', 'test-results']);
const sourceFile = /\.(ts|tsx|mts|js|mjs)$/;

function* walk(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (skip.has(entry.name) || entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (sourceFile.test(entry.name) && !entry.name.endsWith('.d.ts')) yield full;
  }
}

/** The file a relative specifier names: TypeScript's `.js` → `.ts`, a folder → its index. */
function resolve(from, specifier) {
  const base = path.resolve(path.dirname(from), specifier);
  const stem = base.replace(/\.(js|mjs|jsx)$/, '');
  const candidates = [base, `${stem}.ts`, `${stem}.tsx`, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')];
  return candidates.find((c) => existsSync(c) && statSync(c).isFile());
}

const importPattern =
  /(?:^|[^\w.])(?:import|export)\s[^'"`;]*?from\s*['"](\.[^'"]+)['"]|(?:^|[^\w.])import\s*\(\s*['"](\.[^'"]+)['"]\s*\)|(?:^|\n)\s*import\s*['"](\.[^'"]+)['"]/g;
const graph = new Map();
for (const dir of roots) {
  for (const file of walk(dir)) {
    const text = readFileSync(file, 'utf8');
    const targets = new Set();
    for (const m of text.matchAll(importPattern)) {
      const target = resolve(file, m[1] ?? m[2] ?? m[3]);
      if (target && sourceFile.test(target)) targets.add(target);
    }
    graph.set(file, [...targets]);
  }
}

// Tarjan's strongly connected components, iteratively (deep graphs overflow a recursive one)
let index = 0;
const indices = new Map();
const lowlink = new Map();
const onStack = new Set();
const stack = [];
const circles = [];
for (const start of graph.keys()) {
  if (indices.has(start)) continue;
  const work = [[start, 0]];
  while (work.length) {
    const frame = work[work.length - 1];
    const [node, i] = frame;
    if (i === 0) {
      indices.set(node, index);
      lowlink.set(node, index);
      index++;
      stack.push(node);
      onStack.add(node);
    }
    const edges = graph.get(node) ?? [];
    if (i < edges.length) {
      frame[1]++;
      const next = edges[i];
      if (!graph.has(next)) continue;
      if (!indices.has(next)) work.push([next, 0]);
      else if (onStack.has(next)) lowlink.set(node, Math.min(lowlink.get(node), indices.get(next)));
      continue;
    }
    work.pop();
    if (work.length) {
      const parent = work[work.length - 1][0];
      lowlink.set(parent, Math.min(lowlink.get(parent), lowlink.get(node)));
    }
    if (lowlink.get(node) === indices.get(node)) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || (graph.get(node) ?? []).includes(node)) circles.push(component);
    }
  }
}

if (circles.length) {
  console.error(`✗ ${circles.length} import circle(s):`);
  for (const circle of circles) {
    console.error(`  ${circle.length} files:`);
    for (const file of circle.sort()) console.error(`    ${path.relative(root, file)}`);
  }
  process.exit(1);
}
console.log(`✓ no import circle among ${graph.size} files`);

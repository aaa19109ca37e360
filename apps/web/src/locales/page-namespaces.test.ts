import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pageNamespaces } from './sign-in-namespaces';

const src = path.resolve(__dirname, '..');

function* sources(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sources(full);
    else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) yield full;
  }
}

/** The namespaces a file's useTranslation calls name (a string or an array of strings). */
function named(code: string): Set<string> {
  const found = new Set<string>();
  for (const call of code.matchAll(/useTranslation\(\s*(\[[^\]]*\]|'[^']*')/g)) for (const ns of call[1]!.matchAll(/'([A-Za-z]+)'/g)) found.add(ns[1]!);
  return found;
}

/**
 * A page namespace is not loaded with the signed-in app (issue 16's budget): it arrives when a component
 * names it in useTranslation. So a file that says `<ns>:key` of one must name it there, or its text would
 * show as a raw key on a screen that opened before anything else loaded the namespace.
 */
describe('page namespaces', () => {
  it('are named in the useTranslation of every file that says one of their keys', () => {
    const missing: string[] = [];
    for (const file of sources(src)) {
      // what the code says, not its comments
      const code = readFileSync(file, 'utf8')
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/^\s*\/\/.*$/gm, '');
      const has = named(code);
      for (const ns of pageNamespaces) {
        if (new RegExp(`['"\`]${ns}:[A-Za-z]`).test(code) && !has.has(ns)) missing.push(`${path.relative(src, file)} says ${ns}:…`);
      }
    }
    expect(missing).toEqual([]);
  });
});

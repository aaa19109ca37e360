import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { normalizeUzLatin, wrongUzApostrophes } from './uz-latin.js';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

function strings(value: unknown, at: string, out: [string, string][] = []): [string, string][] {
  if (typeof value === 'string') out.push([at, value]);
  else if (value && typeof value === 'object') for (const [key, inner] of Object.entries(value)) strings(inner, `${at}.${key}`, out);
  return out;
}

describe('Uzbek Latin apostrophes', () => {
  it('writes oʻ/gʻ with U+02BB and the tutuq belgisi with U+02BC, whatever was typed', () => {
    expect(normalizeUzLatin("O'zbekiston, Farg`ona, qo’shish, bo‘lim")).toBe('Oʻzbekiston, Fargʻona, qoʻshish, boʻlim');
    expect(normalizeUzLatin("ma'lumot, in’yeksiya, Mash`al")).toBe('maʼlumot, inʼyeksiya, Mashʼal');
    expect(normalizeUzLatin('maʻlumot, boʼlim')).toBe('maʼlumot, boʻlim');
    // quotes around words are not apostrophes
    expect(normalizeUzLatin("'Saqlash' tugmasi")).toBe("'Saqlash' tugmasi");
    expect(wrongUzApostrophes("Bo'lim va maʼlumot, oʻzgarish")).toEqual(["Bo'lim"]);
  });

  // every uz-Latn text the web app and the server show: the locale files of both
  const folders = ['apps/web/src/locales/uz-Latn', 'packages/contracts/locales/uz-Latn'];
  for (const folder of folders) {
    it(`${folder}: no ' \` ’ ‘ inside a word, oʻ/gʻ and ʼ only`, () => {
      const wrong: string[] = [];
      for (const file of readdirSync(path.join(repo, folder)).filter((f) => f.endsWith('.json'))) {
        for (const [key, text] of strings(JSON.parse(readFileSync(path.join(repo, folder, file), 'utf8')), file)) {
          for (const word of wrongUzApostrophes(text)) wrong.push(`${key}: ${word}`);
        }
      }
      expect(wrong).toEqual([]);
    });
  }

  it("the demo data's Uzbek Latin names (places, streets, organizations, categories) use the one style", () => {
    const wrong: string[] = [];
    for (const file of ['uzbekistan.ts', 'counterparties.ts', 'drugs.ts', 'demo.ts', 'stock.ts']) {
      const source = readFileSync(path.join(repo, 'apps/server/src/seed', file), 'utf8');
      for (const [, text] of source.matchAll(/"([^"\n]*)"/g)) {
        if (/Reddy's|product's/.test(text!)) continue; // English names keep their own apostrophe
        for (const word of wrongUzApostrophes(text!)) wrong.push(`${file}: ${word}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});

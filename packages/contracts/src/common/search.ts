import { searchKey } from './translit.js';

/*
 * Word-based search across scripts (decision 028). A record keeps searchText() of its searchable
 * texts; a query matches when every word of searchTerms(q) begins a word of that text. Names, words
 * and numbers are compared as searchKey() folds them, so "Аптека Плюс" is "Apteka Plus", "Клиника
 * Ибн" is "Клиника «Ибн Сино»", "Sogʻlom" is "Соғлом" and "Dorixona" is "Аптека".
 */

/** Words spelled differently for one thing (Russian, Uzbek, English): the first is the one they all stand for. */
const spellings = [
  ['аптека', 'dorixona', 'dorixonasi', 'pharmacy'],
  ['клиника', 'klinikasi', 'clinic'],
  ['поликлиника', 'poliklinikasi'],
  ['больница', 'shifoxona', 'shifoxonasi', 'kasalxona', 'kasalxonasi', 'hospital'],
  ['центр', 'markaz', 'markazi', 'center', 'centre'],
];

const vowels = 'aeiou';
const consonant = '[b-df-hj-np-tv-xz]';
/**
 * Folds within one word that searchKey() leaves apart: a "y" softening a vowel after a consonant
 * (Russian "плюс" is "plyus", Latin "Plus"; "Люкс" and "Lux") is dropped, and a "y" between
 * consonants is the vowel "i" ("Oxymed" and "Оксимед").
 */
const foldWord = (word: string) =>
  word.replace(new RegExp(`(${consonant})y(?=[${vowels}])`, 'g'), '$1').replace(new RegExp(`(${consonant})y(?![${vowels}])`, 'g'), '$1i');

/** The words of a text: searchKey(), split at anything that is not a letter or digit, letters apart from digits. */
function wordsOf(text: string): string[][] {
  const chunks = searchKey(text)
    .split(' ')
    .map((chunk) => (chunk.match(/[a-z]+|[0-9]+/g) ?? []).map((w) => (/^\d/.test(w) ? w : foldWord(w))));
  // "№12", "N12", "No 12", "Nr. 12", "#12": the number alone
  const flat = chunks.flat();
  let at = 0;
  return chunks
    .map((chunk) =>
      chunk.filter((w) => {
        const next = flat[++at];
        return !(['n', 'no', 'nr'].includes(w) && next !== undefined && /^\d/.test(next));
      }),
    )
    .filter((chunk) => chunk.length > 0);
}

const canonical = new Map<string, string>(
  spellings.flatMap((group) => {
    const [first] = wordsOf(group[0]!).flat();
    return group.flatMap((w) =>
      wordsOf(w)
        .flat()
        .map((folded) => [folded, first!] as [string, string]),
    );
  }),
);

/**
 * What a record keeps to be found: its words, the hyphenated ones also joined ("Dori-Darmon" is
 * found by "Доридармон"), and the word each common spelling stands for, between spaces
 * (" dorixona najot 1 apteka "). Never empty, so '' can mark a key to recompute.
 */
export function searchText(...texts: (string | null | undefined)[]): string {
  const words = new Set<string>();
  for (const chunk of texts.filter((t): t is string => !!t).flatMap(wordsOf)) {
    for (const w of chunk) words.add(w);
    if (chunk.length > 1) words.add(chunk.join(''));
  }
  for (const w of [...words]) {
    const c = canonical.get(w);
    if (c) words.add(c);
  }
  return ` ${[...words].join(' ')} `;
}

export type SearchTerms = { digits: string; words?: undefined } | { words: string[]; digits?: undefined };

/** At least this many digits make a query a phone or inn search. */
const minDigits = 4;

/**
 * A query as searched: digits alone (a phone or an inn in any formatting: "+998 (90) 123-45-67")
 * are looked for anywhere; otherwise each word must begin a word of the record (common spellings
 * asked for by the word they stand for). No words (only punctuation) finds nothing.
 */
export function searchTerms(q: string): SearchTerms {
  if (/^[\d\s+().-]+$/.test(q)) {
    const digits = q.replace(/\D/g, '');
    if (digits.length >= minDigits) return { digits };
  }
  const words = wordsOf(q)
    .flat()
    .map((w) => canonical.get(w) ?? w);
  return { words: [...new Set(words)] };
}

/**
 * Whether a record's search text (searchText() of its texts) answers the query, exactly as the
 * server's searchCondition() decides it in SQL: for records searched in memory (the staff of global
 * search, a few hundred rows kept without a search_key column).
 */
export function searchMatches(text: string, q: string): boolean {
  const terms = searchTerms(q);
  if (terms.digits !== undefined) return text.includes(terms.digits);
  return terms.words.length > 0 && terms.words.every((w) => text.includes(` ${w}`));
}

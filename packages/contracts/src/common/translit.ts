/**
 * Uzbek Latin ⇄ Cyrillic transliteration (the official 1995 alphabet) and a
 * script-neutral "search key" so that a name typed in either script, or in
 * Russian spelling, finds the same record.
 */
const latinToCyrillicPairs: [string, string][] = [
  ["yo'", 'йў'],
  ["o'", 'ў'],
  ["g'", 'ғ'],
  ['sh', 'ш'],
  ['ch', 'ч'],
  ['ts', 'ц'],
  ['yo', 'ё'],
  ['yu', 'ю'],
  ['ya', 'я'],
  ['ye', 'е'],
  ['a', 'а'],
  ['b', 'б'],
  ['d', 'д'],
  ['e', 'е'],
  ['f', 'ф'],
  ['g', 'г'],
  ['h', 'ҳ'],
  ['i', 'и'],
  ['j', 'ж'],
  ['k', 'к'],
  ['l', 'л'],
  ['m', 'м'],
  ['n', 'н'],
  ['o', 'о'],
  ['p', 'п'],
  ['q', 'қ'],
  ['r', 'р'],
  ['s', 'с'],
  ['t', 'т'],
  ['u', 'у'],
  ['v', 'в'],
  ['x', 'х'],
  ['y', 'й'],
  ['z', 'з'],
  ["'", 'ъ'],
];

const apostrophes = /[ʻʼ‘’`´]/g;

function matchCase(source: string, target: string): string {
  if (source === source.toLowerCase()) return target;
  if (source.length > 1 && source === source.toUpperCase()) return target.toUpperCase();
  return target.charAt(0).toUpperCase() + target.slice(1);
}

/** Uzbek Latin → Uzbek Cyrillic, keeping capitalisation. */
export function latinToCyrillic(text: string): string {
  const input = text.replace(apostrophes, "'");
  let out = '';
  let i = 0;
  while (i < input.length) {
    let matched = false;
    for (const [lat, cyr] of latinToCyrillicPairs) {
      const chunk = input.slice(i, i + lat.length);
      if (chunk.toLowerCase() === lat) {
        // "e" at the start of a word is "э" in Cyrillic.
        const atWordStart = i === 0 || /[\s\-(]/.test(input[i - 1]!);
        const target = lat === 'e' && atWordStart ? 'э' : cyr;
        out += matchCase(chunk.replace("'", ''), target);
        i += lat.length;
        matched = true;
        break;
      }
    }
    if (!matched) {
      out += input[i];
      i += 1;
    }
  }
  return out;
}

const cyrillicToLatinMap: Record<string, string> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  д: 'd',
  е: 'e',
  ё: 'yo',
  ж: 'j',
  з: 'z',
  и: 'i',
  й: 'y',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ф: 'f',
  х: 'x',
  ц: 'ts',
  ч: 'ch',
  ш: 'sh',
  щ: 'sh',
  ъ: "'",
  ы: 'i',
  ь: '',
  э: 'e',
  ю: 'yu',
  я: 'ya',
  ў: "o'",
  қ: 'q',
  ғ: "g'",
  ҳ: 'h',
};

/** Uzbek (or Russian) Cyrillic → Uzbek Latin, keeping capitalisation. */
export function cyrillicToLatin(text: string): string {
  let out = '';
  for (const ch of text) {
    const lower = ch.toLowerCase();
    const lat = cyrillicToLatinMap[lower];
    if (lat === undefined) out += ch;
    else out += ch === lower ? lat : matchCase('A', lat);
  }
  return out;
}

/**
 * A script-neutral key: lower case Latin with the letters that Uzbek, Russian
 * and Latin (drug names, INN) spell differently folded together: x/h/kh, q/k,
 * o'/u, g'/g, ts/s, c/s/k (c before e, i, y sounds s: "paracetamol" and
 * "парацетамол"), ph/f, th/t, ks/x ("amoxicillin" and "амоксициллин"), dj/j,
 * w/v, doubled letters as one, apostrophes dropped. Compare search keys, never
 * raw names.
 */
export function searchKey(text: string): string {
  return (
    cyrillicToLatin(text.toLowerCase())
      // doubled letters first as well, so "yye" and "йе" both come to "e" below
      .replace(/([a-z])\1+/g, '$1')
      .replace(apostrophes, "'")
      .replace(/ph/g, 'f')
      .replace(/th/g, 't')
      .replace(/ck/g, 'k')
      .replace(/c(?=[eiy])/g, 's')
      .replace(/c(?!h)/g, 'k')
      .replace(/kh/g, 'x')
      .replace(/h/g, 'x')
      .replace(/q/g, 'k')
      .replace(/o'/g, 'u')
      .replace(/g'/g, 'g')
      .replace(/ts/g, 's')
      .replace(/yo/g, 'e')
      .replace(/ye/g, 'e')
      .replace(/ks/g, 'x')
      .replace(/dj/g, 'j')
      .replace(/w/g, 'v')
      .replace(/'/g, '')
      .replace(/([a-z])\1+/g, '$1')
      .replace(/\s+/g, ' ')
      .trim()
  );
}

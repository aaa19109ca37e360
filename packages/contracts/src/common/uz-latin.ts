/**
 * Uzbek Latin has one apostrophe style (issue 13): the letters oʻ and gʻ take the turned comma U+02BB,
 * and the tutuq belgisi (the glottal stop: maʼlumot, inʼyeksiya) the modifier apostrophe U+02BC —
 * never ' ` ’ ‘ inside a word.
 */
export const uzOkina = '\u02BB';
export const uzTutuq = '\u02BC';

const apostropheLike = "['`’‘ʼʻ]";
const okinaLetter = new RegExp(`([OoGg])${apostropheLike}(?=\\p{L})`, 'gu');
const inWord = new RegExp(`(\\p{L})(['\`’‘ʻ])(?=\\p{L})`, 'gu');

/** The text with every in-word apostrophe written the one way: oʻ/gʻ, else ʼ. */
export function normalizeUzLatin(text: string): string {
  return text
    .replace(okinaLetter, `$1${uzOkina}`)
    .replace(inWord, (match, letter: string, mark: string) => (mark === uzOkina && /[OoGg]/.test(letter) ? match : `${letter}${uzTutuq}`));
}

/** The words of a text whose apostrophes are not the one style (empty when it is right). */
export function wrongUzApostrophes(text: string): string[] {
  const words = text.match(/[\p{L}'`’‘ʼʻ]+/gu) ?? [];
  return words.filter((word) => normalizeUzLatin(word) !== word || /^\p{L}*['`’‘]\p{L}/u.test(word));
}

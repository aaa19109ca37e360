import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { latinToCyrillic, searchTerms, searchText } from '../index.js';

/** Whether the query finds the text as the server matches it: every word begins a word of the text, or the digits are in it. */
function finds(q: string, ...texts: string[]) {
  const text = searchText(...texts);
  const terms = searchTerms(q);
  if (terms.digits !== undefined) return text.includes(terms.digits);
  return terms.words.length > 0 && terms.words.every((w) => text.includes(` ${w}`));
}

describe('word-based search across scripts', () => {
  it('keeps the words between spaces, punctuation dropped, hyphenated words also joined', () => {
    expect(searchText('Клиника «Ибн Сино» №57')).toBe(' klinika ibn sino 57 ');
    expect(searchText('Dori-Darmon')).toBe(' dori darmon doridarmon ');
    expect(searchText('')).toBe('  ');
  });

  it('finds by every word beginning a word of the name, in any order and script', () => {
    expect(finds('Клиника Ибн', 'Клиника «Ибн Сино» №57')).toBe(true);
    expect(finds('Sino Klinika 57', 'Клиника «Ибн Сино» №57')).toBe(true);
    expect(finds('Шифо', 'Аптека «Шифо» №3')).toBe(true);
    expect(finds('Аптека Плюс', 'Apteka Plus №12')).toBe(true);
    expect(finds('Фарм Люкс', 'Pharm Luxe')).toBe(true);
    expect(finds('Оксимед', 'Oxymed')).toBe(true);
    expect(finds('Доридармон', 'Dori-Darmon')).toBe(true);
    expect(finds('Apteka Shifo', 'Arzon Apteka')).toBe(false);
    expect(finds('Сино', 'Ибнсино')).toBe(false);
  });

  it('folds Uzbek letters and every apostrophe of oʻ and gʻ', () => {
    for (const q of ["Sog'lom", 'Sogʻlom', 'Sog`lom', 'Sog’lom', 'Sog‘lom', 'Соғлом', 'Соглом']) expect(finds(q, "Sog'lom hayot"), q).toBe(true);
    for (const q of ['Шаҳар кўп', "Shahar ko'p", 'Shahar koʻp', 'Шахар куп']) expect(finds(q, "Shahar ko'p tarmoqli shifoxonasi"), q).toBe(true);
    expect(finds('Қишлоқ', 'Qishloq vrachlik punkti')).toBe(true);
  });

  it('takes common spellings for one another: Аптека, Apteka, Dorixona; Клиника, Klinikasi; больница, shifoxona; центр, markaz', () => {
    expect(finds('Dorixona Shifo', 'Аптека «Шифо»')).toBe(true);
    expect(finds('Аптека Нажот', 'Dorixona «Najot»')).toBe(true);
    expect(finds('Zamzam apteka', 'Zamzam dorixonasi')).toBe(true);
    expect(finds('Ibn Sino klinikasi', 'Клиника «Ибн Сино»')).toBe(true);
    expect(finds('Shifoxona 5', 'Городская больница №5')).toBe(true);
    expect(finds('Перинатал центр', 'Perinatal markaz')).toBe(true);
    // a beginning still finds the word itself
    expect(finds('Dorix', 'Dorixona «Najot»')).toBe(true);
  });

  it('reads "№12", "N12", "No 12" and "#12" as the number', () => {
    for (const q of ['Plus №12', 'Plus N12', 'Plus No 12', 'Plus Nr. 12', 'Plus #12', 'Плюс Н12']) expect(searchTerms(q), q).toEqual({ words: ['plus', '12'] });
  });

  it('searches digits alone as a phone or inn in any formatting', () => {
    for (const q of ['+998 90 123-45-67', '(90) 123 45 67', '90.123.45.67', '901234567']) expect(finds(q, 'Apteka', '+998901234567'), q).toBe(true);
    expect(searchTerms('123')).toEqual({ words: ['123'] });
    expect(searchTerms('301234567')).toEqual({ digits: '301234567' });
    expect(searchTerms('«»№-')).toEqual({ words: [] });
  });

  it('finds any Uzbek Latin word by its Cyrillic spelling', () => {
    const word = fc.stringMatching(/^[A-Z][a-z]{2,10}$/).filter((w) => !/[cw]/i.test(w));
    fc.assert(fc.property(word, (w) => finds(latinToCyrillic(w), w) && finds(w, latinToCyrillic(w))));
  });
});

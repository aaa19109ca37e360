import { defaultLanguage, type Language } from './languages.js';

// Money on the screen and in documents: no zod here, so the login's money formatter weighs nothing (issue 16).

export const tiyinPerSum = 100;

/** How each language writes money and numbers (issue 13): Russian and both Uzbek "275 844,80", English "275,844.80". */
export const numberMarks: Record<Language, { group: string; decimal: string }> = {
  ru: { group: ' ', decimal: ',' },
  'uz-Latn': { group: ' ', decimal: ',' },
  'uz-Cyrl': { group: ' ', decimal: ',' },
  en: { group: ',', decimal: '.' },
};

/**
 * THE money formatter: tiyin → sum in the language's convention (default ru): 1234567 → "12 345,67"
 * ("12,345.67" in English); whole sums without decimals unless asked: 1234500 → "12 345".
 */
export function formatMoney(tiyin: number | null | undefined, opts: { alwaysDecimals?: boolean; lng?: Language } = {}): string {
  if (tiyin === null || tiyin === undefined || !Number.isFinite(tiyin)) return '0';
  const { group, decimal } = numberMarks[opts.lng ?? defaultLanguage];
  const negative = tiyin < 0;
  const abs = Math.abs(Math.trunc(tiyin));
  const whole = Math.floor(abs / tiyinPerSum)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, group);
  const cents = abs % tiyinPerSum;
  const frac = cents || opts.alwaysDecimals ? `${decimal}${String(cents).padStart(2, '0')}` : '';
  return `${negative ? '-' : ''}${whole}${frac}`;
}

/**
 * An amount typed in sum → tiyin; null when it is not an amount. Spaces group thousands in any language;
 * in English a comma groups and the point is decimal, elsewhere either comma or point is decimal
 * ("12 345,67", "12345.67", en "12,345.67").
 */
export function parseMoney(text: string, lng: Language = defaultLanguage): number | null {
  const spaced = text.replace(/[\s\u00a0\u202f]/g, '');
  const clean = lng === 'en' ? spaced.replace(/,/g, '') : spaced.replace(',', '.');
  const m = /^(\d+)(?:\.(\d{1,2}))?$/.exec(clean);
  if (!m) return null;
  const value = Number(m[1]) * tiyinPerSum + Number((m[2] ?? '').padEnd(2, '0'));
  return Number.isSafeInteger(value) ? value : null;
}

export const sumToTiyin = (sum: number) => Math.round(sum * tiyinPerSum);

import type { Language } from '@pharma/contracts';

/** Each language named in itself (never translated): the language menus of the header and of the sign-in screen. */
export const languageNames: Record<Language, string> = {
  ru: 'Русский',
  en: 'English',
  'uz-Latn': 'Oʻzbekcha',
  'uz-Cyrl': 'Ўзбекча',
};

/** The short name on the language switch's button. */
export const shortLanguageNames: Record<Language, string> = { ru: 'RU', en: 'EN', 'uz-Latn': 'UZ', 'uz-Cyrl': 'ЎЗ' };

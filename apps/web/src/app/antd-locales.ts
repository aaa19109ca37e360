import type { Locale } from 'antd/es/locale';
import ruRU from 'antd/es/locale/ru_RU';
import enUS from 'antd/es/locale/en_US';
import uzUZ from 'antd/es/locale/uz_UZ';
import { latinToCyrillic, type Language } from '@pharma/contracts';

type Tree = { [key: string]: unknown };

/** Kept as written while transliterating: template placeholders, OK, date formats, the locale code. */
const keep = /(\$\{[^}]+\}|\bOK\b|\bQR\b|YYYY|\bD\b|\bA\b)/g;
const untouched = new Set([
  'locale',
  'yearFormat',
  'dayFormat',
  'cellMeridiemFormat',
  'fieldDateFormat',
  'fieldDateTimeFormat',
  'fieldTimeFormat',
  'fieldMonthFormat',
  'fieldYearFormat',
  'fieldWeekFormat',
  'fieldQuarterFormat',
]);

function transliterate(text: string): string {
  return text
    .split(keep)
    .map((part, i) => (i % 2 === 1 ? part : latinToCyrillic(part)))
    .join('');
}

function deepMap(value: unknown, key = ''): unknown {
  if (typeof value === 'string') return untouched.has(key) ? value : transliterate(value);
  if (Array.isArray(value)) return value.map((item) => deepMap(item));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value as Tree).map(([k, v]) => [k, deepMap(v, k)]));
  }
  return value;
}

/** Dates in Uzbek fall back to English (spec §9): the pickers format with the en locale of dayjs. */
function withEnglishDates(locale: Locale): Locale {
  const datePicker = locale.DatePicker;
  const calendar = locale.Calendar;
  return {
    ...locale,
    DatePicker: datePicker ? { ...datePicker, lang: { ...datePicker.lang, locale: 'en_US' } } : datePicker,
    Calendar: calendar ? { ...calendar, lang: { ...calendar.lang, locale: 'en_US' } } : calendar,
  };
}

/** Fixes of the uz_UZ pack (a Russian sentence and a few misspellings), Latin script. */
function fixUzbek(locale: Locale): Locale {
  const form = locale.Form?.defaultValidateMessages;
  return {
    ...locale,
    Table: { ...locale.Table, cancelSort: 'Tartiblashni bekor qilish uchun bosing', expand: 'Qatorni yoyish', collapse: "Qatorni yig'ish" },
    Text: { ...locale.Text, expand: 'Yoyish', collapse: "Yig'ish" },
    Form: {
      ...locale.Form,
      defaultValidateMessages: {
        ...form,
        string: { ...form?.string, min: "${label} kamida ${min} ta belgidan iborat bo'lishi kerak" },
      },
    },
    DatePicker: locale.DatePicker ? { ...locale.DatePicker, lang: { ...locale.DatePicker.lang, week: 'Hafta', clear: 'Tozalash' } } : locale.DatePicker,
  };
}

const uzLatn: Locale = withEnglishDates(fixUzbek(uzUZ));

/** antd has no Uzbek Cyrillic pack: the Latin one, transliterated. */
const uzCyrl: Locale = { ...(deepMap(uzLatn) as Locale), locale: 'uz-cyrl' };

export const antdLocales: Record<Language, Locale> = {
  ru: ruRU,
  en: enUS,
  'uz-Latn': { ...uzLatn, locale: 'uz-latn' },
  'uz-Cyrl': uzCyrl,
};

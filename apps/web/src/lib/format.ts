import dayjs from 'dayjs';
import i18next from 'i18next';
import {
  dateFormat,
  defaultLanguage,
  formatMoney as formatMoneyIn,
  formatNumber as formatNumberIn,
  formatPhone,
  languages,
  numberMarks,
  parseMoney as parseMoneyIn,
  type Language,
} from '@pharma/contracts';

export { formatPhone };

/** The interface language now (the one i18next instance of the app). */
const language = (): Language => {
  const lng = i18next.resolvedLanguage ?? i18next.language;
  return (languages as readonly string[]).includes(lng) ? (lng as Language) : defaultLanguage;
};

/**
 * THE money formatter of the screens: tiyin in the interface language's convention ("275 844,80";
 * English "275,844.80"). Every screen that shows money calls this (or `<Money>`), and re-renders on a
 * language change through its useTranslation.
 */
export function formatMoney(tiyin: number | null | undefined, opts: { alwaysDecimals?: boolean } = {}): string {
  return formatMoneyIn(tiyin, { ...opts, lng: language() });
}

/** A number in the interface language's convention, as money is written: "12 345,5" (English "12,345.5"). */
export function formatNumber(value: number | string | null | undefined, fractionDigits = 0): string {
  const [whole, fraction] = formatNumberIn(value, fractionDigits).split('.');
  const { group, decimal } = numberMarks[language()];
  return `${whole!.replaceAll(' ', group)}${fraction === undefined ? '' : `${decimal}${fraction}`}`;
}

/** An amount typed in the interface language's convention → tiyin (null when it is not one). */
export const parseMoney = (text: string) => parseMoneyIn(text, language());

/** yyyy-MM-dd (spec §9); empty for no value. */
export function formatDate(value: string | Date | null | undefined): string {
  if (!value) return '';
  const d = dayjs(value);
  return d.isValid() ? d.format(dateFormat) : '';
}

export function formatDateTime(value: string | Date | null | undefined): string {
  if (!value) return '';
  const d = dayjs(value);
  return d.isValid() ? d.format(`${dateFormat} HH:mm`) : '';
}

/** HH:mm for a moment of today, the date and time otherwise ("as of 08:12"). */
export function formatTime(value: string | Date | null | undefined): string {
  if (!value) return '';
  const d = dayjs(value);
  if (!d.isValid()) return '';
  return d.isSame(dayjs(), 'day') ? d.format('HH:mm') : d.format(`${dateFormat} HH:mm`);
}

/** A percentage as typed (12, 12.5), without trailing zeros. */
export function formatPercent(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '';
  const text = Number.isInteger(value) ? formatNumber(value) : formatNumber(value, 2).replace(/0$/, '');
  return `${text} %`;
}

/** The copyright year shown in the footer and on the sign-in page (spec §1). */
export const copyrightYear = 2023;

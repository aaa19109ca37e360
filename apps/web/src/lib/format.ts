import dayjs from 'dayjs';
import { dateFormat, formatMoney, formatNumber, formatPhone } from '@pharma/contracts';

export { formatMoney, formatNumber, formatPhone };

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

/** A percentage as typed (12, 12.5), without trailing zeros. */
export function formatPercent(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '';
  const text = Number.isInteger(value) ? formatNumber(value) : formatNumber(value, 2).replace(/0$/, '');
  return `${text} %`;
}

/** The copyright year shown in the footer and on the sign-in page (spec §1). */
export const copyrightYear = 2023;

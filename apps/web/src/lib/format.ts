import dayjs from 'dayjs';
import { dateFormat, formatNumber, formatPhone } from '@pharma/contracts';

export { formatNumber, formatPhone };

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

/** The copyright year shown in the footer and on the sign-in page (spec §1). */
export const copyrightYear = 2023;

import dayjs from 'dayjs';
import { formatDateTime } from '../../../lib/format';

/** "2026-11-20 10:00 – 10:45"; the end's date too when it falls on another day. */
export function plannedRange(start: string, end: string): string {
  const s = dayjs(start);
  const e = dayjs(end);
  if (!s.isValid() || !e.isValid()) return formatDateTime(start);
  return `${formatDateTime(start)} – ${s.isSame(e, 'day') ? e.format('HH:mm') : formatDateTime(end)}`;
}

import dayjs from 'dayjs';
import { dateFormat, type VisitSummary } from '@pharma/contracts';
import { formatDateTime } from '../../lib/format';

/** yyyy-MM of a date. */
export const monthOf = (date: string) => date.slice(0, 7);

/** A valid yyyy-MM-dd, or undefined. */
export function validDate(value: string | undefined | null): string | undefined {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
  const d = dayjs(value, dateFormat);
  return d.isValid() && d.format(dateFormat) === value ? value : undefined;
}

/** A valid yyyy-MM, or undefined. */
export function validMonth(value: string | undefined | null): string | undefined {
  return value && /^\d{4}-(0[1-9]|1[0-2])$/.test(value) ? value : undefined;
}

/** The Monday of the week holding `date` (weeks start on Monday in Uzbekistan). */
export function weekStart(date: string): string {
  const d = dayjs(date);
  const offset = (d.day() + 6) % 7;
  return d.subtract(offset, 'day').format(dateFormat);
}

export function shiftDate(date: string, days: number): string {
  return dayjs(date).add(days, 'day').format(dateFormat);
}

/** The seven dates of the week starting on `monday`. */
export function weekDates(monday: string): string[] {
  return Array.from({ length: 7 }, (_, i) => shiftDate(monday, i));
}

/** The local date a visit is planned on. */
export const visitDate = (visit: Pick<VisitSummary, 'plannedStart'>) => dayjs(visit.plannedStart).format(dateFormat);

/** Visits grouped by their local date, in the list's order. */
export function groupByDate<V extends Pick<VisitSummary, 'plannedStart'>>(items: readonly V[]): { date: string; items: V[] }[] {
  const groups: { date: string; items: V[] }[] = [];
  for (const item of items) {
    const date = visitDate(item);
    const last = groups[groups.length - 1];
    if (last && last.date === date) last.items.push(item);
    else groups.push({ date, items: [item] });
  }
  return groups;
}

/**
 * The visit to go to now among the signed-in representative's own: the one in progress, else the
 * planned or overdue one whose start is nearest to now (an upcoming one wins a tie).
 */
export function nearestVisit<V extends Pick<VisitSummary, 'status' | 'plannedStart' | 'representativeId'>>(
  items: readonly V[],
  userId: number | undefined,
  now: number,
): V | null {
  const own = items.filter((v) => v.representativeId === userId);
  const running = own.find((v) => v.status === 'in_progress');
  if (running) return running;
  let best: V | null = null;
  let bestGap = Infinity;
  for (const v of own) {
    if (v.status !== 'planned' && v.status !== 'overdue') continue;
    const start = Date.parse(v.plannedStart);
    const gap = Math.abs(start - now) - (start >= now ? 0.5 : 0);
    if (gap < bestGap) {
      best = v;
      bestGap = gap;
    }
  }
  return best;
}

/** What the main screen calls the visit to go to: in progress, overdue (never "Next visit"), or next. */
export function nearestVisitTitle(visit: Pick<VisitSummary, 'status'>): 'inProgress' | 'overdue' | 'nearest' {
  if (visit.status === 'in_progress') return 'inProgress';
  if (visit.status === 'overdue') return 'overdue';
  return 'nearest';
}

/**
 * A visit's planned start–end: "2026-11-20 10:00 – 10:45"; the end's date too when it falls on another
 * day. `{ date: false }` leaves the start's date out where the day is already shown (a day's list):
 * "10:00 – 10:45".
 */
export function plannedRange(start: string, end: string, { date = true }: { date?: boolean } = {}): string {
  const s = dayjs(start);
  const e = dayjs(end);
  if (!s.isValid() || !e.isValid()) return formatDateTime(start);
  const from = date ? formatDateTime(start) : s.format('HH:mm');
  return `${from} – ${s.isSame(e, 'day') ? e.format('HH:mm') : formatDateTime(end)}`;
}

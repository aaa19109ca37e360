import { isoDate } from './validation.js';

/**
 * Business dates. The business time zone is Asia/Tashkent: UTC+5 all year (no
 * daylight saving since 1992), so a fixed offset is exact. Dates are `yyyy-MM-dd`
 * strings everywhere (spec §9); they compare correctly as strings.
 */
export const businessTimeZone = 'Asia/Tashkent';
const businessOffsetMs = 5 * 60 * 60 * 1000;
const dayMs = 24 * 60 * 60 * 1000;

/** The calendar date in Tashkent at the instant `now`. */
export function businessDate(now: Date = new Date()): string {
  return new Date(now.getTime() + businessOffsetMs).toISOString().slice(0, 10);
}

const toUtcMs = (date: string) => Date.parse(`${date}T00:00:00Z`);

/** `date` moved by `days` calendar days (negative goes back). */
export function addDays(date: string, days: number): string {
  return new Date(toUtcMs(date) + days * dayMs).toISOString().slice(0, 10);
}

/** Whole calendar days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((toUtcMs(to) - toUtcMs(from)) / dayMs);
}

/** A real calendar date as yyyy-MM-dd (rejects 2025-02-30). */
export const calendarDate = isoDate.refine((v) => !Number.isNaN(toUtcMs(v)) && new Date(toUtcMs(v)).toISOString().startsWith(v), {
  error: 'invalidDate',
});

/** Optional from/to filter of a list; `to` may not be earlier than `from`. */
export const dateRangeFields = {
  from: calendarDate.optional(),
  to: calendarDate.optional(),
};
export const endNotBeforeStart = <T extends { from?: string; to?: string }>(v: T) => !v.from || !v.to || v.to >= v.from;

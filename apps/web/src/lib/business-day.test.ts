import { afterEach, describe, expect, it, vi } from 'vitest';
import { msToNextBusinessDay, watchBusinessDay } from './business-day';

describe('the business day (Asia/Tashkent) changes at midnight', () => {
  afterEach(() => vi.useRealTimers());

  it('measures the time to the next Tashkent midnight', () => {
    // 23:59:00 in Tashkent is 18:59:00 UTC
    expect(msToNextBusinessDay(new Date('2026-11-25T18:59:00Z'))).toBe(60_000);
    expect(msToNextBusinessDay(new Date('2026-11-25T19:00:00Z'))).toBe(24 * 3_600_000);
    // 09:00 in Tashkent
    expect(msToNextBusinessDay(new Date('2026-11-26T04:00:00Z'))).toBe(15 * 3_600_000);
  });

  it('tells the new date at 00:00 Tashkent, and again the next midnight, not before', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-25T18:58:30Z'));
    const dates: string[] = [];
    const stop = watchBusinessDay((date) => dates.push(date));
    vi.advanceTimersByTime(89_000);
    expect(dates).toEqual([]);
    vi.advanceTimersByTime(2_000);
    expect(dates).toEqual(['2026-11-26']);
    vi.advanceTimersByTime(24 * 3_600_000);
    expect(dates).toEqual(['2026-11-26', '2026-11-27']);
    stop();
    vi.advanceTimersByTime(48 * 3_600_000);
    expect(dates).toHaveLength(2);
  });
});

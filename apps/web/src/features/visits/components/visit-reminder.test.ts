import { describe, expect, it } from 'vitest';
import { minutesUntil, reminderStillDue } from './visit-reminder';

const start = '2026-03-10T09:00:00+05:00';
const at = (minutesBefore: number) => Date.parse(start) - minutesBefore * 60_000;

describe('minutesUntil', () => {
  it('counts whole minutes up, and 0 once the visit is due or the start unreadable', () => {
    expect(minutesUntil(start, at(10))).toBe(10);
    expect(minutesUntil(start, at(9.5))).toBe(10);
    expect(minutesUntil(start, at(0.2))).toBe(1);
    expect(minutesUntil(start, at(0))).toBe(0);
    expect(minutesUntil(start, at(-3))).toBe(0);
    expect(minutesUntil('not a date', at(10))).toBe(0);
  });
});

describe('reminderStillDue', () => {
  it('shows a reminder until its visit began longer ago than the lead time', () => {
    expect(reminderStillDue(start, at(15))).toBe(true);
    expect(reminderStillDue(start, at(0))).toBe(true);
    expect(reminderStillDue(start, at(-15))).toBe(true);
    expect(reminderStillDue(start, at(-16))).toBe(false);
    expect(reminderStillDue('not a date', at(10))).toBe(false);
  });
});

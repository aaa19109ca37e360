import { describe, expect, it } from 'vitest';
import type { VisitSummary } from '@pharma/contracts';
import { groupByDate, nearestVisit, nearestVisitTitle, plannedRange, validDate, validMonth, weekDates, weekStart } from './visit-dates';

const v = (id: number, status: VisitSummary['status'], plannedStart: string, representativeId = 1) => ({ id, status, plannedStart, representativeId });

describe('planning dates', () => {
  it('finds the Monday of a week and its seven days', () => {
    expect(weekStart('2026-03-11')).toBe('2026-03-09'); // a Wednesday
    expect(weekStart('2026-03-09')).toBe('2026-03-09'); // Monday itself
    expect(weekStart('2026-03-15')).toBe('2026-03-09'); // Sunday belongs to the week before it
    expect(weekDates('2026-12-28')).toEqual(['2026-12-28', '2026-12-29', '2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02', '2027-01-03']);
  });

  it('accepts only real dates and months from the address bar', () => {
    expect(validDate('2026-02-28')).toBe('2026-02-28');
    expect(validDate('2026-02-30')).toBeUndefined();
    expect(validDate('yesterday')).toBeUndefined();
    expect(validMonth('2026-12')).toBe('2026-12');
    expect(validMonth('2026-13')).toBeUndefined();
  });

  it('groups a sorted list by day', () => {
    const groups = groupByDate([v(1, 'planned', '2026-03-09T09:00:00'), v(2, 'planned', '2026-03-09T11:00:00'), v(3, 'planned', '2026-03-10T09:00:00')]);
    expect(groups.map((g) => [g.date, g.items.map((i) => i.id)])).toEqual([
      ['2026-03-09', [1, 2]],
      ['2026-03-10', [3]],
    ]);
  });
});

describe('nearestVisit', () => {
  const now = Date.parse('2026-03-09T12:00:00Z');
  it('prefers the visit in progress', () => {
    const items = [v(1, 'planned', '2026-03-09T12:05:00Z'), v(2, 'in_progress', '2026-03-09T08:00:00Z')];
    expect(nearestVisit(items, 1, now)?.id).toBe(2);
  });
  it('else the planned or overdue one nearest to now, upcoming on a tie, own visits only', () => {
    const items = [
      v(1, 'planned', '2026-03-09T15:00:00Z'),
      v(2, 'overdue', '2026-03-09T11:00:00Z'),
      v(3, 'planned', '2026-03-09T13:00:00Z'),
      v(4, 'completed', '2026-03-09T12:00:00Z'),
      v(5, 'planned', '2026-03-09T12:01:00Z', 2),
    ];
    expect(nearestVisit(items, 1, now)?.id).toBe(3);
    expect(nearestVisit(items.slice(0, 2), 1, now)?.id).toBe(2);
    expect(nearestVisit(items, 9, now)).toBeNull();
    expect(nearestVisit([v(4, 'completed', '2026-03-09T12:00:00Z')], 1, now)).toBeNull();
  });
});

describe('the visit to go to on the main screen (issue 13)', () => {
  it('calls an overdue visit overdue, never "Next visit"', () => {
    expect(nearestVisitTitle({ status: 'overdue' })).toBe('overdue');
    expect(nearestVisitTitle({ status: 'planned' })).toBe('nearest');
    expect(nearestVisitTitle({ status: 'in_progress' })).toBe('inProgress');
  });
});

describe('plannedRange: the one start–end of a visit', () => {
  it('writes the start with its date and the end as a time on the same day, with its date on another', () => {
    expect(plannedRange('2026-11-20T10:00:00', '2026-11-20T10:45:00')).toBe('2026-11-20 10:00 – 10:45');
    expect(plannedRange('2026-11-20T23:30:00', '2026-11-21T00:15:00')).toBe('2026-11-20 23:30 – 2026-11-21 00:15');
  });
  it("leaves the start's date out where the day is already shown, never the date of an end on another day", () => {
    expect(plannedRange('2026-11-20T10:00:00', '2026-11-20T10:45:00', { date: false })).toBe('10:00 – 10:45');
    expect(plannedRange('2026-11-20T23:30:00', '2026-11-21T00:15:00', { date: false })).toBe('23:30 – 2026-11-21 00:15');
  });
});
